import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { SshKeyFormPage } from './SshKeyFormPage.tsx';
import { SshKeysPage } from './SshKeysPage.tsx';

export default defineWebPlugin({
  routes: [
    { path: '', Component: SshKeysPage },
    { path: 'create', Component: SshKeyFormPage },
  ],
});
