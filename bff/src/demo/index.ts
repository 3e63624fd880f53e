/**
 * Demo mode on the server (issue 13, `DEMO=1`): the demo session, the contact form, and one middleware
 * that refuses every write of a demo portal (403 `errors.demo_read_only`) except the few operations a
 * visitor needs (sign-out, the contact form, the demo session itself, keeping the session alive).
 */
import type { Middleware } from 'koa';
import { startSession } from '@portal/core/accounts';
import { assertDemoContact, findDemoTarget, findDemoUser } from '@portal/core/demo';
import { NotAllowed, NotFound } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { setSessionCookies } from '../http/cookies.ts';
import { consume } from '../http/rate-limits.ts';
import { routeOf } from '../http/route.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentMe } from '../presenters/me.ts';

/** Operations a demo visitor may call with POST/PUT/PATCH/DELETE; everything else that writes is refused. */
export const demoWritesAllowed = new Set(['startDemoSession', 'sendDemoContact', 'logout', 'refreshSession']);

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 403 `errors.demo_read_only` for every write in demo mode (the web app disables them too); a no-op otherwise. */
export function demoReadOnly(deps: AppDeps): Middleware {
  return async (ctx, next) => {
    if (!deps.config.DEMO || !unsafe.has(ctx.method)) return next();
    const route = routeOf(ctx);
    if (!route.api || (route.operationId && demoWritesAllowed.has(route.operationId))) return next();
    throw NotAllowed('errors.demo_read_only');
  };
}

export const demoHandlers = defineHandlers({
  getDemo: async ({ em, deps }) => {
    if (!deps.config.DEMO) return { enabled: false };
    const target = await findDemoTarget(em);
    return target ? { enabled: true, ...target } : { enabled: true };
  },

  startDemoSession: async ({ em, deps, koa }) => {
    if (!deps.config.DEMO) throw NotFound();
    // The portal's shared limiter (Redis when configured), so every instance of the demo counts together.
    await consume(deps.rateLimits.demoSessionByClient, koa.ip);
    const user = await findDemoUser(em);
    if (!user) throw NotFound();
    const { config, clock } = deps;
    const issued = await startSession(em, user, clock, { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS }, { userAgent: koa.get('User-Agent') || undefined, ip: koa.ip });
    setSessionCookies(koa, config.secure, { token: issued.token, csrfToken: issued.csrfToken, expires: issued.session.expiresAt });
    return { expiresAt: issued.session.expiresAt.toISOString(), user: presentMe(user) };
  },

  sendDemoContact: async ({ body, deps, koa }) => {
    if (!deps.config.DEMO) throw NotFound();
    const contact = assertDemoContact(body);
    await consume(deps.rateLimits.demoContactByClient, koa.ip);
    await deps.mailer.send({ email: deps.config.DEMO_CONTACT_EMAIL, language: 'de' }, { kind: 'demoContact', ...contact });
    return noContent;
  },
});
