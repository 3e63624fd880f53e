import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoginModal } from '../auth/LoginModal';
import { useSessionMonitor } from '../auth/useSessionMonitor';
import MaintenancePage from '../pages/MaintenancePage';
import { useRealtime } from '../realtime/useRealtime';
import { useAppSelector } from '../store';
import { Alerts } from '../ui/Alerts';
import { BrowserSupportModal } from './BrowserSupportModal';
import { ChunkLoadWarning, ChunkLoadWarningShown } from './ChunkLoadWarning';
import { Footer } from './Footer';
import { ImpersonationBanner } from './ImpersonationBanner';
import { PageLoading } from './PageLoading';
import { TopBar } from './TopBar';
import { DemoModeHook, DemoReadOnly } from '../demo/DemoShell';
import { Monitoring } from '../monitoring/Monitoring';
import { HydrationMarker } from '../ssr/HydrationMarker';
import { NavigationMarker } from './NavigationMarker';

/** The frame of every page: top bar, notices, the page in a fixed or fluid container, footer. */
export function Shell() {
  const { t } = useTranslation();
  useSessionMonitor();
  useRealtime();
  const container = useAppSelector((s) => s.display.container);
  const maintenance = useAppSelector((s) => s.ui.maintenance);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }} data-container={container}>
      <Link
        href="#main"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 16, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('skipToContent')}
      </Link>
      <ImpersonationBanner />
      <TopBar />
      <Alerts />
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth={container === 'wrapped' ? 'lg' : false}
        // At least a screen high: the footer starts below the fold, so a page whose content arrives after its
        // first paint never pushes a visible footer down (layout shift, issue 14).
        sx={{ flexGrow: 1, py: 3, outline: 'none', minHeight: '100vh' }}
      >
        {maintenance ? (
          <>
            <MaintenancePage />
            <HydrationMarker />
          </>
        ) : (
          <Suspense fallback={<PageLoading />}>
            {/* Demo mode (issue 13): the pages show writes disabled with a hint (the SDK's read-only web kit). */}
            <DemoReadOnly>
              <ChunkLoadWarningShown value>
                <Outlet />
              </ChunkLoadWarningShown>
            </DemoReadOnly>
            <HydrationMarker />
            <NavigationMarker />
          </Suspense>
        )}
      </Container>
      <Footer />
      <LoginModal />
      <BrowserSupportModal />
      <ChunkLoadWarning />
      {/* Demo mode (issue 13): demo session, route restriction, tour and contact form; nothing otherwise. */}
      <DemoModeHook />
      {/* Issue 31: error reporting and, when configured, the analytics consent banner; nothing without configuration. */}
      <Monitoring />
    </Box>
  );
}
