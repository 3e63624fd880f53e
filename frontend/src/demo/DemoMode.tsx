import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { sessionApi } from '../api/session';
import { signedIn } from '../auth/authSlice';
import { useAppDispatch, useAppSelector } from '../store';
import { demoAllows, useDemo, useStartDemoSessionMutation } from './api';
import { demoContactEvent, openDemoContact } from './events';

const ContactDialog = lazy(() => import('./ContactDialog'));

/** Remembers that this browser saw the introduction tour (as `tour.ts`; the tour itself is a chunk of its own). */
const tourSeenKey = 'portal.demoTourSeen';

/**
 * Starts the introduction tour: it runs on the demo server's dashboard, so from another page it goes there first.
 * Called directly by whoever starts it (no window event: a click could come before a listener was registered).
 */
function useDemoTour(): () => void {
  const navigate = useNavigate();
  const { target } = useDemo();
  return useCallback(() => void import('./tour').then((m) => m.runDemoTour({ navigate, dashboard: target })), [navigate, target]);
}

/**
 * The demo mode's part of the shell (issue 13, §4 Display): signs a visitor in as the demo user
 * (a fresh session each), sends every route but the dashboard and the Managed Center to cluster 42,
 * server 1, starts the tour on the first visit and hosts the contact dialog.
 * Renders nothing outside demo mode.
 */
export function DemoMode() {
  const demo = useDemo();
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.auth.status);
  const location = useLocation();
  const [start] = useStartDemoSessionMutation();
  const [contactOpen, setContactOpen] = useState(false);
  const { i18n } = useTranslation();
  // The visitor's own language on the page (the shared demo user's stored one is not applied).
  useEffect(() => {
    document.documentElement.lang = i18n.resolvedLanguage ?? 'de';
  }, [i18n.resolvedLanguage]);

  useEffect(() => {
    if (!demo.enabled || status !== 'anonymous') return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const begin = () =>
      void start()
        .unwrap()
        .then((session) => {
          dispatch(signedIn());
          dispatch(sessionApi.util.upsertQueryData('getMe', undefined, session.user));
        })
        // A failed start (rate limit, network) is tried again; the page shows "loading" meanwhile.
        .catch(() => {
          retry = setTimeout(begin, 3000);
        });
    begin();
    return () => clearTimeout(retry);
  }, [demo.enabled, status, start, dispatch]);

  useEffect(() => {
    const open = () => setContactOpen(true);
    window.addEventListener(demoContactEvent, open);
    return () => window.removeEventListener(demoContactEvent, open);
  }, []);

  // First visit (R2.095): wherever the visitor arrives — the dashboard at /a/ too, not only the Managed Center
  // (issue 31, finding 4) — once signed in as the demo user.
  const tour = useDemoTour();
  useEffect(() => {
    if (!demo.enabled || status !== 'authenticated' || !demo.target || localStorage.getItem(tourSeenKey)) return;
    tour();
  }, [demo.enabled, status, demo.target, tour]);

  if (!demo.enabled) return null;
  return (
    <>
      {demo.target && !demoAllows(location.pathname) && <Navigate to={demo.target} replace />}
      {contactOpen && (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The demo's top-bar buttons: restart the tour, contact form. Below `md` only their icons (the name stays the
 * accessible name): with their words the phone's top bar ran its controls into each other (issue 31, finding 10).
 */
export function DemoTopBarActions() {
  const { t } = useTranslation('demo');
  const demo = useDemo();
  const tour = useDemoTour();
  if (!demo.enabled) return null;
  const compact = {
    whiteSpace: 'nowrap',
    minWidth: { xs: 0, md: 64 },
    px: { xs: 1, md: 1.5 },
    '& .MuiButton-startIcon': { ml: { xs: 0, md: -0.5 }, mr: { xs: 0, md: 1 } },
  } as const;
  const label = { display: { xs: 'none', md: 'inline' } } as const;
  return (
    <>
      <Button
        color="inherit"
        startIcon={<HelpOutlineIcon />}
        onClick={tour}
        aria-label={t('tour.button')}
        title={t('tour.buttonLabel')}
        data-testid="demo-tour-button"
        sx={compact}
      >
        <Box component="span" sx={label}>
          {t('tour.button')}
        </Box>
      </Button>
      <Button
        color="inherit"
        variant="outlined"
        startIcon={<MailOutlineIcon />}
        onClick={openDemoContact}
        aria-label={t('contact.button')}
        data-testid="demo-contact-button"
        sx={compact}
      >
        <Box component="span" sx={label}>
          {t('contact.button')}
        </Box>
      </Button>
    </>
  );
}
