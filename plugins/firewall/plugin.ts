import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'firewall',
  titleKey: 'title',
  icon: 'Security',
  nav: { order: 260 },
  services: ['firewall'],
  programs: ['nftables'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
