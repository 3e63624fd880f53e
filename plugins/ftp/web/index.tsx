import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { FtpUserCreatePage, FtpUserEditPage } from './FtpUserPages.tsx';
import { FtpUsersPage } from './FtpUsersPage.tsx';

export default defineWebPlugin({
  routes: [
    { path: '', Component: FtpUsersPage },
    { path: 'create', Component: FtpUserCreatePage },
    { path: ':userId', Component: FtpUserEditPage },
  ],
});
