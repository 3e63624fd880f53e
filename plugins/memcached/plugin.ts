import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'memcached',
  titleKey: 'title',
  icon: 'Memory',
  nav: { order: 230 },
  services: ['memcached'],
  // server/program.ts: memcached, checked by starting it with the rendered options, restarted with new ones; a private instance on the local gateway.
  programs: ['memcached'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
