import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: '__id__',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 100 },
  services: ['__service__'],
  // The service programs the plugin needs (e.g. ['__service__']): the gateway runs, checks and reloads them.
  programs: [],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
