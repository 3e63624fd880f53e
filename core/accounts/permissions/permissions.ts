import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Cluster, ClusterAdministrator, Customer, CustomerManager, type User } from '../../tenancy/index.ts';
import { recordAudit, type Clock, Conflict, NotAllowed, NotFound, type EventBus } from '../../platform/index.ts';
import { normalizeEmail } from '../users/authenticate.ts';

/**
 * The signed-in user's own permissions (spec §2 "My data" → permissions, §3 Permission entry): the
 * customers they manage (role manager) and the cluster contracts they administrate (role administrator).
 * A cluster is the contract, so `contract_id` is the cluster's id.
 */

/** The customers a user manages, by customer number. */
export async function listManagedCustomers(em: EntityManager, userId: number): Promise<CustomerManager[]> {
  return em.find(CustomerManager, { user: userId }, { populate: ['customer'], orderBy: { customer: { number: 'asc' } } });
}

/** The cluster contracts a user administrates, by cluster number. */
export async function listAdministratedContracts(em: EntityManager, userId: number): Promise<ClusterAdministrator[]> {
  return em.find(ClusterAdministrator, { user: userId }, { populate: ['cluster.customer'], orderBy: { cluster: { number: 'asc' } } });
}

export interface RevokeContext {
  clock: Clock;
  events: EventBus;
  ip?: string;
}

/**
 * §5 removal rules of a manager, for the user themselves (revoke) and for a manager removing a colleague
 * (customer dashboard): refused (§8) while the manager is a partner manager, the customer's contact
 * person, or its last active manager. Call it inside the transaction that holds the customer row lock.
 */
export async function assertManagerRemovable(em: EntityManager, customer: Customer, membership: CustomerManager, manager: Pick<User, 'id' | 'isPartner'>): Promise<void> {
  if (manager.isPartner) throw Conflict('errors.manager_not_removable_partner_manager');
  if (customer.contactPerson?.id === manager.id) throw Conflict('errors.manager_not_removable_contact_person');
  if (membership.active && (await em.count(CustomerManager, { customer: customer.id, active: true })) <= 1)
    throw Conflict('errors.manager_not_removable_last_manager');
}

/** §5: an administrator who is also a manager of the cluster's customer cannot be removed until the manager right is revoked. */
export async function assertAdministratorRemovable(em: EntityManager, cluster: Cluster, userId: number): Promise<void> {
  if (await em.count(CustomerManager, { customer: cluster.customer.id, user: userId }))
    throw Conflict('errors.administrator_not_removable_still_manager');
}

/** Users revoke only their own permissions (§6): the e-mail of the request must be the caller's. */
function assertOwn(user: User, email: string): void {
  if (normalizeEmail(email) !== user.email) throw NotAllowed('errors.permission_not_own');
}

/**
 * The user gives up managing a customer. Refused (§5, §8) while they are the customer's partner manager
 * (a partner who manages it), its contact person, or its last active manager. The customer row is
 * locked, so two managers cannot both leave at the same moment and leave the customer without one.
 */
export async function revokeManagedCustomer(em: EntityManager, ctx: RevokeContext, user: User, request: { email: string; customerId: number }): Promise<void> {
  assertOwn(user, request.email);
  const customer = await em.transactional(async (tx) => {
    // Lock the customer row first and read the membership after it: every revocation of this customer's
    // managers queues here, so of 50 identical requests one finds the right (204) and the others find it
    // gone (404), and two managers leaving at once see each other's removal (the second is the last one).
    const customer = await tx.findOne(Customer, { id: request.customerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!customer) throw NotFound('errors.permission_not_found');
    const membership = await tx.findOne(CustomerManager, { customer: request.customerId, user: user.id }, { refresh: true });
    if (!membership) throw NotFound('errors.permission_not_found');
    await assertManagerRemovable(tx, customer, membership, user);
    tx.remove(membership);
    recordAudit(tx, ctx.clock, {
      action: 'permission.revoked',
      actor: user,
      subject: user,
      ip: ctx.ip,
      details: { role: 'manager', customerId: customer.id, customerNumber: customer.number },
    });
    return customer;
  });
  await ctx.events.publish('permissions.changed', { userId: user.id }, { users: [user.id], customers: [customer.id] });
}

/**
 * The user gives up administrating a cluster contract. Refused (§5, §8) while they are also a manager
 * of the cluster's customer: the manager right has to go first.
 */
export async function revokeAdministratedContract(em: EntityManager, ctx: RevokeContext, user: User, request: { email: string; contractId: number }): Promise<void> {
  assertOwn(user, request.email);
  const cluster = await em.transactional(async (tx) => {
    // Lock the cluster row before reading the role (same reason as above: one 204 for identical requests).
    const cluster = await tx.findOne(Cluster, { id: request.contractId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!cluster) throw NotFound('errors.permission_not_found');
    const role = await tx.findOne(ClusterAdministrator, { cluster: request.contractId, user: user.id }, { refresh: true });
    if (!role) throw NotFound('errors.permission_not_found');
    await assertAdministratorRemovable(tx, cluster, user.id);
    tx.remove(role);
    recordAudit(tx, ctx.clock, {
      action: 'permission.revoked',
      actor: user,
      subject: user,
      ip: ctx.ip,
      details: { role: 'administrator', clusterId: cluster.id, clusterNumber: cluster.number },
    });
    return cluster;
  });
  await ctx.events.publish('permissions.changed', { userId: user.id }, { users: [user.id], clusters: [cluster.id] });
}
