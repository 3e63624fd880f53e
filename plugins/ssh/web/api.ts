import type { BodyOf, ResponseOf } from '@portal/openapi';
import { managedApi } from '@portal/plugin-sdk/web';

export interface ServerArgs {
  clusterId: number;
  serverId: number;
}

const base = ({ clusterId, serverId }: ServerArgs) => `api/v1/clusters/${clusterId}/servers/${serverId}/ssh`;

export type SshKeyList = ResponseOf<'listSshKeys'>;
export type SshKey = SshKeyList['data'][number];
export type SshKeyInput = BodyOf<'createSshKey'>;
export type SshKeyInspection = ResponseOf<'inspectSshKey'>;
export type ApplyJob = ResponseOf<'createSshKey'>;

/** The plugin's endpoints on the Managed Center's API. */
export const sshApi = managedApi.enhanceEndpoints({ addTagTypes: ['SshKeys', 'SshFiles'] }).injectEndpoints({
  endpoints: (b) => ({
    listSshKeys: b.query<SshKeyList, ServerArgs>({
      query: (a) => `${base(a)}/keys`,
      providesTags: ['SshKeys'],
    }),
    getSshAuthorizedKeysFiles: b.query<ResponseOf<'getSshAuthorizedKeysFiles'>, ServerArgs>({
      query: (a) => `${base(a)}/files`,
      providesTags: ['SshFiles'],
    }),
    inspectSshKey: b.mutation<SshKeyInspection, ServerArgs & { publicKey: string }>({
      query: ({ publicKey, ...a }) => ({ url: `${base(a)}/keys/inspect`, method: 'POST', body: { publicKey } }),
    }),
    createSshKey: b.mutation<ApplyJob, ServerArgs & { body: SshKeyInput }>({
      query: ({ body, ...a }) => ({ url: `${base(a)}/keys`, method: 'POST', body }),
      invalidatesTags: ['SshKeys', 'SshFiles'],
    }),
    updateSshKey: b.mutation<ApplyJob, ServerArgs & { keyId: number; label: string }>({
      query: ({ keyId, label, ...a }) => ({ url: `${base(a)}/keys/${keyId}`, method: 'PATCH', body: { label } }),
      invalidatesTags: ['SshKeys', 'SshFiles'],
    }),
    deleteSshKey: b.mutation<ApplyJob, ServerArgs & { keyId: number }>({
      query: ({ keyId, ...a }) => ({ url: `${base(a)}/keys/${keyId}`, method: 'DELETE' }),
      invalidatesTags: ['SshKeys', 'SshFiles'],
    }),
    applySshKeys: b.mutation<ApplyJob, ServerArgs>({
      query: (a) => ({ url: `${base(a)}/apply`, method: 'POST' }),
      invalidatesTags: ['SshFiles'],
    }),
    rollBackSsh: b.mutation<ResponseOf<'rollBackManagedPlugin'>, ServerArgs>({
      query: ({ clusterId, serverId }) => ({ url: `api/v1/clusters/${clusterId}/servers/${serverId}/managed/plugins/ssh/rollback`, method: 'POST' }),
    }),
  }),
});
