import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'supervisor',
  titleKey: 'title',
  icon: 'Settings',
  nav: { order: 50 },
  services: ['supervisor'],
  programs: ['supervisor'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
