import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'nginx',
  titleKey: 'title',
  icon: 'Language',
  nav: { order: 20 },
  services: ['nginx'],
  programs: ['nginx'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
