import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { BackupsPage } from './BackupsPage.tsx';
import { PlanFormPage } from './PlanForm.tsx';

export default defineWebPlugin({
  routes: [
    { path: '', Component: BackupsPage },
    { path: 'create', Component: PlanFormPage },
    { path: ':planId', Component: PlanFormPage },
  ],
});
