import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'redis',
  titleKey: 'title',
  icon: 'Memory',
  nav: { order: 70 },
  services: ['redis'],
  // server/program.ts: redis-server, checked by loading its file, restarted with a new one; a private instance on the local gateway.
  programs: ['redis'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
