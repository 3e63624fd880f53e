/**
 * Server part of the `ftp` plugin: the entries of a server (desired state in `ftp_items`, a resource
 * of the SDK: `x-resources.ftpItem` in openapi.yaml), their rules, and the apply of `/etc/portal/ftp.conf`.
 */
import { defineResource, defineServerPlugin, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { ftpItemResource } from '../generated/resources.ts';
import { FtpItem } from './Item.ts';
import { Migration20261128191829Ftp } from './migrations/Migration20261128191829Ftp.ts';
import { configPath, renderConfig } from './render.ts';
import { checkItem } from './rules.ts';

/** list, get, create, update, delete of the entries: 404 for another server's, rules under the lock, the change log. */
export const items = defineResource(ftpItemResource, {
  entity: FtpItem,
  present: (i) => ({ id: i.id, name: i.name, value: i.value, createdAt: i.createdAt.toISOString(), updatedAt: i.updatedAt.toISOString() }),
  rules: (input, { existing, current }) => checkItem(input, existing, current?.id),
  summary: (i) => ({ name: i.name }),
});

export default defineServerPlugin<Operations>({
  entities: [FtpItem],
  migrations: [Migration20261128191829Ftp],
  // TODO(ftp): check the rendered file with the service's own tool (`steps: { service: '<program>' }`).
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'ftp' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'ftp' }),
  },
  handlers: (ports): PluginHandlers<Operations> => items.handlers(ports),
  state: { entities: [FtpItem] },
  render: async ({ em, server }) => [{ path: configPath, content: renderConfig(await items.all(em, server.id)), mode: 0o644 }],
});
