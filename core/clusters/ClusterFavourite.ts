import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User, Cluster } from '../tenancy/index.ts';

/** A cluster a user starred on the cluster overview (§2 filter favourites; §3 favourite flag, per user). */
export const ClusterFavourite = defineEntity({
  name: 'ClusterFavourite',
  tableName: 'cluster_favourites',
  uniques: [{ properties: ['cluster', 'user'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    cluster: () => p.manyToOne(Cluster).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
  },
});
export type ClusterFavourite = InferEntity<typeof ClusterFavourite>;
