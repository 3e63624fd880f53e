import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The desired state of a server before its first apply (e.g. the demo fixtures, which are stored but
 * never applied). When that first apply fails, the host asks `restore(null)` for "the state before
 * anything was applied": that is this snapshot, not an empty server.
 */
export const DnsBaseline = defineEntity({
  name: 'DnsBaseline',
  tableName: 'dns_baselines',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    snapshot: p.json<unknown>(),
    createdAt: p.datetime(),
  },
});
export type DnsBaseline = InferEntity<typeof DnsBaseline>;
