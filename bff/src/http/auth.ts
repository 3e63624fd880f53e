import type { EntityManager } from '@mikro-orm/core';
import type { Middleware } from 'koa';
import {
  csrfMatches,
  findLiveSession,
  findTokenForBearer,
  providerDate,
  Session as SessionEntity,
  User as UserEntity,
  type Session,
  type User,
} from '@portal/core/accounts';
import { DomainError, NotAllowed, Unauthenticated, sha256, withAuditScope } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { clearSessionCookies, cookieNames } from './cookies.ts';
import { mergeCached, type CachedSession, type CachedToken } from './principal-cache.ts';
import { localPortOf, logRefusedOrigin, originAllowed } from './origin.ts';
import { assertNotBlocked, recordFailure } from './rate-limits.ts';
import { routeOf } from './route.ts';

/** The user's scalar fields the API shows about the caller (`GET /me`); no ORM entity behind it. */
export type UserProfile = Pick<
  User,
  'id' | 'email' | 'firstname' | 'surname' | 'language' | 'forcedMode' | 'darkMode' | 'container' | 'isPartner' | 'emailVerified' | 'twoFactorEnabled' | 'twoFactorConfirmed'
>;

/** A browser with a session cookie. */
export interface SessionPrincipal {
  via: 'session';
  /** The user as a managed entity of the request's EntityManager (built on first use from a cache hit). */
  user: User;
  /** The user's profile fields, read without the ORM. */
  profile: UserProfile;
  session: Session;
  sessionToken: string;
}

/**
 * A third party with a personal access token (`Authorization: Bearer <id>|<secret>`).
 * Abilities (spec §3): `*` full access; otherwise any of `clusters:*` (all clusters),
 * `cluster:<id>` (selected clusters), `profile` (profile and user management), `accounting`.
 */
export interface TokenPrincipal {
  via: 'token';
  user: User;
  profile: UserProfile;
  tokenId: number;
  abilities: string[];
}

/** Who is calling. */
export type Principal = SessionPrincipal | TokenPrincipal;

export type TokenArea = 'profile' | 'accounting';

/** What an operation says about personal access tokens in the contract (`x-token-area`, `x-session-only`). */
export interface TokenPolicy {
  /** The area a token needs an ability for; no area: tokens are refused. */
  tokenArea?: TokenArea | 'clusters';
  /** Browser sessions only (sign-in, password, two-factor, token management). */
  sessionOnly?: boolean;
  /** Needs no signed-in caller (health, sign-in): a token changes nothing there. */
  public?: boolean;
}

/** Whether the caller's credential reaches this cluster at all (roles are checked separately). */
export function credentialAllowsCluster(principal: Principal, clusterId: number): boolean {
  if (principal.via === 'session') return true;
  const a = principal.abilities;
  return a.includes('*') || a.includes('clusters:*') || a.includes(`cluster:${clusterId}`);
}

/** Whether the caller's credential reaches an area (profile/user management, accounting). */
export function credentialAllowsArea(principal: Principal, area: TokenArea): boolean {
  return principal.via === 'session' || principal.abilities.includes('*') || principal.abilities.includes(area);
}

/**
 * Whether a token may call an operation at all (cookie sessions always may; roles and single clusters
 * are checked by the handler). Default deny: an operation that names no area refuses tokens, so a new
 * operation is never reachable with a token by accident.
 */
export function credentialAllowsOperation(principal: Principal | undefined, policy: TokenPolicy): boolean {
  if (principal?.via !== 'token') return true;
  if (policy.sessionOnly) return false;
  if (!policy.tokenArea) return !!policy.public;
  if (policy.tokenArea !== 'clusters') return credentialAllowsArea(principal, policy.tokenArea);
  return principal.abilities.some((a) => a === '*' || a === 'clusters:*' || a.startsWith('cluster:'));
}

/** Throws 403 `errors.token_not_allowed` when a token may not call the operation. */
export function assertCredentialAllowsOperation(principal: Principal | undefined, policy: TokenPolicy): void {
  if (!credentialAllowsOperation(principal, policy)) throw NotAllowed('errors.token_not_allowed');
}

/**
 * For operations of the clusters area with a `clusterId` path parameter: a token must reach that
 * cluster (`*`, `clusters:*` or `cluster:<id>`), else 403, before the handler runs.
 */
