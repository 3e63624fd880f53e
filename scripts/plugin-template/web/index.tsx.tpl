import { defineWebPlugin, ResourceFormPage, ResourcePage } from '@portal/plugin-sdk/web';
import { __camel__Api, __camel__Client } from '../generated/client.ts';
import { __camel__ItemResource } from '../generated/resources.ts';

/** The section's start page: the SDK's resource page (intro, undo, the entries, the running apply, the file, delete). */
const ItemsPage = () => <ResourcePage resource={__camel__ItemResource} api={__camel__Api} client={__camel__Client} />;

/** `create` and `:itemId`: the SDK's form from the contract's fields; after saving, back to the list, which follows the job. */
const ItemFormPage = () => <ResourceFormPage resource={__camel__ItemResource} api={__camel__Api} />;

export default defineWebPlugin({
  routes: [
    { path: '', Component: ItemsPage },
    { path: 'create', Component: ItemFormPage },
    { path: ':itemId', Component: ItemFormPage },
  ],
});
