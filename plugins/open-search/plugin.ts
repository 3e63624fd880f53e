import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'open-search',
  titleKey: 'title',
  icon: 'ManageSearch',
  nav: { order: 100 },
  services: ['open-search'],
  // server/program.ts: the files checked by the portal's rules (no engine runs here), restarted on a real server.
  programs: ['opensearch'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
