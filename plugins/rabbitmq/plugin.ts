import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'rabbitmq',
  titleKey: 'title',
  icon: 'Hub',
  nav: { order: 240 },
  services: ['rabbitmq'],
  // server/program.ts: rabbitmq-server, checked against the broker's configuration schemas; a private node (own epmd) on the local gateway.
  programs: ['rabbitmq'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
