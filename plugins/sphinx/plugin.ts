import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'sphinx',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 250 },
  services: ['sphinx'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['sphinx'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
