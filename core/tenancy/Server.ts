import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Cluster } from './Cluster.ts';

export const serverRoles = ['loadbalancer', 'web', 'database', 'cache', 'search', 'storage'] as const;

/** One server of a cluster and the managed services it runs. */
export const Server = defineEntity({
  name: 'Server',
  tableName: 'servers',
  uniques: [{ properties: ['cluster', 'name'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    cluster: () => p.manyToOne(Cluster).deleteRule('cascade').index(),
    name: p.string().length(253),
    role: p.enum(serverRoles),
    ipv4: p.string().length(15).nullable(),
    /** Service ids, e.g. `nginx`, `php-fpm`, `mysql`, `redis`. */
    services: p.json<string[]>(),
  },
});
export type Server = InferEntity<typeof Server>;
