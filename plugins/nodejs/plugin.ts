import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'nodejs',
  titleKey: 'title',
  icon: 'Code',
  nav: { order: 220 },
  services: ['nodejs'],
  // The shared supervisord (its descriptor with this plugin's own program file, server/program.ts).
  programs: ['supervisor'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
