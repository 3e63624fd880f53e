import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One entry of a server: the desired state that is rendered into `__configPath__`. */
export const __Pascal__Item = defineEntity({
  name: '__Pascal__Item',
  tableName: '__table__',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(64),
    value: p.string().length(255),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type __Pascal__Item = InferEntity<typeof __Pascal__Item>;
