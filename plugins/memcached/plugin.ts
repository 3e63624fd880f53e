import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'memcached',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 100 },
  services: ['memcached'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['memcached'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
