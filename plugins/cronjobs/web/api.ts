import type { BodyOf, ResponseOf } from '@portal/openapi';
import { managedApi } from '@portal/plugin-sdk/web';

export interface ServerArgs {
  clusterId: number;
  serverId: number;
}

const base = ({ clusterId, serverId }: ServerArgs) => `api/v1/clusters/${clusterId}/servers/${serverId}/cronjobs`;

export type CronjobList = ResponseOf<'listCronjobs'>;
export type Cronjob = ResponseOf<'getCronjob'>;
export type CronjobInput = BodyOf<'createCronjob'>;
export type ApplyJob = ResponseOf<'createCronjob'>;

/** The plugin's endpoints on the Managed Center's API. */
export const cronjobsApi = managedApi.enhanceEndpoints({ addTagTypes: ['Cronjobs', 'CronjobsFile'] }).injectEndpoints({
  endpoints: (b) => ({
    listCronjobs: b.query<CronjobList, ServerArgs>({
      query: (a) => base(a),
      providesTags: ['Cronjobs'],
    }),
    getCronjob: b.query<Cronjob, ServerArgs & { cronjobId: number }>({
      query: ({ cronjobId, ...a }) => `${base(a)}/${cronjobId}`,
      providesTags: (_r, _e, a) => [{ type: 'Cronjobs', id: a.cronjobId }],
    }),
    getCronjobsFile: b.query<ResponseOf<'getCronjobsFile'>, ServerArgs>({
      query: (a) => `${base(a)}/file`,
      providesTags: ['CronjobsFile'],
    }),
    createCronjob: b.mutation<ApplyJob, ServerArgs & { body: CronjobInput }>({
      query: ({ body, ...a }) => ({ url: base(a), method: 'POST', body }),
      invalidatesTags: ['Cronjobs', 'CronjobsFile'],
    }),
    updateCronjob: b.mutation<ApplyJob, ServerArgs & { cronjobId: number; body: CronjobInput }>({
      query: ({ body, cronjobId, ...a }) => ({ url: `${base(a)}/${cronjobId}`, method: 'PUT', body }),
      invalidatesTags: ['Cronjobs', 'CronjobsFile'],
    }),
    deleteCronjob: b.mutation<ApplyJob, ServerArgs & { cronjobId: number }>({
      query: ({ cronjobId, ...a }) => ({ url: `${base(a)}/${cronjobId}`, method: 'DELETE' }),
      invalidatesTags: ['Cronjobs', 'CronjobsFile'],
    }),
    applyCronjobs: b.mutation<ApplyJob, ServerArgs>({
      query: (a) => ({ url: `${base(a)}/apply`, method: 'POST' }),
      invalidatesTags: ['CronjobsFile'],
    }),
    rollBackCronjobs: b.mutation<ResponseOf<'rollBackManagedPlugin'>, ServerArgs>({
      query: ({ clusterId, serverId }) => ({ url: `api/v1/clusters/${clusterId}/servers/${serverId}/managed/plugins/cronjobs/rollback`, method: 'POST' }),
    }),
  }),
});
