import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'backups',
  titleKey: 'title',
  icon: 'Backup',
  nav: { order: 150 },
  services: ['backups'],
  // server/program.ts: restic through the gateway (no service of its own: each run is one command).
  programs: ['restic'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
