import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';
import { request } from '../api/request';

/**
 * The server's connection page (issue 28): its endpoints are injected when the page loads, not with the
 * Managed Center's start endpoints that the dashboard loads (bundle budget of `/a/`). Each answer is the
 * connection as it is now, put into the cache.
 */
export type ManagedConnection = ResponseOf<'getManagedConnection'>;
export type ManagedConnectionTest = ResponseOf<'testManagedConnection'>;

interface ServerArgs {
  clusterId: number;
  serverId: number;
}

export const connectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getManagedConnection: build.query<ManagedConnection, ServerArgs>({
      query: ({ clusterId, serverId }) => request('getManagedConnection', { clusterId, serverId }),
    }),
    updateManagedConnection: build.mutation<ManagedConnection, ServerArgs & { body: BodyOf<'updateManagedConnection'> }>({
      query: ({ clusterId, serverId, body }) => request('updateManagedConnection', { clusterId, serverId, body }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) =>
        cacheConnection(
          args,
          dispatch,
          queryFulfilled.then((r) => r.data),
        ),
    }),
    generateManagedConnectionKey: build.mutation<ManagedConnection, ServerArgs>({
      query: ({ clusterId, serverId }) => request('generateManagedConnectionKey', { clusterId, serverId }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) =>
        cacheConnection(
          args,
          dispatch,
          queryFulfilled.then((r) => r.data),
        ),
    }),
    testManagedConnection: build.mutation<ManagedConnectionTest, ServerArgs>({
      query: ({ clusterId, serverId }) => request('testManagedConnection', { clusterId, serverId }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) =>
        cacheConnection(
          args,
          dispatch,
          queryFulfilled.then((r) => r.data.connection),
        ),
    }),
    confirmManagedConnectionHostKey: build.mutation<ManagedConnection, ServerArgs & { body: BodyOf<'confirmManagedConnectionHostKey'> }>({
      query: ({ clusterId, serverId, body }) => request('confirmManagedConnectionHostKey', { clusterId, serverId, body }),
      onQueryStarted: (args, { dispatch, queryFulfilled }) =>
        cacheConnection(
          args,
          dispatch,
          queryFulfilled.then((r) => r.data),
        ),
    }),
  }),
});

/** Puts the connection an operation answered with into the page's cache. */
async function cacheConnection(
  args: ServerArgs,
  dispatch: (action: unknown) => unknown,
  answer: Promise<ManagedConnection>,
): Promise<void> {
  try {
    const connection = await answer;
    dispatch(
      connectionApi.util.upsertQueryData('getManagedConnection', { clusterId: args.clusterId, serverId: args.serverId }, connection),
    );
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
} = connectionApi;
