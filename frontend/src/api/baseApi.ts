import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ErrorResponse } from '@portal/openapi';
import { sessionLost } from '../auth/authSlice';
import { clientId } from '../realtime/clientId';
import { reportError } from '../monitoring/errorReporting';
import { maintenanceStarted } from '../ui/uiSlice';
import { coreOperations } from '../generated/coreOperations';

/** Reads a cookie that the server made readable for scripts (`portal_logged_in`, `portal_csrf`). */
export function readCookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1];
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    const csrf = readCookie('portal_csrf');
    if (csrf) headers.set('X-CSRF-Token', csrf);
    headers.set('Accept', 'application/json');
    headers.set('X-Client-Id', clientId);
    return headers;
  },
});

/** The error body of the contract, when the server sent one. */
export const apiError = (error: unknown): ErrorResponse['error'] | undefined =>
  (error as { data?: ErrorResponse } | undefined)?.data?.error;

/**
 * Every call goes through here: a 401 on a non-session call means the session is gone (the login
 * modal takes over, §4), a 503 `maintenance` switches the app to the maintenance page.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  // Server rendering (issue 29) answers in process, under the page request's session.
  const result = await ((api.extra as { baseQuery?: typeof rawBaseQuery } | undefined)?.baseQuery ?? rawBaseQuery)(args, api, extra);
  const error = result.error;
  if (error?.status === 503 && apiError(error)?.code === 'maintenance') api.dispatch(maintenanceStarted());
  const url = typeof args === 'string' ? args : args.url;
  // The sign-in calls (under the path of `login`) answer 401 for a wrong password or code: not a lost session.
  if (error?.status === 401 && !url.startsWith(coreOperations.login.path)) api.dispatch(sessionLost());
  // Issue 31 (§8 R8.034): a failed call is reported with its status — never 422, 404, 403, 401 (the reporter
  // refuses them) — except the states of operation (maintenance, 503) and a browser without network.
  if (typeof error?.status === 'number' && error.status !== 503)
    reportError(new Error(`API ${api.endpoint} answered ${error.status} ${apiError(error)?.message ?? ''}`.trim()), {
      status: error.status,
      tags: { endpoint: api.endpoint },
    });
  return result;
};

/** The one RTK Query API; each module injects its endpoints (typed from the OpenAPI contract). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Clusters',
    'Permissions',
    'Invitation',
    'Impersonation',
    'TwoFactor',
    'RecoveryPhone',
    'Sessions',
    'PersonalAccessTokens',
    'Profile',
    'TechnicalNotifications',
    'Customers',
    'CustomerTeam',
    'CustomerPayment',
    'CustomerHandles',
    'CustomerDocuments',
    'CustomerDpa',
  ],
  endpoints: () => ({}),
});
