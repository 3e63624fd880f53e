import { definePlugin } from '@portal/plugin-sdk';

/** DNS zones of a server: records in a form or as a zone file, applied as BIND zone files. */
export default definePlugin({
  id: 'dns',
  titleKey: 'title',
  icon: 'Dns',
  nav: { order: 170 },
  services: ['dns'],
  programs: ['named'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
