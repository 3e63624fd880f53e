import type { ResponseOf } from '@portal/openapi';
import { api } from '../../api/baseApi';
import { operationRequest } from '@portal/plugin-sdk/web';
import { request } from '../../api/request';
import type { ManagedChangeView, MonitoringSeries } from './correlate';

interface ServerArgs {
  clusterId: number;
  serverId: number;
}

/** What the incident timeline reads: the change log (core/managed), the monitoring history (the monitoring plugin's operation), and the rollback. */
const incidentsApi = api.enhanceEndpoints({ addTagTypes: ['ManagedChanges'] }).injectEndpoints({
  endpoints: (build) => ({
    listServerChanges: build.query<ManagedChangeView[], ServerArgs>({
      query: ({ clusterId, serverId }) => request('listManagedChanges', { clusterId, serverId, query: { per_page: 100 } }),
      transformResponse: (r: ResponseOf<'listManagedChanges'>) => r.data,
      providesTags: ['ManagedChanges'],
    }),
    getServerMonitoring: build.query<MonitoringSeries, ServerArgs & { range: '1h' | '24h' }>({
      // The monitoring plugin's operation (not in the core table): its path is checked against the contract.
      query: ({ range, clusterId, serverId }) =>
        operationRequest('getMonitoringMetrics', 'GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/monitoring/metrics', {
          clusterId,
          serverId,
          query: { range },
        }),
    }),
    rollBackSection: build.mutation<ResponseOf<'rollBackManagedPlugin'>, ServerArgs & { pluginId: string }>({
      query: ({ pluginId, clusterId, serverId }) => request('rollBackManagedPlugin', { clusterId, serverId, pluginId }),
      invalidatesTags: ['ManagedChanges'],
    }),
  }),
});

export const { useListServerChangesQuery, useGetServerMonitoringQuery, useRollBackSectionMutation } = incidentsApi;
