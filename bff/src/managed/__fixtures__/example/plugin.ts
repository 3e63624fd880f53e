import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'example',
  titleKey: 'title',
  icon: 'Extension',
  nav: { order: 50 },
  services: ['nginx'],
  programs: ['nginx'],
  server: () => import('./server.ts'),
  web: async () => ({ default: { routes: [] } }),
});
