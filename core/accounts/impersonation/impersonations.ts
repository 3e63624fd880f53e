import { LockMode, type EntityManager } from '@mikro-orm/core';
import { credentialsRevoked } from '../sessions/revocations.ts';
import { keepEvenIfRefused, recordAudit, type Clock, DomainError, NotAllowed, NotFound, isDomainError, randomToken, sha256 } from '../../platform/index.ts';
import { normalizeEmail } from '../users/authenticate.ts';
import { Impersonation } from './Impersonation.ts';
import { Session } from '../sessions/Session.ts';
import { startSession, type IssuedSession, type SessionPolicy } from '../sessions/sessions.ts';
import { User } from '../../tenancy/index.ts';
import { actsAsStaff, atStaffDomain, type StaffDomains } from './staffDomain.ts';

/** How long a challenge link can be used. */
export const IMPERSONATION_LINK_MINUTES = 10;
/** Wrong two-factor codes a link survives; the next one kills it. */
export const IMPERSONATION_MAX_FAILED_CODES = 5;
/** An impersonation session lasts at most this long, whatever the normal session policy says. */
export const IMPERSONATION_MAX_HOURS = 2;

/** The client a staff member acts from, for the audit log. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** Checks the staff member's second factor; throws a 422 on a wrong code. */
export type SecondFactorCheck = (staff: User, code: string) => Promise<unknown>;

/** §8-style key for a link that is unknown, used, expired, burnt or not for this user. */
export const invalidImpersonationLink = () => NotFound('errors.invalid_impersonation_link');

/** Refuses a user's own security-sensitive actions (password, e-mail, tokens, 2FA, permissions) while a staff member acts as them. */
export function refuseWhileImpersonating(session: Pick<Session, 'impersonator'> | undefined | null): void {
  if (session?.impersonator) throw NotAllowed('errors.refused_while_impersonating');
}

const party = (u: User) => ({ id: u.id, email: u.email });

/**
 * A staff member asks to act as a user: a single-use challenge link, valid for ten minutes. Only staff
 * may ask, not for themselves and not for other staff members.
 */
export async function createImpersonationLink(
  em: EntityManager,
  clock: Clock,
  staff: User,
  targetEmail: string,
  client: ClientInfo = {},
  staffDomains: StaffDomains = [],
): Promise<{ impersonation: Impersonation; token: string; target: User }> {
  if (!actsAsStaff(staff, staffDomains)) throw NotAllowed('errors.staff_only');
  const target = await em.findOne(User, { email: normalizeEmail(targetEmail) });
  if (!target) throw NotFound('errors.impersonation_user_not_found');
  if (target.id === staff.id || target.isStaff || atStaffDomain(target.email, staffDomains)) throw NotAllowed('errors.impersonation_target_not_allowed');
  const token = randomToken(32);
  const now = clock.now();
  const impersonation = em.create(Impersonation, {
    staff,
    target,
    tokenHash: sha256(token),
    status: 'pending',
    createdAt: now,
    expiresAt: new Date(now.getTime() + IMPERSONATION_LINK_MINUTES * 60_000),
    failedAttempts: 0,
  } as Impersonation);
  recordAudit(em, clock, { action: 'impersonation.link_created', actor: party(staff), subject: party(target), ip: client.ip });
  await em.flush();
  return { impersonation, token, target };
}

export interface StartedImpersonation {
  issued: IssuedSession;
  target: User;
  staff: User;
}

/**
 * The challenge: the link's staff member proves themselves with their second factor. Then a session for
 * the target user starts, marked with the staff member, and the start is audited. A wrong code counts
 * against the link (and is audited); after five the link is dead.
 */
