import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  assertAdministratorRemovable,
  assertManagerRemovable,
  createInvitation,
  Invitation,
  INVITATION_VALID_DAYS,
  normalizeEmail,
  type InvitationRole,
} from '../accounts/index.ts';
import { Cluster, ClusterAdministrator, Customer, CustomerManager, User } from '../tenancy/index.ts';
import { recordAudit } from '../platform/index.ts';
import type { Clock } from '../platform/index.ts';
import { Conflict, NotFound } from '../platform/index.ts';
import type { EventBus } from '../platform/index.ts';
import type { Mailer } from '../platform/index.ts';
import { randomToken, sha256 } from '../platform/index.ts';

/** What team changes need: time, mail, events, and the portal's public address for links. */
export interface TeamContext {
  clock: Clock;
  mailer: Mailer;
  events: EventBus;
  /** e.g. `https://portal.example.com` (PUBLIC_URL); links go to `/a/...` under it. */
  publicUrl: string;
  ip?: string;
}

export interface CustomerTeam {
  managers: { membership: CustomerManager; isContactPerson: boolean }[];
  clusters: { cluster: Cluster; administrators: ClusterAdministrator[] }[];
  /** Sent or opened, not yet expired (§4 Invitations). */
  invitations: Invitation[];
}

/** The customer dashboard's team view: managers, clusters with their administrators, open invitations. */
export async function customerTeam(em: EntityManager, clock: Clock, customer: Customer): Promise<CustomerTeam> {
  const [managers, clusters] = await Promise.all([
    em.find(CustomerManager, { customer: customer.id }, { populate: ['user'], orderBy: { user: { surname: 'asc', firstname: 'asc' } } }),
    em.find(Cluster, { customer: customer.id }, { orderBy: { number: 'asc' } }),
  ]);
  const clusterIds = clusters.map((c) => c.id);
  const administrators = clusterIds.length
    ? await em.find(ClusterAdministrator, { cluster: { $in: clusterIds } }, { populate: ['user'], orderBy: { user: { surname: 'asc', firstname: 'asc' } } })
    : [];
  const invitations = await em.find(
    Invitation,
    {
      status: { $in: ['sent', 'open'] },
      expiresAt: { $gt: clock.now() },
      $or: [{ customer: customer.id }, ...(clusterIds.length ? [{ cluster: { $in: clusterIds } }] : [])],
    },
    { populate: ['cluster', 'invitedBy'], orderBy: { createdAt: 'desc' } },
  );
  return {
    managers: managers.map((membership) => ({ membership, isContactPerson: customer.contactPerson?.id === membership.user.id })),
    clusters: clusters.map((cluster) => ({ cluster, administrators: administrators.filter((a) => a.cluster.id === cluster.id) })),
    invitations,
  };
}

/** A cluster of this customer, else 404 (foreign clusters look like unknown ones). */
async function clusterOf(em: EntityManager, customer: Customer, clusterId: number): Promise<Cluster> {
  const cluster = await em.findOne(Cluster, { id: clusterId, customer: customer.id });
  if (!cluster) throw NotFound('errors.cluster_not_found');
  return cluster;
}

/**
 * The invitation link: an address with an account signs in and accepts (`/invitation/{type}/…`), a new
 * address registers (`/registration/{type}/…`); both routes exist in the accounts area.
 */
function invitationLink(ctx: TeamContext, invitation: Invitation, token: string, accountExists: boolean): string {
  const route = accountExists ? 'invitation' : 'registration';
  return `${ctx.publicUrl}/a/${route}/${invitation.role}/${encodeURIComponent(token)}/${encodeURIComponent(invitation.email)}/${invitation.id}`;
}

/**
 * The inviter as the invitation mail names them: the account's stored name, but only as a name — a
 * first name or surname is free text up to 255 characters, and "Visit https://…" or an address in it
 * would reach any mailbox under the portal's sender (issue 31). Words that look like a link, a domain
 * or an e-mail address are left out, control characters and runs of spaces collapse, and the result is
 * cut at 60 characters; when nothing is left, the inviter's e-mail address stands in (it is theirs).
 */
export function inviterNameForMail(inviter: Pick<User, 'firstname' | 'surname' | 'email'>): string {
  const linkLike = /^(?:[a-z][a-z0-9+.-]*:|www\.)|[@/\\]|\.[a-z]{2,}|\d+\.\d+\.\d+/i;
  const words = `${inviter.firstname ?? ''} ${inviter.surname ?? ''}`
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !linkLike.test(w));
  let name = '';
  for (const w of words) {
    if ((name ? name.length + 1 : 0) + w.length > 60) break;
    name = name ? `${name} ${w}` : w;
  }
  return name || inviter.email;
}

async function sendInvitation(em: EntityManager, ctx: TeamContext, invitation: Invitation, token: string, inviter: User, language: 'de' | 'en'): Promise<void> {
  const account = await em.findOne(User, { email: invitation.email });
  const target = invitation.role === 'manager' ? `${invitation.customer!.company} (${invitation.customer!.number})` : `${invitation.cluster!.name} (${invitation.cluster!.number})`;
  await ctx.mailer.send(
    { email: invitation.email, language: account?.language ?? language, firstname: account?.firstname, surname: account?.surname },
    {
      kind: 'invitation',
      role: invitation.role,
      target,
      invitedBy: inviterNameForMail(inviter),
      link: invitationLink(ctx, invitation, token, !!account),
      validDays: INVITATION_VALID_DAYS,
    },
  );
}

