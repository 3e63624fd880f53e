import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'ssh',
  titleKey: 'title',
  icon: 'Key',
  nav: { order: 40 },
  services: ['ssh'],
  programs: ['sshd'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
