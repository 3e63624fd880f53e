import type { EntityManager } from '@mikro-orm/core';
import type { Middleware } from 'koa';
import { csrfMatches, findLiveSession, findTokenForBearer, User as UserEntity, type Session, type User } from '@portal/core/accounts';
import { DomainError, NotAllowed, Unauthenticated, withAuditScope } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { clearSessionCookies, cookieNames } from './cookies.ts';
import { localPortOf, logRefusedOrigin, originAllowed } from './origin.ts';
import { assertNotBlocked, recordFailure } from './rate-limits.ts';
import { routeOf } from './route.ts';

/** A browser with a session cookie. */
export interface SessionPrincipal {
  via: 'session';
  user: User;
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
 * Resolves the caller: `Authorization: Bearer <id>|<secret>` (a personal access token; the cookie is
 * then ignored) or the session cookie. An unknown, expired or deleted token is a 401 at once. A dead
 * session cookie is cleared, so the script-readable "logged in" cookie disappears and the frontend notices.
 */
export function authenticateRequest(deps: AppDeps): Middleware {
  const names = cookieNames(deps.config.secure);
  return async (ctx, next) => {
    if (!routeOf(ctx).api) return next();
    const em = deps.orm.em.fork();
    ctx.state.em = em;
    const authorization = ctx.get('Authorization');
    if (authorization) {
      // A client that presented too many invalid tokens is refused before any lookup (issue 8, defect 9).
      await assertNotBlocked(deps.rateLimits.invalidBearerByClient, ctx.ip);
      const bearer = /^Bearer\s+(.+)$/i.exec(authorization.trim());
      const pat = bearer ? await findTokenForBearer(em, bearer[1], deps.clock) : null;
      if (!pat) {
        await recordFailure(deps.rateLimits.invalidBearerByClient, ctx.ip);
        ctx.set('WWW-Authenticate', 'Bearer realm="portal", error="invalid_token"');
        throw Unauthenticated('errors.token_invalid');
      }
      ctx.state.principal = { via: 'token', user: pat.user, tokenId: pat.id, abilities: pat.abilities };
      return next();
    }
    const token = ctx.cookies.get(names.session);
    if (token) {
      const session = await findLiveSession(em, token, deps.clock);
      if (session) ctx.state.principal = { user: session.user, via: 'session', session, sessionToken: token };
      else clearSessionCookies(ctx, deps.config.secure);
      if (session?.impersonator) {
        // While impersonating, every audit entry of the request names the staff member too (issue 8, defect 10).
        const staff = await em.findOne(UserEntity, { id: session.impersonator.id }, { fields: ['email'] });
        if (staff) return withAuditScope({ impersonator: { id: staff.id, email: staff.email } }, next);
      }
    }
    await next();
  };
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
