import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: '__id__',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 100 },
  services: ['__service__'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['__service__'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
