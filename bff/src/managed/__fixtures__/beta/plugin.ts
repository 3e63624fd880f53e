import { definePlugin } from '@portal/plugin-sdk';

/** A module in the beta phase (§8): only customers registered for the beta phase may use it. */
export default definePlugin({
  id: 'beta',
  titleKey: 'title',
  icon: 'Science',
  nav: { order: 70 },
  services: 'all',
  stage: 'beta',
  server: () => import('./server.ts'),
  web: async () => ({ default: { routes: [] } }),
});
