import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'tomcat',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 200 },
  services: ['tomcat'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['tomcat', 'tomcat-1', 'tomcat-2', 'tomcat-3', 'tomcat-4', 'tomcat-5', 'tomcat-6', 'tomcat-7', 'tomcat-8'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
