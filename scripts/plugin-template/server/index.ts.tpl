/**
 * Server part of the `__id__` plugin: the entries of a server (desired state in `__table__`, a resource
 * of the SDK: `x-resources.__camel__Item` in openapi.yaml), their rules, and the apply of `__configPath__`.
 */
import { defineResource, defineServerPlugin, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { __camel__ItemResource } from '../generated/resources.ts';
import { __Pascal__Item } from './Item.ts';
import { Migration__timestamp____Pascal__ } from './migrations/Migration__timestamp____Pascal__.ts';
import { configPath, renderConfig } from './render.ts';
import { checkItem } from './rules.ts';

/** list, get, create, update, delete of the entries: 404 for another server's, rules under the lock, the change log. */
export const items = defineResource(__camel__ItemResource, {
  entity: __Pascal__Item,
  present: (i) => ({ id: i.id, name: i.name, value: i.value, createdAt: i.createdAt.toISOString(), updatedAt: i.updatedAt.toISOString() }),
  rules: (input, { existing, current }) => checkItem(input, existing, current?.id),
  summary: (i) => ({ name: i.name }),
});

export default defineServerPlugin<Operations>({
  entities: [__Pascal__Item],
  migrations: [Migration__timestamp____Pascal__],
  // TODO(__id__): check the rendered file with the service's own tool (`steps: { service: '<program>' }`).
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: '__id__' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: '__id__' }),
  },
  handlers: (ports): PluginHandlers<Operations> => items.handlers(ports),
  state: { entities: [__Pascal__Item] },
  render: async ({ em, server }) => [{ path: configPath, content: renderConfig(await items.all(em, server.id)), mode: 0o644 }],
});
