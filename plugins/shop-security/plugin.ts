import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'shop-security',
  titleKey: 'title',
  icon: 'Security',
  nav: { order: 110 },
  services: ['shop-security'],

  programs: ['shop-security'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
