import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'cluster-control',
  titleKey: 'title',
  icon: 'SettingsPower',
  // Order set by the lead.
  nav: { order: 130 },
  // Every server runs it (core/seed/demo.ts `everyServer`).
  services: ['cluster-control'],
  // It writes no files; it checks, starts and stops the programs the other plugins declare (controlsPrograms).
  programs: [],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
