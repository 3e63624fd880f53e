import type { EntityManager } from '@mikro-orm/core';
import { type Clock, randomToken, sha256 } from '../../platform/index.ts';
import { Session } from './Session.ts';
import { credentialsRevoked } from './revocations.ts';
import type { User } from '../../tenancy/index.ts';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export interface IssuedSession {
  /** The plain session token for the httpOnly cookie; only its hash is stored. */
  token: string;
  /** The plain CSRF token for the readable cookie; only its hash is stored. */
  csrfToken: string;
  session: Session;
}

/** Starts a new session for a user who just proved who they are. */
export async function startSession(
  em: EntityManager,
  user: User,
  clock: Clock,
  policy: SessionPolicy,
  client: { userAgent?: string; ip?: string } = {},
): Promise<IssuedSession> {
  const token = randomToken(32);
  const csrfToken = randomToken(32);
  const now = clock.now();
  const maxExpiresAt = new Date(now.getTime() + policy.maxHours * 3_600_000);
  const session = em.create(Session, {
    id: sha256(token),
    user,
    csrfHash: sha256(csrfToken),
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: idleExpiry(now, maxExpiresAt, policy),
    maxExpiresAt,
    publicId: randomToken(18),
  });
  await em.flush();
  return { token, csrfToken, session };
}

const idleExpiry = (now: Date, max: Date, policy: SessionPolicy) =>
  new Date(Math.min(now.getTime() + policy.idleMinutes * 60_000, max.getTime()));

/** The live session behind a cookie token, with its user; `null` when unknown or expired. */
export async function findLiveSession(em: EntityManager, token: string, clock: Clock): Promise<Session | null> {
  const session = await em.findOne(Session, { id: sha256(token) }, { populate: ['user'] });
  if (!session) return null;
  if (session.expiresAt <= clock.now()) {
    await em.nativeDelete(Session, { id: session.id });
    credentialsRevoked({ sessions: [session.id] });
    return null;
  }
  return session;
}

/** Slides the idle expiry forward (the portal refreshes every 15 minutes while open). */
export async function refreshSession(em: EntityManager, session: Session, clock: Clock, policy: SessionPolicy): Promise<Session> {
  const now = clock.now();
  session.lastSeenAt = now;
  session.expiresAt = idleExpiry(now, session.maxExpiresAt, policy);
  await em.flush();
  return session;
}

/** Ends one session on the server; a no-op for unknown tokens. */
export async function endSession(em: EntityManager, token: string): Promise<void> {
  const id = sha256(token);
  await em.nativeDelete(Session, { id });
  credentialsRevoked({ sessions: [id] });
}

/** Whether a presented CSRF token belongs to the session. */
export const csrfMatches = (session: Session, csrfToken: string | undefined): boolean =>
  !!csrfToken && sha256(csrfToken) === session.csrfHash;

/** The user's live sessions, most recently active first. */
export async function listSessions(em: EntityManager, userId: number, clock: Clock): Promise<Session[]> {
  return em.find(Session, { user: userId, expiresAt: { $gt: clock.now() } }, { orderBy: { lastSeenAt: 'desc', createdAt: 'desc' } });
}

/**
 * Ends every session of the user except `keepSessionId` (the caller's own); returns the internal ids
 * of the ended sessions (to close their real-time connections; never for a response).
 */
export async function endOtherSessions(em: EntityManager, userId: number, keepSessionId?: string): Promise<string[]> {
  const where = keepSessionId ? { user: userId, id: { $ne: keepSessionId } } : { user: userId };
  const ids = (await em.find(Session, where, { fields: ['id'] })).map((s) => s.id);
  if (ids.length) await em.nativeDelete(Session, { id: { $in: ids } });
  credentialsRevoked({ sessions: ids });
  return ids;
}

/** Whether the user already has a session from this browser (same user agent): then a sign-in is no news. */
export async function hasSessionFromBrowser(em: EntityManager, userId: number, userAgent: string | undefined): Promise<boolean> {
  return (await em.count(Session, { user: userId, userAgent: userAgent?.slice(0, 500) ?? null })) > 0;
}
