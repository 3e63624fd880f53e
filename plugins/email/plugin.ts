import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'email',
  titleKey: 'title',
  icon: 'Email',
  nav: { order: 180 },
  services: ['email'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['postfix'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
