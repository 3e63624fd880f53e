/**
 * Server part of the `backups` plugin: the entries of a server (desired state in `backups_items`, a resource
 * of the SDK: `x-resources.backupsItem` in openapi.yaml), their rules, and the apply of `/etc/portal/backups.conf`.
 */
import { defineResource, defineServerPlugin, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { backupsItemResource } from '../generated/resources.ts';
import { BackupsItem } from './Item.ts';
import { Migration20261128120315Backups } from './migrations/Migration20261128120315Backups.ts';
import { configPath, renderConfig } from './render.ts';
import { checkItem } from './rules.ts';

/** list, get, create, update, delete of the entries: 404 for another server's, rules under the lock, the change log. */
export const items = defineResource(backupsItemResource, {
  entity: BackupsItem,
  present: (i) => ({ id: i.id, name: i.name, value: i.value, createdAt: i.createdAt.toISOString(), updatedAt: i.updatedAt.toISOString() }),
  rules: (input, { existing, current }) => checkItem(input, existing, current?.id),
  summary: (i) => ({ name: i.name }),
});

export default defineServerPlugin<Operations>({
  entities: [BackupsItem],
  migrations: [Migration20261128120315Backups],
  // TODO(backups): check the rendered file with the service's own tool (`steps: { service: '<program>' }`).
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'backups' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'backups' }),
  },
  handlers: (ports): PluginHandlers<Operations> => items.handlers(ports),
  state: { entities: [BackupsItem] },
  render: async ({ em, server }) => [{ path: configPath, content: renderConfig(await items.all(em, server.id)), mode: 0o644 }],
});
