import { definePlugin } from '@portal/plugin-sdk';

/** A plugin whose server part throws while loading. */
export default definePlugin({
  id: 'broken',
  titleKey: 'title',
  icon: 'Error',
  nav: { order: 60 },
  services: ['nginx'],
  server: async () => {
    throw new Error('broken fixture: cannot load');
  },
  web: async () => ({ default: { routes: [] } }),
});
