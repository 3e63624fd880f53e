import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';
import { request } from '../api/request';

export type ManagedServerView = ResponseOf<'getManagedServer'>;
export type ManagedDashboard = ResponseOf<'getManagedDashboard'>;
export type ServerMetrics = ResponseOf<'getServerMetrics'>;
export type ManagedChange = ManagedDashboard['recentChanges'][number];
export type ClusterDetail = ResponseOf<'getCluster'>;
export type ManagedConnection = ResponseOf<'getManagedConnection'>;
export type ManagedConnectionTest = ResponseOf<'testManagedConnection'>;

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
    // The server's connection page (issue 28): each answer is the connection as it is now, put into the cache.
    getManagedConnection: build.query<ManagedConnection, ServerArgs>({ query: ({ clusterId, serverId }) => request('getManagedConnection', { clusterId, serverId }) }),
    updateManagedConnection: build.mutation<ManagedConnection, ServerArgs & { body: BodyOf<'updateManagedConnection'> }>({
      query: ({ clusterId, serverId, body }) => request('updateManagedConnection', { clusterId, serverId, body }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) => cacheConnection(args, dispatch, queryFulfilled.then((r) => r.data)),
    }),
    generateManagedConnectionKey: build.mutation<ManagedConnection, ServerArgs>({
      query: ({ clusterId, serverId }) => request('generateManagedConnectionKey', { clusterId, serverId }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) => cacheConnection(args, dispatch, queryFulfilled.then((r) => r.data)),
    }),
    testManagedConnection: build.mutation<ManagedConnectionTest, ServerArgs>({
      query: ({ clusterId, serverId }) => request('testManagedConnection', { clusterId, serverId }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) => cacheConnection(args, dispatch, queryFulfilled.then((r) => r.data.connection)),
    }),
    confirmManagedConnectionHostKey: build.mutation<ManagedConnection, ServerArgs & { body: BodyOf<'confirmManagedConnectionHostKey'> }>({
      query: ({ clusterId, serverId, body }) => request('confirmManagedConnectionHostKey', { clusterId, serverId, body }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) => cacheConnection(args, dispatch, queryFulfilled.then((r) => r.data)),
    }),
  }),
});

/** Puts the connection an operation answered with into the page's cache. */
async function cacheConnection(args: ServerArgs, dispatch: (action: unknown) => unknown, answer: Promise<ManagedConnection>): Promise<void> {
  try {
    const connection = await answer;
    dispatch(managedCenterApi.util.upsertQueryData('getManagedConnection', { clusterId: args.clusterId, serverId: args.serverId }, connection));
  } catch {
    /* the caller shows the failure */
  }
}

export const {
  useGetManagedConnectionQuery,
  useUpdateManagedConnectionMutation,
  useGenerateManagedConnectionKeyMutation,
  useTestManagedConnectionMutation,
  useConfirmManagedConnectionHostKeyMutation,
} = managedCenterApi;

export const { useGetManagedServerQuery, useGetManagedDashboardQuery, useGetServerMetricsQuery, useLazyGetClusterServersQuery } = managedCenterApi;
