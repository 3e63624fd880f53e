import type { EntityManager } from '@mikro-orm/core';
import type { User } from '@portal/core/accounts';
import { findClusterAccess, type Cluster, type Server } from '@portal/core/clusters';
import { NotAllowed, NotFound } from '@portal/core/platform';

/** A server the caller may manage, with its cluster and the cluster's servers (the switcher). */
export interface ManagedAccess {
  cluster: Cluster;
  server: Server;
  servers: Server[];
}

export interface Caller {
  user: User;
  /** Whether the credential (session, or token abilities) reaches the cluster. */
  allowsCluster(clusterId: number): boolean;
}

/** What the caller asks for beyond the server itself. */
export interface ManagedTarget {
  /** A module in the beta phase (manifest `stage: 'beta'`): the cluster's customer must be registered for it (§8). */
  beta?: boolean;
}

/** Whether a plugin is in the beta phase (its manifest's `stage`). */
export const isBeta = (plugin: { manifest?: { stage?: string } }): boolean => plugin.manifest?.stage === 'beta';

/** Whether the customer owning the cluster is registered for the beta phase (§8, R8.004). */
export const betaRegistered = (cluster: Cluster): boolean => !!cluster.customer.betaRegistered;

/** Whether a user has working two-factor authentication. */
export const hasTwoFactor = (user: User): boolean => user.twoFactorEnabled && user.twoFactorConfirmed;

/**
 * The one access check of the Managed Center, for every platform and plugin operation and for
 * joining a server's real-time room: the cluster must be visible (404 otherwise, so ids are not
 * probed), the credential must reach it, the caller must administrate it, the server must belong to
 * it, and when the cluster requires two-factor authentication the caller must have it. A module in
 * the beta phase further needs the cluster's customer registered for it (403 `errors.beta_not_registered`).
 */
export async function authorizeManagedServer(em: EntityManager, caller: Caller, clusterId: number, serverId: number, target: ManagedTarget = {}): Promise<ManagedAccess> {
  const access = await findClusterAccess(em, caller.user.id, clusterId);
  if (!access) throw NotFound('errors.cluster_not_found');
  if (!caller.allowsCluster(clusterId)) throw NotAllowed('errors.token_not_allowed');
  if (!access.isAdministrator) throw NotAllowed('errors.managed_administrators_only');
  const server = access.servers.find((s) => s.id === serverId);
  if (!server) throw NotFound('errors.server_not_found');
  if (access.cluster.forceTwoFactor && !hasTwoFactor(caller.user)) throw NotAllowed('errors.two_factor_required');
  if (target.beta && !betaRegistered(access.cluster)) throw NotAllowed('errors.beta_not_registered');
  return { cluster: access.cluster, server, servers: access.servers };
}
