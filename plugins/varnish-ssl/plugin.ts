import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'varnish-ssl',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 60 },
  services: ['varnish'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['varnish'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
