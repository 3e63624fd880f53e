/**
 * Server part of the `firewall` plugin: the entries of a server (desired state in `firewall_items`, a resource
 * of the SDK: `x-resources.firewallItem` in openapi.yaml), their rules, and the apply of `/etc/portal/firewall.conf`.
 */
import { defineResource, defineServerPlugin, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { firewallItemResource } from '../generated/resources.ts';
import { FirewallItem } from './Item.ts';
import { Migration20261128195707Firewall } from './migrations/Migration20261128195707Firewall.ts';
import { configPath, renderConfig } from './render.ts';
import { checkItem } from './rules.ts';

/** list, get, create, update, delete of the entries: 404 for another server's, rules under the lock, the change log. */
export const items = defineResource(firewallItemResource, {
  entity: FirewallItem,
  present: (i) => ({ id: i.id, name: i.name, value: i.value, createdAt: i.createdAt.toISOString(), updatedAt: i.updatedAt.toISOString() }),
  rules: (input, { existing, current }) => checkItem(input, existing, current?.id),
  summary: (i) => ({ name: i.name }),
});

export default defineServerPlugin<Operations>({
  entities: [FirewallItem],
  migrations: [Migration20261128195707Firewall],
  // TODO(firewall): check the rendered file with the service's own tool (`steps: { service: '<program>' }`).
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'firewall' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'firewall' }),
  },
  handlers: (ports): PluginHandlers<Operations> => items.handlers(ports),
  state: { entities: [FirewallItem] },
  render: async ({ em, server }) => [{ path: configPath, content: renderConfig(await items.all(em, server.id)), mode: 0o644 }],
});
