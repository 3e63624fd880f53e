import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'monitoring',
  titleKey: 'title',
  icon: 'MonitorHeart',
  nav: { order: 140 },
  services: ['monitoring'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
