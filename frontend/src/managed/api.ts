import type { ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';
import { request } from '../api/request';

export type ManagedServerView = ResponseOf<'getManagedServer'>;
export type ManagedDashboard = ResponseOf<'getManagedDashboard'>;
export type ServerMetrics = ResponseOf<'getServerMetrics'>;
export type ManagedChange = ManagedDashboard['recentChanges'][number];
export type ClusterDetail = ResponseOf<'getCluster'>;

interface ServerArgs {
  clusterId: number;
  serverId: number;
}

/** The Managed Center's platform calls (plugins bring theirs through the SDK's `managedApi`). */
export const managedCenterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getManagedServer: build.query<ManagedServerView, ServerArgs>({ query: ({ clusterId, serverId }) => request('getManagedServer', { clusterId, serverId }) }),
    getManagedDashboard: build.query<ManagedDashboard, ServerArgs>({ query: ({ clusterId, serverId }) => request('getManagedDashboard', { clusterId, serverId }) }),
    getServerMetrics: build.query<ServerMetrics, ServerArgs>({ query: ({ clusterId, serverId }) => request('getServerMetrics', { clusterId, serverId }) }),
    getClusterServers: build.query<ClusterDetail, number>({ query: (clusterId) => request('getCluster', { clusterId }) }),
  }),
});

export const { useGetManagedServerQuery, useGetManagedDashboardQuery, useGetServerMetricsQuery, useLazyGetClusterServersQuery } = managedCenterApi;
