import { LockMode, type EntityManager } from '@mikro-orm/core';
import { ClusterAdministrator, CustomerManager, User, type genders } from '../../tenancy/index.ts';
import { type Clock, NotFound, ValidationFailed, hashPassword, randomToken, sha256 } from '../../platform/index.ts';
import { normalizeEmail } from '../users/authenticate.ts';
import { Invitation, type InvitationRole } from './Invitation.ts';
import { checkPassword } from '../password/passwordPolicy.ts';

/** How long an invitation link stays valid. */
export const INVITATION_VALID_DAYS = 14;

/** What a link carries: the token and the invited address, and on the typed routes the role and the invitation id. */
export interface InvitationKey {
  token: string;
  email: string;
  type?: InvitationRole;
  id?: number;
}

/** §8 "Invalid invitation or registration token": unknown, used, withdrawn, expired or not matching the link. */
export const invalidInvitationToken = () => NotFound('errors.invalid_invitation_token');

const answerable = new Set(['sent', 'open']);

export interface NewInvitation {
  email: string;
  role: InvitationRole;
  customerId?: number;
  clusterId?: number;
  invitedBy?: User | null;
  /** Only for seeded demo data: a fixed token instead of a random one. */
  token?: string;
  validDays?: number;
}

/** Creates an invitation and returns the plain token once; only its SHA-256 is stored. */
export async function createInvitation(em: EntityManager, clock: Clock, input: NewInvitation): Promise<{ invitation: Invitation; token: string }> {
  if ((input.role === 'manager') !== (input.customerId !== undefined) || (input.role === 'administrator') !== (input.clusterId !== undefined))
    throw new Error('a manager invitation names a customer, an administrator invitation a cluster');
  const token = input.token ?? randomToken(32);
  const now = clock.now();
  const invitation = em.create(Invitation, {
    email: normalizeEmail(input.email),
    role: input.role,
    customer: input.customerId ?? null,
    cluster: input.clusterId ?? null,
    tokenHash: sha256(token),
    status: 'sent',
    invitedBy: input.invitedBy ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (input.validDays ?? INVITATION_VALID_DAYS) * 86_400_000),
  } as Invitation);
  await em.flush();
  return { invitation, token };
}

/**
 * The invitation a link points to, if it can still be answered. Everything that does not fit (unknown
 * token, another address, another id or role, used, withdrawn, expired) fails the same way, so a link
 * reveals nothing beyond "valid" or "not valid". With `lock` the row is locked for the transaction.
 */
async function findAnswerable(em: EntityManager, clock: Clock, key: InvitationKey, lock = false): Promise<Invitation> {
  // The row lock goes on the invitation alone (PostgreSQL cannot lock the nullable side of an outer join).
  const invitation = await em.findOne(Invitation, { tokenHash: sha256(key.token) }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (invitation) await em.populate(invitation, ['customer', 'cluster.customer', 'invitedBy']);
  if (
    !invitation ||
    invitation.email !== normalizeEmail(key.email) ||
    (key.id !== undefined && invitation.id !== key.id) ||
    (key.type !== undefined && invitation.role !== key.type) ||
    !answerable.has(invitation.status) ||
    invitation.expiresAt <= clock.now()
  )
    throw invalidInvitationToken();
  return invitation;
}

export interface InvitationView {
  invitation: Invitation;
  /** Whether the invited address already has an account (then the invitee signs in to accept). */
  accountExists: boolean;
}

/** Shows an invitation to the holder of its link; the first look moves it from `sent` to `open`. */
export async function showInvitation(em: EntityManager, clock: Clock, key: InvitationKey): Promise<InvitationView> {
  const invitation = await findAnswerable(em, clock, key);
  if (invitation.status === 'sent') {
    invitation.status = 'open';
    await em.flush();
  }
  return { invitation, accountExists: (await em.count(User, { email: invitation.email })) > 0 };
}

/** Gives the user the invited role (idempotent when they already hold it) and marks the invitation accepted. */
async function grantRole(em: EntityManager, clock: Clock, invitation: Invitation, user: User): Promise<void> {
  if (invitation.role === 'manager') {
    const existing = await em.findOne(CustomerManager, { customer: invitation.customer!.id, user: user.id });
    if (existing) existing.active = true;
    else em.create(CustomerManager, { customer: invitation.customer!, user, active: true } as CustomerManager);
  } else if (!(await em.count(ClusterAdministrator, { cluster: invitation.cluster!.id, user: user.id }))) {
    em.create(ClusterAdministrator, { cluster: invitation.cluster!, user } as ClusterAdministrator);
  }
  invitation.status = 'accepted';
  invitation.respondedAt = clock.now();
  invitation.acceptedBy = user;
}

/**
 * A signed-in user accepts an invitation to their own address: the manager or administrator role and
 * the invitation's new state are written in one transaction (the invitation row is locked, so a link
 * cannot be used twice).
 */
export async function acceptInvitation(em: EntityManager, clock: Clock, key: InvitationKey, user: User): Promise<Invitation> {
  if (normalizeEmail(key.email) !== user.email) throw invalidInvitationToken();
  return em.transactional(async (tx) => {
    const invitation = await findAnswerable(tx, clock, key, true);
    await grantRole(tx, clock, invitation, tx.getReference(User, user.id) as User);
    return invitation;
  });
}

/** The invitee says no; the link is used up. */
export async function declineInvitation(em: EntityManager, clock: Clock, key: InvitationKey): Promise<Invitation> {
  return em.transactional(async (tx) => {
    const invitation = await findAnswerable(tx, clock, key, true);
    invitation.status = 'declined';
    invitation.respondedAt = clock.now();
    return invitation;
  });
}

export interface Registration {
  firstname: string;
  surname: string;
  gender?: (typeof genders)[number];
  language?: 'de' | 'en';
  password: string;
  passwordConfirmation: string;
}

/** Field errors of a registration (§5 password rules: 12–255 characters, strength, confirmation equal). */
function registrationErrors(email: string, r: Registration): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (!r.firstname.trim()) fields.firstname = ['validation.required'];
  if (!r.surname.trim()) fields.surname = ['validation.required'];
  const password = checkPassword(r.password, { email, firstname: r.firstname, surname: r.surname });
  if (password.length) fields.password = password;
  if (r.passwordConfirmation !== r.password) fields.password_confirmation = ['errors.password_confirmation'];
  return fields;
}

/**
 * Registration with an invitation (§2): creates the account for the invited address and accepts the
 * invitation in one transaction. The password must satisfy the password policy. The address counts as
 * verified: the link reached it.
 */
export async function registerWithInvitation(em: EntityManager, clock: Clock, key: InvitationKey, registration: Registration): Promise<User> {
  // Fail fast (and without spending a password hash) on a link that cannot be used.
  const found = await findAnswerable(em, clock, key);
  const fields = registrationErrors(found.email, registration);
  if (Object.keys(fields).length) throw ValidationFailed(fields);
  const passwordHash = await hashPassword(registration.password);
  return em.transactional(async (tx) => {
    const invitation = await findAnswerable(tx, clock, key, true);
    if (await tx.count(User, { email: invitation.email })) throw ValidationFailed({ email: ['errors.email_taken'] }, 'errors.email_taken');
    const user = tx.create(User, {
      email: invitation.email,
      passwordHash,
      firstname: registration.firstname.trim(),
      surname: registration.surname.trim(),
      gender: registration.gender ?? 'male',
      language: registration.language ?? 'de',
      emailVerified: true,
    } as User);
    await grantRole(tx, clock, invitation, user);
    return user;
  });
}
