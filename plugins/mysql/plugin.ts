import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'mysql',
  titleKey: 'title',
  icon: 'Storage',
  nav: { order: 90 },
  services: ['mysql'],
  // server/program.ts: mariadbd, checked with --help --verbose; a private instance (mariadb-install-db once) on the local gateway.
  programs: ['mysql'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
