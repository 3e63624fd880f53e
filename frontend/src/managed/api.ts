import type { ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';

export type ManagedServerView = ResponseOf<'getManagedServer'>;
export type ManagedDashboard = ResponseOf<'getManagedDashboard'>;
export type ServerMetrics = ResponseOf<'getServerMetrics'>;
export type ManagedChange = ManagedDashboard['recentChanges'][number];
export type ClusterDetail = ResponseOf<'getCluster'>;

interface ServerArgs {
  clusterId: number;
  serverId: number;
}
const serverPath = ({ clusterId, serverId }: ServerArgs) => `api/v1/clusters/${clusterId}/servers/${serverId}`;

/** The Managed Center's platform calls (plugins bring theirs through the SDK's `managedApi`). */
export const managedCenterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getManagedServer: build.query<ManagedServerView, ServerArgs>({ query: (a) => `${serverPath(a)}/managed` }),
    getManagedDashboard: build.query<ManagedDashboard, ServerArgs>({ query: (a) => `${serverPath(a)}/managed/dashboard` }),
    getServerMetrics: build.query<ServerMetrics, ServerArgs>({ query: (a) => `${serverPath(a)}/managed/metrics` }),
    getClusterServers: build.query<ClusterDetail, number>({ query: (clusterId) => `api/v1/clusters/${clusterId}` }),
  }),
});

export const { useGetManagedServerQuery, useGetManagedDashboardQuery, useGetServerMetricsQuery, useLazyGetClusterServersQuery } = managedCenterApi;
