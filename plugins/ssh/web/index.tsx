import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { SshSummary } from './DashboardPanel.tsx';
import { SshKeyFormPage } from './SshKeyFormPage.tsx';
import { SshKeysPage } from './SshKeysPage.tsx';

export default defineWebPlugin({
  routes: [
    { path: '', Component: SshKeysPage },
    { path: 'create', Component: SshKeyFormPage },
  ],
  DashboardPanel: SshSummary,
});
