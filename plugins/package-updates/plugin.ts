import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'package-updates',
  titleKey: 'title',
  icon: 'SystemUpdateAlt',
  nav: { order: 160 },
  services: ['package-updates'],
  // The programs of server/program.ts: the gateway checks and reloads them as their descriptors say.
  programs: ['package-updates'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
