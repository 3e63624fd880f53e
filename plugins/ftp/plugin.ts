import { definePlugin } from '@portal/plugin-sdk';

export default definePlugin({
  id: 'ftp',
  titleKey: 'title',
  icon: 'DriveFolderUpload',
  nav: { order: 290 },
  services: ['ftp'],
  programs: ['proftpd'],
  server: () => import('./server/index.ts'),
  web: () => import('./web/index.tsx'),
});
