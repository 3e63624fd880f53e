import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import { managedApi } from '@portal/plugin-sdk/web';

export interface ServerArgs {
  clusterId: number;
  serverId: number;
}

const base = ({ clusterId, serverId }: ServerArgs) => `api/v1/clusters/${clusterId}/servers/${serverId}/nginx`;

export type Vhost = ResponseOf<'getNginxVhost'>;
export type VhostInput = BodyOf<'createNginxVhost'>;
export type Redirect = ResponseOf<'createNginxRedirect'>;
export type RedirectInput = BodyOf<'createNginxRedirect'>;
export type Authentication = ResponseOf<'createNginxAuthentication'>;
export type AuthenticationInput = BodyOf<'createNginxAuthentication'>;
export type Certificate = ResponseOf<'listNginxCertificates'>['data'][number];
export type NginxStatus = ResponseOf<'getNginxStatus'>;
export type ConfigView = ResponseOf<'getNginxConfig'>;
export type LogPage = ResponseOf<'listNginxLogEntries'>;
export type LogEntry = LogPage['data'][number];
export type LogKind = 'access' | 'error';
export type LogQuery = QueryOf<'listNginxLogEntries'>;

/** Everything the desired state feeds: a change to it makes all of these stale. */
const desired = ['NginxVhosts', 'NginxRedirects', 'NginxAuthentications', 'NginxConfig', 'NginxStatus'] as const;

