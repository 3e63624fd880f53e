/**
 * BIND as this plugin uses it (`ProgramDescriptor`): the include declaring the zones and one file per zone,
 * checked with `named-checkzone`/`named-checkconf` (apply.ts), `systemctl reload named` on a real server.
 * No private instance on the `local` gateway (the files are what a BIND primary would load).
 * No imports beyond the SDK's program entry at load time: the generator reads the paths from here.
 */
import { definePrograms } from '@portal/plugin-sdk/program';

export default definePrograms([
  {
    id: 'named',
    paths: ['/etc/bind/named.conf.portal-zones', '/etc/bind/zones/db.*'],
    privileged: true,
    validate: async (gateway, files) => (await import('./apply.ts')).validateFiles(gateway, files),
    service: { unit: 'named', reload: 'reload' },
  },
]);
