import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'postfix',
  titleKey: 'title',
  icon: 'Outbox',
  nav: { order: 280 },
  services: ['postfix'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['postfix'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
