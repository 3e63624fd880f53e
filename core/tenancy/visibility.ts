import type { EntityManager } from '@mikro-orm/core';
import { CustomerManager } from './CustomerManager.ts';
import { Cluster } from './Cluster.ts';
import { ClusterAdministrator } from './ClusterAdministrator.ts';
import { Server } from './Server.ts';

export type ClusterRole = 'manager' | 'administrator';

export interface VisibleCluster {
  cluster: Cluster;
  role: ClusterRole;
  serverCount: number;
  /** Whether the user administrates the cluster (also when they manage its customer): may set the 2FA requirement. */
  administrator?: boolean;
}

export interface ClusterQuery {
  activeOnly?: boolean;
  search?: string;
  /** Only these clusters (a token limited to selected clusters, the user's favourites), so totals and pages count only them. */
  onlyIds?: number[];
  page: number;
  perPage: number;
}

/** Ids of the customers a user actively manages. */
export async function managedCustomerIds(em: EntityManager, userId: number): Promise<number[]> {
  const rows = await em.find(CustomerManager, { user: userId, active: true }, { fields: ['customer'] });
  return rows.map((r) => r.customer.id);
}

/**
 * The clusters a user can see: every cluster of a customer they manage, and every cluster they
 * administrate. Ordered by cluster number.
 */
export async function listVisibleClusters(
  em: EntityManager,
  userId: number,
  query: ClusterQuery,
): Promise<{ items: VisibleCluster[]; total: number }> {
  const customers = await managedCustomerIds(em, userId);
  const administrated = (await em.find(ClusterAdministrator, { user: userId }, { fields: ['cluster'] })).map((a) => a.cluster.id);
  if (!customers.length && !administrated.length) return { items: [], total: 0 };

  const where: Record<string, unknown> = {
    $or: [...(customers.length ? [{ customer: { $in: customers } }] : []), ...(administrated.length ? [{ id: { $in: administrated } }] : [])],
  };
  if (query.activeOnly) where.status = 'active';
  if (query.onlyIds) where.id = { $in: query.onlyIds };
  if (query.search?.trim()) {
    const like = `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Number and name of the cluster, the customer's company and (digits only) the customer number, as the table shows "Company (10001)".
    const term = query.search.trim();
    const customerNumber = /^\d{1,9}$/.test(term) ? [{ customer: { number: Number(term) } }] : [];
    where.$and = [{ $or: [{ number: { $ilike: like } }, { name: { $ilike: like } }, { customer: { company: { $ilike: like } } }, ...customerNumber] }];
  }
  const [clusters, total] = await em.findAndCount(Cluster, where, {
    populate: ['customer'],
    orderBy: { number: 'asc' },
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  const counts = new Map<number, number>();
  if (clusters.length) {
    const servers = await em.find(Server, { cluster: { $in: clusters.map((c) => c.id) } }, { fields: ['cluster'] });
    for (const s of servers) counts.set(s.cluster.id, (counts.get(s.cluster.id) ?? 0) + 1);
  }
  const items = clusters.map((cluster) => ({
    cluster,
    role: (customers.includes(cluster.customer.id) ? 'manager' : 'administrator') as ClusterRole,
    serverCount: counts.get(cluster.id) ?? 0,
    administrator: administrated.includes(cluster.id),
  }));
  return { items, total };
}

/** Ids of every cluster a user can see (for real-time rooms and access checks). */
export async function visibleClusterIds(em: EntityManager, userId: number): Promise<number[]> {
  const customers = await managedCustomerIds(em, userId);
  const administrated = (await em.find(ClusterAdministrator, { user: userId }, { fields: ['cluster'] })).map((a) => a.cluster.id);
  const managed = customers.length ? (await em.find(Cluster, { customer: { $in: customers } }, { fields: ['id'] })).map((c) => c.id) : [];
  return [...new Set([...managed, ...administrated])];
}

export interface ClusterAccess {
  cluster: Cluster;
  servers: Server[];
  /** Whether the user is an administrator of the cluster (Managed Center access). */
  isAdministrator: boolean;
  /** Whether the user actively manages the cluster's customer. */
  isManager: boolean;
}

/**
 * One cluster as a user may see it, with its servers; `null` when the cluster does not exist or the
 * user has no role for it (callers answer 404 in both cases, so ids are not probed).
 */
export async function findClusterAccess(em: EntityManager, userId: number, clusterId: number): Promise<ClusterAccess | null> {
  const cluster = await em.findOne(Cluster, { id: clusterId }, { populate: ['customer'] });
  if (!cluster) return null;
  const [isAdministrator, isManager] = await Promise.all([
    em.count(ClusterAdministrator, { cluster: clusterId, user: userId }).then((n) => n > 0),
    em.count(CustomerManager, { customer: cluster.customer.id, user: userId, active: true }).then((n) => n > 0),
  ]);
  if (!isAdministrator && !isManager) return null;
  const servers = await em.find(Server, { cluster: clusterId }, { orderBy: { name: 'asc' } });
  return { cluster, servers, isAdministrator, isManager };
}
