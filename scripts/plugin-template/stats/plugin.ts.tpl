import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: '__id__',
  titleKey: 'title',
  icon: 'QueryStats',
  nav: { order: 100 },
  services: ['__service__'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
