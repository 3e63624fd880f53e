/**
 * sshd as this plugin uses it (`ProgramDescriptor`): the `authorized_keys` of the managed users, each key
 * checked with `ssh-keygen -l` (keys.ts). sshd reads the files on every login: nothing to reload.
 * No imports beyond the SDK's program entry at load time: the generator reads the paths from here.
 */
import { definePrograms } from '@portal/plugin-sdk/program';

export default definePrograms([
  {
    id: 'sshd',
    paths: ['/home/*/.ssh/authorized_keys'],
    privileged: true,
    validate: async (gateway, files) => (await import('./keys.ts')).validateAuthorizedKeys(gateway, files),
    service: { unit: 'ssh', reload: 'none' },
  },
]);
