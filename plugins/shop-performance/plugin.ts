import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'shop-performance',
  titleKey: 'title',
  icon: 'Speed',
  nav: { order: 120 },
  services: ['shop-performance'],

  programs: ['shop-performance'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