export async function startImpersonation(
  em: EntityManager,
  clock: Clock,
  request: { userId: number; token: string; code: string },
  checkSecondFactor: SecondFactorCheck,
  policy: SessionPolicy,
  client: ClientInfo = {},
  staffDomains: StaffDomains = [],
): Promise<StartedImpersonation> {
  const usable = (i: Impersonation | null): i is Impersonation =>
    !!i &&
    i.status === 'pending' &&
    i.target.id === request.userId &&
    i.expiresAt > clock.now() &&
    i.failedAttempts < IMPERSONATION_MAX_FAILED_CODES;

  const found = await em.findOne(Impersonation, { tokenHash: sha256(request.token) }, { populate: ['staff', 'target'] });
  if (!usable(found) || !actsAsStaff(found.staff, staffDomains)) throw invalidImpersonationLink();
  try {
    await checkSecondFactor(found.staff, request.code);
  } catch (e) {
    if (isDomainError(e) && e.code === 'validation') {
      // Kept although the request is refused (issue 8, defect 5): its own transaction after the request's.
      const failed = { id: found.id, attempts: found.failedAttempts + 1, staff: party(found.staff), target: party(found.target) };
      await keepEvenIfRefused(
        () => em.fork(),
        async (tx) => {
          await tx.nativeUpdate(Impersonation, { id: failed.id }, { failedAttempts: failed.attempts });
          recordAudit(tx, clock, { action: 'impersonation.failed', actor: failed.staff, subject: failed.target, ip: client.ip });
        },
      );
    }
    throw e;
  }

  return em.transactional(async (tx) => {
    // Lock and re-check: two tabs with the same link and code start one session, not two.
    const impersonation = await tx.findOne(Impersonation, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!usable(impersonation)) throw invalidImpersonationLink();
    const [staff, target] = await Promise.all([tx.findOneOrFail(User, found.staff.id), tx.findOneOrFail(User, found.target.id)]);
    const issued = await startSession(tx, target, clock, { idleMinutes: policy.idleMinutes, maxHours: Math.min(policy.maxHours, IMPERSONATION_MAX_HOURS) }, client);
    issued.session.impersonator = staff;
    const now = clock.now();
    Object.assign(impersonation, { status: 'active', startedAt: now, sessionId: issued.session.id });
    recordAudit(tx, clock, {
      action: 'impersonation.started',
      actor: party(staff),
      subject: party(target),
      ip: client.ip,
      details: { impersonationId: impersonation.id },
    });
    await tx.flush();
    return { issued, target, staff };
  });
}

/** The running impersonation behind a session, or `null` when the session is the user's own. */
export async function impersonationOf(em: EntityManager, session: Session): Promise<{ impersonation: Impersonation; staff: User } | null> {
  if (!session.impersonator) return null;
  const impersonation = await em.findOne(Impersonation, { sessionId: session.id, status: 'active' }, { populate: ['staff'] });
  return impersonation ? { impersonation, staff: impersonation.staff } : null;
}

/** The staff member ends the impersonation: the session goes and the end is audited. */
export async function endImpersonation(em: EntityManager, clock: Clock, session: Session, client: ClientInfo = {}): Promise<void> {
  if (!session.impersonator) throw new DomainError('conflict', 'errors.not_impersonating');
  await em.transactional(async (tx) => {
    const impersonation = await tx.findOne(Impersonation, { sessionId: session.id, status: 'active' }, { populate: ['staff', 'target'] });
    await tx.nativeDelete(Session, { id: session.id });
    credentialsRevoked({ sessions: [session.id] });
    if (impersonation) close(tx, clock, impersonation, 'ended', client.ip);
  });
}

function close(em: EntityManager, clock: Clock, impersonation: Impersonation, reason: 'ended' | 'session_ended', ip?: string | null): void {
  Object.assign(impersonation, { status: 'ended', endedAt: clock.now(), endReason: reason });
  recordAudit(em, clock, {
    action: 'impersonation.ended',
    actor: party(impersonation.staff),
    subject: party(impersonation.target),
    ip: ip ?? null,
    details: { impersonationId: impersonation.id, reason },
  });
}

/**
 * Impersonations whose session ended without the end button (signed out, expired, removed) are closed
 * and their end audited. Runs whenever impersonation state is read, so the log never shows a
 * running impersonation that is already over.
 */
export async function closeVanishedImpersonations(em: EntityManager, clock: Clock): Promise<number> {
  const active = await em.find(Impersonation, { status: 'active' }, { populate: ['staff', 'target'] });
  if (!active.length) return 0;
  const live = new Set(
    (await em.find(Session, { id: { $in: active.map((i) => i.sessionId!) }, expiresAt: { $gt: clock.now() } }, { fields: ['id'] })).map((s) => s.id),
  );
  const vanished = active.filter((i) => !live.has(i.sessionId!));
  for (const i of vanished) close(em, clock, i, 'session_ended');
  if (vanished.length) await em.flush();
  return vanished.length;
}
