import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readCookie } from '../api/baseApi';
import { sessionApi, useRefreshSessionMutation } from '../api/session';
import { useAppDispatch, useAppSelector } from '../store';
import { afterLoginTarget } from './afterLogin';
import { applyUserSettings } from './applyUser';
import { sessionLost, signedIn, signedOut } from './authSlice';
import { toLoginPage } from './loginHandOff';

/** Spec §9: login state poll and session refresh. */
export const AUTH_POLL_MS = 1500;
export const REFRESH_MS = 15 * 60 * 1000;

const loggedInCookie = () => readCookie('portal_logged_in') === '1';
const consentBannerVisible = () => !!document.querySelector('[data-consent-banner]');

/**
 * Asks the server who is signed in, once on start, and only when the browser says somebody is (a user with id 0
 * is logged out). Runs above the router (App), so the request does not wait until the first route's chunk and
 * translations have arrived — the data router renders nothing before that (issue 14).
 */
export function useSessionStart(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.auth.status);
  // Start: ask the server only when the browser says we are signed in.
  useEffect(() => {
    if (status !== 'unknown') return;
    if (!loggedInCookie()) {
      dispatch(signedOut());
      return;
    }
    const request = dispatch(sessionApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    request
      .unwrap()
      .then(async (me) => {
        if (me.id === 0) {
          await dispatch(sessionApi.endpoints.logout.initiate())
            .unwrap()
            .catch(() => undefined);
          dispatch(signedOut());
          return;
        }
        applyUserSettings(dispatch, me);
        dispatch(signedIn());
      })
      .catch(() => dispatch(signedOut()));
    return () => request.unsubscribe();
  }, [status, dispatch]);
}

/**
 * Keeps the app's idea of "signed in" true (§4 Authentication) after the start (`useSessionStart`): polls the readable login cookie every 1500 ms, refreshes the session every
 * 15 minutes, and reacts when the session is lost or regained.
 */
export function useSessionMonitor(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.auth.status);
  const lost = useAppSelector((s) => s.auth.lost);
  const navigate = useNavigate();
  const location = useLocation();
  const onLogin = location.pathname === '/login';
  const [refresh] = useRefreshSessionMutation();
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;

  // The 1500 ms poll of the login cookie.
  useEffect(() => {
    const timer = setInterval(() => {
      const cookie = loggedInCookie();
      if (status === 'authenticated' && !cookie && !lost && pathRef.current !== '/login') dispatch(sessionLost());
      if (status === 'anonymous' && cookie && pathRef.current === '/login') {
        // Signed in in another tab: regaining login on the login page goes to the dashboard.
        dispatch(sessionApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }))
          .unwrap()
          .then((me) => {
            applyUserSettings(dispatch, me);
            dispatch(signedIn());
            navigate('/', { replace: true });
          })
          .catch(() => undefined);
      }
    }, AUTH_POLL_MS);
    return () => clearInterval(timer);
  }, [status, lost, dispatch, navigate]);

  // Lost while a consent banner is visible: the login page instead of the modal.
  useEffect(() => {
    if (lost && consentBannerVisible()) {
      dispatch(signedOut());
      toLoginPage({ from: pathRef.current });
    }
  }, [lost, dispatch]);

  // The session refresh every 15 minutes.
  useEffect(() => {
    if (status !== 'authenticated' || lost) return;
    const timer = setInterval(
      () =>
        void refresh()
          .unwrap()
          .catch(() => undefined),
      REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [status, lost, refresh]);

  // A signed-in user on the login page goes to the dashboard.
  useEffect(() => {
    if (onLogin && status === 'authenticated' && !lost) navigate(afterLoginTarget(location.state), { replace: true });
  }, [onLogin, status, lost, navigate, location.state]);
}
