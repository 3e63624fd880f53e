import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { sessionApi } from '../api/session';
import { signedIn } from '../auth/authSlice';
import { useAppDispatch, useAppSelector } from '../store';
import { demoAllows, useDemo, useStartDemoSessionMutation } from './api';
import { demoContactEvent, demoTourEvent, openDemoContact, startDemoTour } from './events';

const ContactDialog = lazy(() => import('./ContactDialog'));

/**
 * The demo mode's part of the shell (issue 13, §4 Display): signs a visitor in as the demo user
 * (a fresh session each), sends every route but the dashboard and the Managed Center to cluster 42,
 * server 1, starts the tour on the first visit of the Managed Center and hosts the contact dialog.
 * Renders nothing outside demo mode.
 */
export function DemoMode() {
  const demo = useDemo();
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.auth.status);
  const location = useLocation();
  const [start] = useStartDemoSessionMutation();
  const [contactOpen, setContactOpen] = useState(false);
  const navigate = useNavigate();
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
    // The tour runs on the demo server's dashboard; from any other page it goes there first.
    const tour = () => void import('./tour').then((m) => m.runDemoTour({ navigate, dashboard: demo.target }));
    window.addEventListener(demoContactEvent, open);
    window.addEventListener(demoTourEvent, tour);
    return () => {
      window.removeEventListener(demoContactEvent, open);
      window.removeEventListener(demoTourEvent, tour);
    };
  }, [navigate, demo.target]);

  // First visit (R2.095): wherever the visitor arrives — the dashboard at /a/ too, not only the Managed Center
  // (issue 31, finding 4) — once signed in as the demo user.
  useEffect(() => {
    if (!demo.enabled || status !== 'authenticated' || !demo.target || localStorage.getItem('portal.demoTourSeen')) return;
    startDemoTour();
  }, [demo.enabled, status, demo.target]);

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

/** The demo's top-bar buttons: restart the tour, contact form. */
export function DemoTopBarActions() {
  const { t } = useTranslation('demo');
  const demo = useDemo();
  if (!demo.enabled) return null;
  return (
    <>
      <Button color="inherit" startIcon={<HelpOutlineIcon />} onClick={startDemoTour} title={t('tour.buttonLabel')} data-testid="demo-tour-button" sx={{ whiteSpace: 'nowrap' }}>
        {t('tour.button')}
      </Button>
      <Button color="inherit" variant="outlined" startIcon={<MailOutlineIcon />} onClick={openDemoContact} data-testid="demo-contact-button" sx={{ whiteSpace: 'nowrap' }}>
        {t('contact.button')}
      </Button>
    </>
  );
}
