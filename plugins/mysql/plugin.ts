import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'mysql',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 100 },
  services: ['mysql'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['mysql'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
