import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';
import { request } from '../api/request';

/** Demo mode (issue 13): whether the portal is the public demo, the demo session and the contact form. */
export const demoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDemo: build.query<ResponseOf<'getDemo'>, void>({ query: () => request('getDemo') }),
    startDemoSession: build.mutation<ResponseOf<'startDemoSession'>, void>({
      query: () => request('startDemoSession'),
    }),
    sendDemoContact: build.mutation<void, BodyOf<'sendDemoContact'>>({
      query: (body) => request('sendDemoContact', { body }),
    }),
  }),
});

export const { useGetDemoQuery, useStartDemoSessionMutation, useSendDemoContactMutation } = demoApi;

/** The shared demo user (core/demo); its stored settings are not applied to a visitor's browser. */
export const demoUserEmail = 'demo@demo.example';

export interface DemoState {
  enabled: boolean;
  /** Where the demo sends every route it does not show: the managed dashboard of cluster 42, server 1. */
  target?: string;
}

/** The demo state (one request per app start, cached). */
export function useDemo(): DemoState {
  const { data } = useGetDemoQuery();
  if (!data?.enabled) return { enabled: false };
  return {
    enabled: true,
    target: data.clusterId && data.serverId ? `/clusters/${data.clusterId}/servers/${data.serverId}/managed/dashboard` : undefined,
  };
}

/**
 * Routes a demo visitor may open (§4 Display): the dashboard and the Managed Center pages — a server's
 * incident timeline is one of them (read-only like the rest). Query and hash do not matter.
 */
export function demoAllows(path: string): boolean {
  const pathname = path.replace(/[?#].*$/, '');
  return pathname === '/' || pathname === '/logout' || /^\/clusters\/\d+\/servers\/\d+\/(managed|incidents)(\/|$)/.test(pathname);
}

/**
 * Whether the web app offers a link to a path: in demo mode only what `demoAllows` (the top navigation,
 * the spotlight and the user menu must not offer routes the demo redirects away from); otherwise all.
 */
export function useOffersRoute(): (path: string) => boolean {
  const enabled = useGetDemoQuery().data?.enabled === true;
  return enabled ? demoAllows : offerAll;
}
const offerAll = () => true;
