import type { EntityManager } from '@mikro-orm/core';
import { ValidationFailed } from '../platform/index.ts';
import type { Cluster } from '../tenancy/index.ts';
import { ClusterFavourite } from './ClusterFavourite.ts';

/** Ids of the clusters a user starred. */
export async function favouriteClusterIds(em: EntityManager, userId: number): Promise<number[]> {
  return (await em.find(ClusterFavourite, { user: userId }, { fields: ['cluster'] })).map((f) => f.cluster.id);
}

/** Stars or unstars a cluster for a user (idempotent); the caller has checked that the user sees it. */
export async function setClusterFavourite(em: EntityManager, userId: number, clusterId: number, favourite: boolean): Promise<void> {
  if (!favourite) {
    await em.nativeDelete(ClusterFavourite, { user: userId, cluster: clusterId });
    return;
  }
  if (!(await em.count(ClusterFavourite, { user: userId, cluster: clusterId }))) {
    em.create(ClusterFavourite, { user: userId, cluster: clusterId } as unknown as ClusterFavourite);
    await em.flush();
  }
}

/**
 * Whether the cluster's contract is productive (§4 Cluster name). The contract of a cluster is the
 * cluster itself today: productive means contract mode `production`. When billing brings contracts of
 * its own, this is the one place to ask them.
 */
export const isProductive = (cluster: Pick<Cluster, 'contractMode'>): boolean => cluster.contractMode === 'production';

/**
 * Renames a cluster and/or changes its description (§2 cluster overview). The name can change only
 * while the contract is productive (§4, §8 `errors.cluster_name_not_productive`); the description always.
 * A new name for a development cluster is bad input of that field (422 on `name`, nothing saved), so the form
 * shows it at the name and keeps the description typed beside it; the unchanged name may be sent along.
 */
export async function updateClusterDetails(em: EntityManager, cluster: Cluster, change: { name?: string; description?: string | null }): Promise<Cluster> {
  const name = change.name?.trim();
  if (change.name !== undefined && !name) throw ValidationFailed({ name: ['validation.required'] });
  if (name !== undefined && name !== cluster.name && !isProductive(cluster)) throw ValidationFailed({ name: ['errors.cluster_name_not_productive'] });
  if (name !== undefined) cluster.name = name;
  if (change.description !== undefined) cluster.description = change.description?.trim() || null;
  await em.flush();
  return cluster;
}
