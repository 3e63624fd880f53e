import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'varnish-ssl',
  titleKey: 'title',
  icon: 'Tune',
  nav: { order: 60 },
  services: ['varnish'],
  // The programs of server/program.ts (Varnish, and hitch for TLS in front): the gateway checks and reloads them.
  programs: ['varnish', 'hitch'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
