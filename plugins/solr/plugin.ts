import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'solr',
  titleKey: 'title',
  icon: 'ManageSearch',
  nav: { order: 210 },
  services: ['solr'],
  // server/program.ts: the files checked by the portal's rules (no engine runs here), restarted on a real server.
  programs: ['solr'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
