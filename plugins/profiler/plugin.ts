import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'profiler',
  titleKey: 'title',
  icon: 'Speed',
  nav: { order: 30 },
  services: ['profiler'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['profiler'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
