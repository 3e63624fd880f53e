import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'cronjobs',
  titleKey: 'title',
  icon: 'Schedule',
  nav: { order: 30 },
  services: ['cronjobs'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
