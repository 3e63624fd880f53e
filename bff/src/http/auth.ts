import type { EntityManager } from '@mikro-orm/core';
import type { Middleware } from 'koa';
import { csrfMatches, findLiveSession, type Session, type User } from '@portal/core/accounts';
import { DomainError, NotAllowed } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { clearSessionCookies, cookieNames } from './cookies.ts';

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
 * Resolves the session cookie to a principal. A dead session cookie is cleared, so the
 * script-readable "logged in" cookie disappears and the frontend notices.
 */
export function authenticateRequest(deps: AppDeps): Middleware {
  const names = cookieNames(deps.config.secure);
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    const em = deps.orm.em.fork();
    ctx.state.em = em;
    const token = ctx.cookies.get(names.session);
    if (token) {
      const session = await findLiveSession(em, token, deps.clock);
      if (session) ctx.state.principal = { user: session.user, via: 'session', session, sessionToken: token };
      else clearSessionCookies(ctx, deps.config.secure);
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
    if (!ctx.path.startsWith('/api/') || !unsafe.has(ctx.method)) return next();
    const principal = ctx.state.principal;
    if (principal?.via === 'session') {
      if (!csrfMatches(principal.session, ctx.get('X-CSRF-Token') || undefined)) throw NotAllowed('errors.csrf');
    } else {
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      if ((origin && origin !== deps.config.publicOrigin && !deps.config.devOrigins.includes(origin)) || site === 'cross-site')
        throw NotAllowed('errors.csrf');
    }
    await next();
  };
}

/** While in maintenance, the API answers 503 `maintenance` (health stays up for the orchestrator). */
export function maintenanceGate(deps: AppDeps): Middleware {
  return async (ctx, next) => {
    if (deps.config.MAINTENANCE && ctx.path.startsWith('/api/v1/')) throw new DomainError('maintenance', 'errors.maintenance');
    await next();
  };
}
