import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './User.ts';
import { Cluster } from './Cluster.ts';

/** The administrator role of a user for one cluster (spec §6). */
export const ClusterAdministrator = defineEntity({
  name: 'ClusterAdministrator',
  tableName: 'cluster_administrators',
  uniques: [{ properties: ['cluster', 'user'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    cluster: () => p.manyToOne(Cluster).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ClusterAdministrator = InferEntity<typeof ClusterAdministrator>;
