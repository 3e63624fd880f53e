import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'cronjobs',
  titleKey: 'title',
  icon: 'Schedule',
  nav: { order: 190 },
  services: ['cronjobs'],
  programs: ['cron'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
