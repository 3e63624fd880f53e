import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'firewall',
  titleKey: 'title',
  icon: 'Extension',
  nav: { order: 100 },
  services: ['firewall'],
  // The service programs the plugin needs (e.g. ['nginx']): the gateway runs, checks and reloads them;
  // with one, set `steps: { service: '<program>' }` in server/index.ts.
  programs: [],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
