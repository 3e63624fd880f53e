import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'apache',
  titleKey: 'title',
  icon: 'Dns',
  nav: { order: 10 },
  services: ['apache'],
  programs: ['apache'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
