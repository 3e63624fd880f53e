import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'protection',
  titleKey: 'title',
  icon: 'Shield',
  nav: { order: 270 },
  services: ['protection'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['fail2ban', 'waf'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
