import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSessionMonitor } from '../auth/useSessionMonitor';
import MaintenancePage from '../pages/MaintenancePage';
import { useAppSelector } from '../store';
import { Alerts } from '../ui/Alerts';
import { detectBrowser, isOutdated } from './browserSupport';
import { ChunkLoadWarning } from './ChunkLoadWarning';
import { Footer } from './Footer';
import { BrowserSupportModal, ImpersonationBanner, LoginModal, preloadLoginModal, SignedInEffects } from './lazyParts';
import { PageLoading } from './PageLoading';
import { TopBar } from './TopBar';
import { DemoModeHook } from '../demo/DemoShell';
import { useMaintenanceCheck } from './useMaintenanceCheck';

const outdatedBrowser = typeof navigator !== 'undefined' && isOutdated(detectBrowser(navigator.userAgent));

/**
 * The frame of every page: top bar, notices, the page in a fixed or fluid container, footer. What only a
 * signed-in user needs (banner, real-time channel, the login modal of a lost session) is fetched when the
 * session is there (issue 14): the sign-in page does not load it.
 */
export function Shell() {
  const { t } = useTranslation();
  useSessionMonitor();
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const lost = useAppSelector((s) => s.auth.lost);
  useEffect(() => {
    if (signedIn) preloadLoginModal();
  }, [signedIn]);
  const container = useAppSelector((s) => s.display.container);
  const maintenance = useAppSelector((s) => s.ui.maintenance);
  useMaintenanceCheck();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }} data-container={container}>
      <Link
        href="#main"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 16, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('skipToContent')}
      </Link>
      {signedIn && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
          <SignedInEffects />
        </Suspense>
      )}
      <TopBar />
      <Alerts />
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth={container === 'wrapped' ? 'lg' : false}
        sx={{ flexGrow: 1, py: 3, outline: 'none' }}
      >
        {maintenance ? (
          <MaintenancePage />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        )}
      </Container>
      <Footer />
      {lost && <LoginModal />}
      {outdatedBrowser && (
        <Suspense fallback={null}>
          <BrowserSupportModal />
        </Suspense>
      )}
      <ChunkLoadWarning />
      {/* Demo mode (issue 13): demo session, route restriction, tour and contact form; nothing otherwise. */}
      <DemoModeHook />
    </Box>
  );
}
