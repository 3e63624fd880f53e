import type { ResponseOf } from '@portal/openapi';
import { api } from '../../api/baseApi';
import type { ManagedChangeView, MonitoringSeries } from './correlate';

interface ServerArgs {
  clusterId: number;
  serverId: number;
}
const serverPath = ({ clusterId, serverId }: ServerArgs) => `api/v1/clusters/${clusterId}/servers/${serverId}`;

/** What the incident timeline reads: the change log (core/managed), the monitoring history (the monitoring plugin's operation), and the rollback. */
const incidentsApi = api.enhanceEndpoints({ addTagTypes: ['ManagedChanges'] }).injectEndpoints({
  endpoints: (build) => ({
    listServerChanges: build.query<ManagedChangeView[], ServerArgs>({
      query: (a) => ({ url: `${serverPath(a)}/managed/changes`, params: { per_page: 100 } }),
      transformResponse: (r: ResponseOf<'listManagedChanges'>) => r.data,
      providesTags: ['ManagedChanges'],
    }),
    getServerMonitoring: build.query<MonitoringSeries, ServerArgs & { range: '1h' | '24h' }>({
      query: ({ range, ...a }) => ({ url: `${serverPath(a)}/monitoring/metrics`, params: { range } }),
    }),
    rollBackSection: build.mutation<ResponseOf<'rollBackManagedPlugin'>, ServerArgs & { pluginId: string }>({
      query: ({ pluginId, ...a }) => ({ url: `${serverPath(a)}/managed/plugins/${encodeURIComponent(pluginId)}/rollback`, method: 'POST' }),
      invalidatesTags: ['ManagedChanges'],
    }),
  }),
});

export const { useListServerChangesQuery, useGetServerMonitoringQuery, useRollBackSectionMutation } = incidentsApi;
