import { randomUUID } from 'node:crypto';
import { helper, type EntityData, type EntityManager } from '@mikro-orm/core';
import { onCredentialsRevoked, type PersonalAccessToken, type Session, type User, type CredentialRevocation } from '@portal/core/accounts';
import type { EventBus } from '@portal/core/platform';

/**
 * The signed-in callers of the last seconds, in process (issue 14): session (by its internal id, the
 * SHA-256 of the cookie token) or personal access token (by the SHA-256 of the presented bearer value)
 * → the row data of the session/token and its user. A hit costs no query and no ORM hydration: the
 * request gets the user's scalar profile at once and managed entities only when a handler touches them.
 *
 * Revocation stays immediate: an entry goes
 * - when core says a credential ended (`onCredentialsRevoked`: sign-out, other sessions ended, password
 *   changed or reset, token deleted, impersonation ended, an expired session removed);
 * - on the domain events `session.ended`, `user.updated` and `permissions.changed` (every entry of the
 *   event's users), so a change made by somebody else (staff, a customer's manager) is seen at once;
 * - after every state-changing request of the user (`invalidateUser`), so the caller's own changes are;
 * - on a message on the Redis channel `portal:credentials-revoked` (every instance publishes each of the
 *   above there), so another instance drops its copy within the Redis round trip;
 * - at the latest after `ttlMs` (default 5 s), so a change nobody announced heals by itself.
 * A lookup that raced with a revocation (read before, stored after) is not stored (epoch check).
 */
export interface CachedCredential {
  userId: number;
  /** The user's row as loaded (MikroORM's snapshot; property names, database values). */
  user: EntityData<User>;
  cachedAt: number;
}

export interface CachedSession extends CachedCredential {
  session: EntityData<Session>;
  sessionId: string;
  expiresAt: number;
  /** While impersonating: the staff member, for the audit scope. */
  impersonator?: { id: number; email: string };
}

export interface CachedToken extends CachedCredential {
  tokenId: number;
  abilities: string[];
  expiresOn: string | null;
}

/** A redis client as far as used here (node-redis v5). */
export interface RedisPubSub {
  publish(channel: string, message: string): Promise<unknown>;
  duplicate(): RedisPubSub;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  quit(): Promise<unknown>;
}

export const revocationChannel = 'portal:credentials-revoked';
const revocationEvents = new Set(['session.ended', 'user.updated', 'permissions.changed']);

export class PrincipalCache {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly #sessions = new Map<string, CachedSession>();
  readonly #tokens = new Map<string, CachedToken>();
  /** user id → keys of its sessions and tokens. */
  readonly #byUser = new Map<number, Set<string>>();
  readonly #instance = randomUUID();
  readonly #unsubscribe: (() => void)[] = [];
  #epoch = 0;
  #redis?: RedisPubSub;
  #subscriber?: RedisPubSub;

