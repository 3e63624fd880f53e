import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { afterLoginTarget } from './afterLogin';
import { toLoginPage } from './loginHandOff';
import { useGetMeQuery } from '../api/session';
import NotFoundPage from '../pages/NotFoundPage';
import { PageLoading } from '../shell/PageLoading';
import { useAppSelector } from '../store';
import { useGetDemoQuery } from '../demo/api';

/** Authenticated routes (§5): anonymous visitors go to the login page and come back afterwards. */
export function RequireAuth() {
  const status = useAppSelector((s) => s.auth.status);
  const location = useLocation();
  // Demo mode (issue 13): a visitor is being signed in as the demo user instead of going to the login page.
  const demo = useGetDemoQuery();
  if (status === 'unknown' || (status === 'anonymous' && (demo.isLoading || demo.data?.enabled))) return <PageLoading />;
  if (status === 'anonymous') return <ToLoginPage from={location.pathname + location.search} />;
  return <Outlet />;
}

/** Leaves the SPA for the lean sign-in page (`/a/login`, a full page load) and comes back to `from` afterwards. */
function ToLoginPage({ from }: { from: string }) {
  useEffect(() => toLoginPage({ from }), [from]);
  return <PageLoading />;
}

/** Not-yet-authenticated routes (§5): a signed-in user goes to the dashboard. */
export function GuestOnly() {
  const { status, lost } = useAppSelector((s) => s.auth);
  const location = useLocation();
  if (status === 'unknown') return <PageLoading />;
  if (status === 'authenticated' && !lost) return <Navigate to={afterLoginTarget(location.state)} replace />;
  return <Outlet />;
}

/** Partner-manager routes (§5): everybody else sees the not-found page. */
export function RequirePartner() {
  const { data: me, isLoading } = useGetMeQuery();
  if (isLoading) return <PageLoading />;
  if (!me?.isPartner) return <NotFoundPage />;
  return <Outlet />;
}
