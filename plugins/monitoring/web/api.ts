import type { QueryOf, ResponseOf } from '@portal/openapi';
import { managedApi } from '@portal/plugin-sdk/web';

export interface ServerArgs {
  clusterId: number;
  serverId: number;
}

export type RangeId = NonNullable<QueryOf<'getMonitoringMetrics'>['range']>;
export const rangeIds: readonly RangeId[] = ['1h', '24h', '7d'];
export type Series = ResponseOf<'getMonitoringMetrics'>;
export type LiveSample = ResponseOf<'watchMonitoring'>['sample'];
export type Watch = ResponseOf<'watchMonitoring'>;
export type ServiceState = ResponseOf<'listMonitoringServices'>['data'][number];

const base = ({ clusterId, serverId }: ServerArgs) => `api/v1/clusters/${clusterId}/servers/${serverId}/monitoring`;

/** The section's endpoints on the Managed Center's API. */
export const monitoringApi = managedApi.enhanceEndpoints({ addTagTypes: ['MonitoringMetrics', 'MonitoringServices'] }).injectEndpoints({
  endpoints: (b) => ({
    getMonitoringMetrics: b.query<Series, ServerArgs & { range: RangeId }>({
      query: ({ range, ...a }) => `${base(a)}/metrics?range=${range}`,
      providesTags: (_r, _e, a) => [{ type: 'MonitoringMetrics', id: `${a.serverId}:${a.range}` }],
    }),
    watchMonitoring: b.mutation<Watch, ServerArgs>({
      query: (a) => ({ url: `${base(a)}/watch`, method: 'POST' }),
    }),
    listMonitoringServices: b.query<ResponseOf<'listMonitoringServices'>, ServerArgs>({
      query: (a) => `${base(a)}/services`,
      providesTags: ['MonitoringServices'],
    }),
  }),
});

export const { useGetMonitoringMetricsQuery, useWatchMonitoringMutation, useListMonitoringServicesQuery } = monitoringApi;
