import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'tomcat',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 200 },
  services: ['tomcat'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['tomcat'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
