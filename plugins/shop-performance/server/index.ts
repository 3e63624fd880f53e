/**
 * Server part of the `shop-performance` plugin: the entries of a server (desired state in `shop_performance_items`, a resource
 * of the SDK: `x-resources.shopPerformanceItem` in openapi.yaml), their rules, and the apply of `/etc/portal/shop-performance.conf`.
 */
import { defineResource, defineServerPlugin, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { shopPerformanceItemResource } from '../generated/resources.ts';
import { ShopPerformanceItem } from './Item.ts';
import { Migration20261128120021ShopPerformance } from './migrations/Migration20261128120021ShopPerformance.ts';
import { configPath, renderConfig } from './render.ts';
import { checkItem } from './rules.ts';

/** list, get, create, update, delete of the entries: 404 for another server's, rules under the lock, the change log. */
export const items = defineResource(shopPerformanceItemResource, {
  entity: ShopPerformanceItem,
  present: (i) => ({ id: i.id, name: i.name, value: i.value, createdAt: i.createdAt.toISOString(), updatedAt: i.updatedAt.toISOString() }),
  rules: (input, { existing, current }) => checkItem(input, existing, current?.id),
  summary: (i) => ({ name: i.name }),
});

export default defineServerPlugin<Operations>({
  entities: [ShopPerformanceItem],
  migrations: [Migration20261128120021ShopPerformance],
  // TODO(shop-performance): check the rendered file with the service's own tool (`steps: { service: '<program>' }`).
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'shop-performance' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'shop-performance' }),
  },
  handlers: (ports): PluginHandlers<Operations> => items.handlers(ports),
  state: { entities: [ShopPerformanceItem] },
  render: async ({ em, server }) => [{ path: configPath, content: renderConfig(await items.all(em, server.id)), mode: 0o644 }],
});
