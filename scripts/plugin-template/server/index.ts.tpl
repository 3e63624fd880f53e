/**
 * Server part of the `__id__` plugin: the entries of a server (desired state in `__table__`), their
 * rules, and the apply of `__configPath__`.
 */
import type { Schemas } from '@portal/openapi';
import { defineServerPlugin, found, validationFailed, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { __Pascal__Item } from './Item.ts';
import { Migration__timestamp____Pascal__ } from './migrations/Migration__timestamp____Pascal__.ts';
import { configPath, renderConfig } from './render.ts';
import { checkItem } from './rules.ts';

const present = (i: __Pascal__Item): Schemas['__Pascal__Item'] => ({ id: i.id, name: i.name, value: i.value, createdAt: i.createdAt.toISOString() });

const itemsOf = (em: PluginDatabase, serverId: number) => em.find(__Pascal__Item, { serverId }, { orderBy: { id: 'asc' } });

export default defineServerPlugin<Operations>({
  entities: [__Pascal__Item],
  migrations: [Migration__timestamp____Pascal__],
  // TODO(__id__): check the rendered file with the service's own tool (`steps: { service: '<program>' }`).
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: '__id__' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: '__id__' }),
  },
  handlers,
  state: { entities: [__Pascal__Item] },
  render: async ({ em, server }) => [{ path: configPath, content: renderConfig(await itemsOf(em, server.id)), mode: 0o644 }],
});

function handlers(ports: PluginPorts): PluginHandlers<Operations> {
  return {
    list__Pascal__Items: async (c) => {
      const page = c.query.page ?? 1;
      const perPage = c.query.per_page ?? 100;
      const [items, total] = await c.em.findAndCount(__Pascal__Item, { serverId: c.server.id }, { orderBy: { id: 'asc' }, limit: perPage, offset: (page - 1) * perPage });
      return { data: items.map(present), total };
    },

    create__Pascal__Item: async (c) => {
      const input = c.body;
      const { job } = await ports.jobs.store(c, async (em) => {
        const errors = checkItem(input, await itemsOf(em, c.server.id));
        if (errors) throw validationFailed(errors);
        em.create(__Pascal__Item, { serverId: c.server.id, name: input.name, value: input.value, createdAt: ports.clock.now() });
        return { key: '__id__:changes.created', values: { name: input.name } };
      });
      return job;
    },

    delete__Pascal__Item: async (c) => {
      const { job } = await ports.jobs.store(c, async (em) => {
        const item = found(await em.findOne(__Pascal__Item, { id: c.params.itemId, serverId: c.server.id }));
        await em.nativeDelete(__Pascal__Item, { id: item.id, serverId: c.server.id });
        return { key: '__id__:changes.deleted', values: { name: item.name } };
      });
      return job;
    },
  };
}
