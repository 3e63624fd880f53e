import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One entry of a server: the desired state that is rendered into `/etc/portal/firewall.conf`. */
export const FirewallItem = defineEntity({
  name: 'FirewallItem',
  tableName: 'firewall_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(64),
    value: p.string().length(255),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type FirewallItem = InferEntity<typeof FirewallItem>;