  constructor(options: { ttlMs?: number; maxEntries?: number; events?: EventBus } = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.#unsubscribe.push(onCredentialsRevoked((r) => this.revoke(r)));
    if (options.events)
      this.#unsubscribe.push(
        options.events.subscribe((event) => {
          if (revocationEvents.has(event.type)) {
            const sessionId = (event.payload as { sessionId?: unknown } | undefined)?.sessionId;
            this.revoke({ users: event.audience.users, sessions: typeof sessionId === 'string' ? [sessionId] : undefined });
          }
        }),
      );
  }

  /** Shares revocations with the other instances through Redis pub/sub (publish and listen). */
  async connectRedis(redis: RedisPubSub): Promise<void> {
    this.#redis = redis;
    const subscriber = redis.duplicate();
    await subscriber.connect();
    await subscriber.subscribe(revocationChannel, (message) => {
      try {
        const { from, revocation } = JSON.parse(message) as { from: string; revocation: CredentialRevocation };
        if (from !== this.#instance) this.revoke(revocation, false);
      } catch {
        /* not ours */
      }
    });
    this.#subscriber = subscriber;
  }

  /** The epoch to hand back to `store*`: a revocation in between makes the store a no-op. */
  get epoch(): number {
    return this.#epoch;
  }

  session(sessionId: string, now: number): CachedSession | undefined {
    const entry = this.#sessions.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs || entry.expiresAt <= now) {
      this.#drop(this.#sessions, sessionId);
      return undefined;
    }
    return entry;
  }

  token(key: string, now: number): CachedToken | undefined {
    const entry = this.#tokens.get(key);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs) {
      this.#drop(this.#tokens, key);
      return undefined;
    }
    return entry;
  }

  /** Remembers a session loaded from the database (with its user populated). */
  storeSession(epoch: number, session: Session, now: number, impersonator?: { id: number; email: string }): CachedSession | undefined {
    if (!this.ttlMs || epoch !== this.#epoch) return undefined;
    const entry: CachedSession = {
      userId: session.user.id,
      user: snapshot(session.user),
      session: snapshot(session),
      sessionId: session.id,
      expiresAt: session.expiresAt.getTime(),
      cachedAt: now,
      impersonator,
    };
    this.#store(this.#sessions, session.id, entry);
    return entry;
  }

  /** Remembers a token loaded from the database (with its user populated). */
  storeToken(epoch: number, key: string, token: PersonalAccessToken, now: number): CachedToken | undefined {
    if (!this.ttlMs || epoch !== this.#epoch) return undefined;
    const entry: CachedToken = {
      userId: token.user.id,
      user: snapshot(token.user),
      tokenId: token.id,
      abilities: [...token.abilities],
      expiresOn: token.expiresOn ? String(token.expiresOn) : null,
      cachedAt: now,
    };
    this.#store(this.#tokens, key, entry);
    return entry;
  }

  /** Drops every cached credential of the user, here and (through Redis) on the other instances. */
  invalidateUser(userId: number): void {
    this.revoke({ users: [userId] });
  }

  /** Drops the named credentials; `broadcast` also tells the other instances. */
  revoke(revocation: CredentialRevocation, broadcast = true): void {
    this.#epoch++;
    for (const id of revocation.sessions ?? []) this.#drop(this.#sessions, id);
    if (revocation.tokens?.length) {
      const ids = new Set(revocation.tokens);
      for (const [key, entry] of this.#tokens) if (ids.has(entry.tokenId)) this.#drop(this.#tokens, key);
    }
    for (const userId of revocation.users ?? []) {
      for (const key of this.#byUser.get(userId) ?? []) {
        this.#drop(this.#sessions, key);
        this.#drop(this.#tokens, key);
      }
      this.#byUser.delete(userId);
    }
    if (broadcast && this.#redis)
      this.#redis.publish(revocationChannel, JSON.stringify({ from: this.#instance, revocation })).catch(() => undefined);
  }

  get size(): number {
    return this.#sessions.size + this.#tokens.size;
  }

  clear(): void {
    this.#epoch++;
    this.#sessions.clear();
    this.#tokens.clear();
    this.#byUser.clear();
  }

  async close(): Promise<void> {
    for (const u of this.#unsubscribe.splice(0)) u();
    this.clear();
    await this.#subscriber?.quit().catch(() => undefined);
  }

  #store<T extends CachedCredential>(map: Map<string, T>, key: string, entry: T): void {
    if (this.size >= this.maxEntries) {
      // Oldest first (insertion order); a tenth at once, so a full cache does not evict on every store.
      for (const m of [this.#sessions, this.#tokens] as Map<string, CachedCredential>[])
        for (const k of [...m.keys()].slice(0, Math.ceil(m.size / 10))) this.#drop(m, k);
    }
    map.set(key, entry);
    let keys = this.#byUser.get(entry.userId);
    if (!keys) this.#byUser.set(entry.userId, (keys = new Set()));
    keys.add(key);
  }

  #drop(map: Map<string, CachedCredential>, key: string): void {
    const entry = map.get(key);
    if (!entry) return;
    map.delete(key);
    const keys = this.#byUser.get(entry.userId);
    keys?.delete(key);
    if (keys && !keys.size) this.#byUser.delete(entry.userId);
  }
}

/** The entity's row data as loaded (what MikroORM compares a flush against). */
function snapshot<T extends object>(entity: T): EntityData<T> {
  return { ...(helper(entity).__originalEntityData as EntityData<T>) };
}

/** A managed entity in `em` from cached row data, without a query (the row counts as loaded as-is). */
export function mergeCached<T extends object>(em: EntityManager, entityName: { name: string } & object, data: EntityData<T>): T {
  return em.merge(entityName as never, { ...data } as never, { convertCustomTypes: true }) as T;
}
