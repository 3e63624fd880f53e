import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'redis',
  titleKey: 'title',
  icon: 'Memory',
  nav: { order: 70 },
  services: ['redis'],
  // server/program.ts: redis-server, checked by loading its file, restarted with a new one; a private instance on the local
  // gateway — `redis` the default instance, `redis-1` … `redis-8` the slots of the named instances.
  programs: ['redis', 'redis-1', 'redis-2', 'redis-3', 'redis-4', 'redis-5', 'redis-6', 'redis-7', 'redis-8'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
