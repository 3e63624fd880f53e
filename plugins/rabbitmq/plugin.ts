import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'rabbitmq',
  titleKey: 'title',
  icon: 'QueryStats',
  nav: { order: 100 },
  services: ['rabbitmq'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
