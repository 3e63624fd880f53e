import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'elasticsearch',
  titleKey: 'title',
  icon: 'ManageSearch',
  nav: { order: 80 },
  services: ['elasticsearch'],
  // server/program.ts: the files checked by the portal's rules (no engine runs here), restarted on a real server.
  programs: ['elasticsearch'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