export function assertCredentialAllowsPathCluster(principal: Principal | undefined, policy: TokenPolicy, params: Record<string, unknown>): void {
  if (principal?.via !== 'token' || policy.tokenArea !== 'clusters' || params.clusterId === undefined) return;
  if (!credentialAllowsCluster(principal, Number(params.clusterId))) throw NotAllowed('errors.token_not_allowed');
}

declare module 'koa' {
  interface DefaultState {
    requestId?: string;
    principal?: Principal;
    /** The request's own EntityManager fork; handlers and auth share it. */
    em?: EntityManager;
  }
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The request's EntityManager, forked on first use: a request answered from the principal cache without a
 * query (`GET /me`) never pays for the fork. The fork is kept in `ctx.state.em` (a plain property: the
 * router's operation context forks through the same `??=`), so auth and handler share one.
 */
function lazyEntityManager(state: { em?: EntityManager }, deps: AppDeps): () => EntityManager {
  return () => (state.em ??= deps.orm.em.fork());
}

/**
 * A principal from a cache hit: the entities are merged into the request's EntityManager only when touched.
 * Classes with their accessors on the prototype (issue 14): an object literal with getters makes new
 * closures per request, which kept requests alive across young-generation collections under load.
 */
class CachedSessionPrincipal implements SessionPrincipal {
  readonly via = 'session' as const;
  readonly sessionToken: string;
  readonly profile: UserProfile;
  readonly #em: () => EntityManager;
  readonly #entry: CachedSession;
  #user: User | undefined;
  #session: Session | undefined;
  constructor(em: () => EntityManager, entry: CachedSession, sessionToken: string) {
    this.#em = em;
    this.#entry = entry;
    this.sessionToken = sessionToken;
    this.profile = entry.user as unknown as UserProfile;
  }
  get user(): User {
    return (this.#user ??= mergeCached<User>(this.#em(), UserEntity, this.#entry.user));
  }
  get session(): Session {
    if (!this.#session) {
      void this.user; // the session's user reference resolves to the same managed entity
      this.#session = mergeCached<Session>(this.#em(), SessionEntity, this.#entry.session);
    }
    return this.#session;
  }
}

class CachedTokenPrincipal implements TokenPrincipal {
  readonly via = 'token' as const;
  readonly tokenId: number;
  readonly abilities: string[];
  readonly profile: UserProfile;
  readonly #em: () => EntityManager;
  readonly #entry: CachedToken;
  #user: User | undefined;
  constructor(em: () => EntityManager, entry: CachedToken) {
    this.#em = em;
    this.#entry = entry;
    this.tokenId = entry.tokenId;
    this.abilities = entry.abilities;
    this.profile = entry.user as unknown as UserProfile;
  }
  get user(): User {
    return (this.#user ??= mergeCached<User>(this.#em(), UserEntity, this.#entry.user));
  }
}

/**
 * Resolves the caller: `Authorization: Bearer <id>|<secret>` (a personal access token; the cookie is
 * then ignored) or the session cookie. An unknown, expired or deleted token is a 401 at once. A dead
 * session cookie is cleared, so the script-readable "logged in" cookie disappears and the frontend notices.
 * Callers seen in the last seconds come from the principal cache (see principal-cache.ts) without a
 * query; a state-changing request drops its caller's entries once it is done.
 */
export function authenticateRequest(deps: AppDeps): Middleware {
  const names = cookieNames(deps.config.secure);
  const cache = deps.principals;
  return async (ctx, next) => {
    if (!routeOf(ctx).api) return next();
    const em = lazyEntityManager(ctx.state, deps);
    const now = deps.clock.now().getTime();
    const authorization = ctx.get('Authorization');
    const unsafeMethod = unsafe.has(ctx.method);
    if (authorization) {
      // A client that presented too many invalid tokens is refused before any lookup (issue 8, defect 9).
      await assertNotBlocked(deps.rateLimits.invalidBearerByClient, ctx.ip);
      const bearer = /^Bearer\s+(.+)$/i.exec(authorization.trim());
      const key = bearer ? sha256(bearer[1].trim()) : '';
      let entry = bearer ? cache?.token(key, now) : undefined;
      if (entry?.expiresOn && entry.expiresOn < providerDate(new Date(now))) entry = undefined;
      let principal: TokenPrincipal | undefined = entry && new CachedTokenPrincipal(em, entry);
      if (!principal) {
        const epoch = cache?.epoch ?? 0;
        const pat = bearer ? await findTokenForBearer(em(), bearer[1], deps.clock) : null;
        if (pat) {
          cache?.storeToken(epoch, key, pat, now);
          principal = { via: 'token', user: pat.user, profile: pat.user, tokenId: pat.id, abilities: pat.abilities };
        }
      }
      if (!principal) {
        await recordFailure(deps.rateLimits.invalidBearerByClient, ctx.ip);
        ctx.set('WWW-Authenticate', 'Bearer realm="portal", error="invalid_token"');
        throw Unauthenticated('errors.token_invalid');
      }
      ctx.state.principal = principal;
      if (unsafeMethod) void principal.user; // writes run in a transaction fork: the user must be managed before it
      return afterWrite(principal, unsafeMethod, next);
    }
    const token = ctx.cookies.get(names.session);
    if (token) {
      const sessionId = sha256(token);
      const entry = cache?.session(sessionId, now);
      let principal: SessionPrincipal | undefined;
      let impersonator: { id: number; email: string } | undefined;
      if (entry) {
        principal = new CachedSessionPrincipal(em, entry, token);
        impersonator = entry.impersonator;
      } else {
        const epoch = cache?.epoch ?? 0;
        const session = await findLiveSession(em(), token, deps.clock);
        if (session) {
          principal = { user: session.user, profile: session.user, via: 'session', session, sessionToken: token };
          if (session.impersonator) {
            const staff = await em().findOne(UserEntity, { id: session.impersonator.id }, { fields: ['email'] });
            if (staff) impersonator = { id: staff.id, email: staff.email };
          }
          cache?.storeSession(epoch, session, now, impersonator);
        } else clearSessionCookies(ctx, deps.config.secure);
      }
      if (principal) {
        ctx.state.principal = principal;
        if (unsafeMethod) void principal.session; // writes run in a transaction fork: entities must be managed before it
        // While impersonating, every audit entry of the request names the staff member too (issue 8, defect 10).
        if (impersonator) return withAuditScope({ impersonator }, () => afterWrite(principal, unsafeMethod, next));
        return afterWrite(principal, unsafeMethod, next);
      }
    }
    await next();
  };

  /** After a state-changing request the caller's cached credentials go: the request may have changed them. */
  async function afterWrite(principal: Principal, write: boolean, next: () => Promise<unknown>): Promise<void> {
    if (!write || !cache) {
      await next();
      return;
    }
    try {
      await next();
    } finally {
      cache.invalidateUser(principal.profile.id);
    }
  }
}

/**
 * CSRF protection for cookie sessions: a state-changing request must repeat the session's CSRF token
 * in `X-CSRF-Token`. Requests without a session (sign-in) must come from our own origin.
 */
export function csrfProtection(deps: AppDeps): Middleware {
  return async (ctx, next) => {
    if (!routeOf(ctx).api || !unsafe.has(ctx.method)) return next();
    const principal = ctx.state.principal;
    // A bearer token is not sent by browsers on their own, so it needs no CSRF protection.
    if (principal?.via === 'token') return next();
    if (principal?.via === 'session') {
      if (!csrfMatches(principal.session, ctx.get('X-CSRF-Token') || undefined)) throw NotAllowed('errors.csrf');
    } else {
      // Without a session (sign-in, password reset, …) the request must come from our own origin. A
      // refusal says so — it is no expired session (issue 8, defect 11) — and the log names both sides.
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      if ((origin && !originAllowed(deps.config, origin, localPortOf(ctx.req))) || site === 'cross-site') {
        logRefusedOrigin(deps.logger, deps.config, origin || `(Sec-Fetch-Site: ${site})`, 'api', ctx.state.requestId);
        throw NotAllowed('errors.origin_refused');
      }
    }
    await next();
  };
}

/** While in maintenance, the API answers 503 `maintenance` (health stays up for the orchestrator). */
export function maintenanceGate(deps: AppDeps): Middleware {
  return async (ctx, next) => {
    const route = routeOf(ctx);
    // Every API request but the probes (health, readiness) and the reference — decided on the matched route.
    const exempt = route.operationId ? !route.operationPath?.startsWith('/api/v1/') : !ctx.path.startsWith('/api/v1/');
    if (deps.config.MAINTENANCE && route.api && !exempt) throw new DomainError('maintenance', 'errors.maintenance');
    await next();
  };
}