export interface NewTeamInvitation {
  email: string;
  role: InvitationRole;
  /** For `administrator`: a cluster of the customer. */
  clusterId?: number;
}

/**
 * A manager invites an address to manage the customer or to administrate one of its clusters (§2
 * Administrators and managers). Refused (409) when the address already holds the role or has an open
 * invitation for it. The invitation e-mail goes out after the invitation is stored.
 */
export async function inviteToCustomer(em: EntityManager, ctx: TeamContext, customer: Customer, inviter: User, input: NewTeamInvitation): Promise<Invitation> {
  const email = normalizeEmail(input.email);
  const cluster = input.role === 'administrator' ? await clusterOf(em, customer, input.clusterId ?? 0) : undefined;
  const existing = await em.findOne(User, { email });
  if (existing) {
    const holds =
      input.role === 'manager'
        ? await em.count(CustomerManager, { customer: customer.id, user: existing.id, active: true })
        : await em.count(ClusterAdministrator, { cluster: cluster!.id, user: existing.id });
    if (holds) throw Conflict(input.role === 'manager' ? 'errors.invitation_already_manager' : 'errors.invitation_already_administrator');
  }
  const open = await em.count(Invitation, {
    email,
    role: input.role,
    status: { $in: ['sent', 'open'] },
    expiresAt: { $gt: ctx.clock.now() },
    ...(cluster ? { cluster: cluster.id } : { customer: customer.id }),
  });
  if (open) throw Conflict('errors.invitation_exists');
  const { invitation, token } = await createInvitation(em, ctx.clock, {
    email,
    role: input.role,
    ...(cluster ? { clusterId: cluster.id } : { customerId: customer.id }),
    invitedBy: inviter,
  });
  await em.populate(invitation, ['customer', 'cluster', 'invitedBy']);
  await sendInvitation(em, ctx, invitation, token, inviter, customer.language);
  return invitation;
}

/** An open invitation of this customer or one of its clusters, else 404. */
async function openInvitationOf(em: EntityManager, customer: Customer, invitationId: number): Promise<Invitation> {
  const invitation = await em.findOne(
    Invitation,
    { id: invitationId, status: { $in: ['sent', 'open'] }, $or: [{ customer: customer.id }, { cluster: { customer: customer.id } }] },
    { populate: ['customer', 'cluster', 'invitedBy'] },
  );
  if (!invitation) throw NotFound('errors.invitation_not_found');
  return invitation;
}

/**
 * Sends an open invitation again: only the hash of the token is stored, so the mail carries a new
 * token (the old link stops working) and the link is valid for another 14 days.
 */
export async function resendInvitation(em: EntityManager, ctx: TeamContext, customer: Customer, inviter: User, invitationId: number): Promise<Invitation> {
  const invitation = await openInvitationOf(em, customer, invitationId);
  const token = randomToken(32);
  invitation.tokenHash = sha256(token);
  invitation.status = 'sent';
  invitation.expiresAt = new Date(ctx.clock.now().getTime() + INVITATION_VALID_DAYS * 86_400_000);
  await em.flush();
  await sendInvitation(em, ctx, invitation, token, inviter, customer.language);
  return invitation;
}

/** Withdraws an open invitation (§4: deleted); its link no longer works. */
export async function deleteInvitation(em: EntityManager, clock: Clock, customer: Customer, invitationId: number): Promise<void> {
  const invitation = await openInvitationOf(em, customer, invitationId);
  invitation.status = 'deleted';
  invitation.respondedAt = clock.now();
  await em.flush();
}

/**
 * A manager removes a manager of the customer (also themselves) with the §5 rules (partner manager,
 * contact person, last active manager; §8 messages). The customer row is locked for the transaction.
 */
export async function removeCustomerManager(em: EntityManager, ctx: TeamContext, customer: Customer, actor: User, userId: number): Promise<void> {
  await em.transactional(async (tx) => {
    const locked = await tx.findOneOrFail(Customer, { id: customer.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    const membership = await tx.findOne(CustomerManager, { customer: customer.id, user: userId }, { populate: ['user'] });
    if (!membership) throw NotFound('errors.manager_not_found');
    await assertManagerRemovable(tx, locked, membership, membership.user);
    tx.remove(membership);
    recordAudit(tx, ctx.clock, {
      action: 'customer.manager_removed',
      actor,
      subject: membership.user,
      ip: ctx.ip,
      details: { customerId: customer.id, customerNumber: customer.number },
    });
  });
  await ctx.events.publish('permissions.changed', { userId }, { users: [userId], customers: [customer.id] });
}

/** A manager removes an administrator of one of the customer's clusters (§5: not while they are a manager of the customer). */
export async function removeClusterAdministrator(em: EntityManager, ctx: TeamContext, customer: Customer, actor: User, clusterId: number, userId: number): Promise<void> {
  await em.transactional(async (tx) => {
    const cluster = await clusterOf(tx, customer, clusterId);
    const role = await tx.findOne(ClusterAdministrator, { cluster: cluster.id, user: userId }, { populate: ['user'] });
    if (!role) throw NotFound('errors.administrator_not_found');
    await assertAdministratorRemovable(tx, cluster, userId);
    tx.remove(role);
    recordAudit(tx, ctx.clock, {
      action: 'customer.administrator_removed',
      actor,
      subject: role.user,
      ip: ctx.ip,
      details: { clusterId: cluster.id, clusterNumber: cluster.number },
    });
  });
  await ctx.events.publish('permissions.changed', { userId }, { users: [userId], clusters: [clusterId] });
}
