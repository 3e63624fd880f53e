import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { ItemFormPage } from './ItemFormPage.tsx';
import { ItemsPage } from './ItemsPage.tsx';

export default defineWebPlugin({
  routes: [
    { path: '', Component: ItemsPage },
    { path: 'create', Component: ItemFormPage },
  ],
});
