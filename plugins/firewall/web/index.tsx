import { defineWebPlugin, ResourceFormPage, ResourcePage } from '@portal/plugin-sdk/web';
import { firewallApi, firewallClient } from '../generated/client.ts';
import { firewallItemResource } from '../generated/resources.ts';

/** The section's start page: the SDK's resource page (intro, undo, the entries, the running apply, the file, delete). */
const ItemsPage = () => <ResourcePage resource={firewallItemResource} api={firewallApi} client={firewallClient} />;

/** `create` and `:itemId`: the SDK's form from the contract's fields; after saving, back to the list, which follows the job. */
const ItemFormPage = () => <ResourceFormPage resource={firewallItemResource} api={firewallApi} />;

export default defineWebPlugin({
  routes: [
    { path: '', Component: ItemsPage },
    { path: 'create', Component: ItemFormPage },
    { path: ':itemId', Component: ItemFormPage },
  ],
});