/** The section's endpoints on the Managed Center's API. */
export const nginxApi = managedApi
  .enhanceEndpoints({ addTagTypes: [...desired, 'NginxCertificates', 'NginxLogs'] })
  .injectEndpoints({
    endpoints: (b) => ({
      getNginxStatus: b.query<NginxStatus, ServerArgs>({ query: (a) => `${base(a)}/status`, providesTags: ['NginxStatus'] }),
      listNginxVhosts: b.query<ResponseOf<'listNginxVhosts'>, ServerArgs>({ query: (a) => `${base(a)}/vhosts`, providesTags: ['NginxVhosts'] }),
      getNginxVhost: b.query<Vhost, ServerArgs & { vhostId: number }>({
        query: ({ vhostId, ...a }) => `${base(a)}/vhosts/${vhostId}`,
        providesTags: (_r, _e, a) => [{ type: 'NginxVhosts', id: a.vhostId }],
      }),
      createNginxVhost: b.mutation<Vhost, ServerArgs & { body: VhostInput }>({
        query: ({ body, ...a }) => ({ url: `${base(a)}/vhosts`, method: 'POST', body }),
        invalidatesTags: [...desired],
      }),
      updateNginxVhost: b.mutation<Vhost, ServerArgs & { vhostId: number; body: VhostInput }>({
        query: ({ body, vhostId, ...a }) => ({ url: `${base(a)}/vhosts/${vhostId}`, method: 'PUT', body }),
        invalidatesTags: [...desired],
      }),
      deleteNginxVhost: b.mutation<void, ServerArgs & { vhostId: number }>({
        query: ({ vhostId, ...a }) => ({ url: `${base(a)}/vhosts/${vhostId}`, method: 'DELETE' }),
        invalidatesTags: [...desired],
      }),
      listNginxRedirects: b.query<ResponseOf<'listNginxRedirects'>, ServerArgs>({ query: (a) => `${base(a)}/redirects`, providesTags: ['NginxRedirects'] }),
      createNginxRedirect: b.mutation<Redirect, ServerArgs & { body: RedirectInput }>({
        query: ({ body, ...a }) => ({ url: `${base(a)}/redirects`, method: 'POST', body }),
        invalidatesTags: [...desired],
      }),
      updateNginxRedirect: b.mutation<Redirect, ServerArgs & { redirectId: number; body: RedirectInput }>({
        query: ({ body, redirectId, ...a }) => ({ url: `${base(a)}/redirects/${redirectId}`, method: 'PUT', body }),
        invalidatesTags: [...desired],
      }),
      deleteNginxRedirect: b.mutation<void, ServerArgs & { redirectId: number }>({
        query: ({ redirectId, ...a }) => ({ url: `${base(a)}/redirects/${redirectId}`, method: 'DELETE' }),
        invalidatesTags: [...desired],
      }),
      listNginxAuthentications: b.query<ResponseOf<'listNginxAuthentications'>, ServerArgs>({
        query: (a) => `${base(a)}/authentications`,
        providesTags: ['NginxAuthentications'],
      }),
      createNginxAuthentication: b.mutation<Authentication, ServerArgs & { body: AuthenticationInput }>({
        query: ({ body, ...a }) => ({ url: `${base(a)}/authentications`, method: 'POST', body }),
        invalidatesTags: [...desired],
      }),
      updateNginxAuthentication: b.mutation<Authentication, ServerArgs & { authenticationId: number; body: AuthenticationInput }>({
        query: ({ body, authenticationId, ...a }) => ({ url: `${base(a)}/authentications/${authenticationId}`, method: 'PUT', body }),
        invalidatesTags: [...desired],
      }),
      deleteNginxAuthentication: b.mutation<void, ServerArgs & { authenticationId: number }>({
        query: ({ authenticationId, ...a }) => ({ url: `${base(a)}/authentications/${authenticationId}`, method: 'DELETE' }),
        invalidatesTags: [...desired],
      }),
      listNginxCertificates: b.query<ResponseOf<'listNginxCertificates'>, ServerArgs>({ query: (a) => `${base(a)}/certificates`, providesTags: ['NginxCertificates'] }),
      getNginxConfig: b.query<ConfigView, ServerArgs>({ query: (a) => `${base(a)}/config`, providesTags: ['NginxConfig'] }),
      applyNginxConfig: b.mutation<ResponseOf<'applyNginxConfig'>, ServerArgs>({ query: (a) => ({ url: `${base(a)}/apply`, method: 'POST' }) }),
      rollBackNginx: b.mutation<ResponseOf<'rollBackManagedPlugin'>, ServerArgs>({
        query: ({ clusterId, serverId }) => ({ url: `api/v1/clusters/${clusterId}/servers/${serverId}/managed/plugins/nginx/rollback`, method: 'POST' }),
      }),
      listNginxLogEntries: b.query<LogPage, ServerArgs & { vhostId: number; kind: LogKind; search?: string; page: number; perPage: number }>({
        query: ({ vhostId, kind, search, page, perPage, ...a }) => ({
          url: `${base(a)}/vhosts/${vhostId}/logs/${kind}`,
          params: { page, per_page: perPage, ...(search ? { search } : {}) },
        }),
        providesTags: ['NginxLogs'],
      }),
      startNginxLogTail: b.mutation<ResponseOf<'startNginxLogTail'>, ServerArgs & { vhostId: number; kind: LogKind; tailId?: string }>({
        query: ({ vhostId, kind, tailId, ...a }) => ({ url: `${base(a)}/vhosts/${vhostId}/logs/${kind}/tail`, method: 'POST', params: tailId ? { tailId } : undefined }),
      }),
      /** No request: tells every view of the section to load again (an apply or rollback ended). */
      refreshNginx: b.mutation<null, void>({ queryFn: () => ({ data: null }), invalidatesTags: [...desired, 'NginxCertificates', 'NginxLogs'] }),
      stopNginxLogTail: b.mutation<void, ServerArgs & { vhostId: number; kind: LogKind; tailId: string }>({
        query: ({ vhostId, kind, tailId, ...a }) => ({ url: `${base(a)}/vhosts/${vhostId}/logs/${kind}/tail/${tailId}`, method: 'DELETE' }),
      }),
    }),
  });

/** The message key of a failed call (`errors.managed_no_previous_version`), if it has one. */
export const messageOf = (e: unknown): string | undefined => (e as { data?: { error?: { message?: string } } } | undefined)?.data?.error?.message;
