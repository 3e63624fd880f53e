import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { CronjobFormPage } from './CronjobForm.tsx';
import { CronjobsPage } from './CronjobsPage.tsx';

export default defineWebPlugin({
  routes: [
    { path: '', Component: CronjobsPage },
    { path: 'create', Component: CronjobFormPage },
    { path: ':cronjobId', Component: CronjobFormPage },
  ],
});
