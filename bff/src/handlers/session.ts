import { authenticate, endSession, normalizeEmail, refreshSession, startSession } from '@portal/core/accounts';
import { Unauthenticated } from '@portal/core/platform';
import { clearSessionCookies, setSessionCookies } from '../http/cookies.ts';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentMe } from '../presenters/me.ts';

export const sessionHandlers = defineHandlers({
  /** Same answer for unknown e-mail and wrong password; the old session of this browser is replaced. */
  login: async ({ body, em, deps, koa, principal }) => {
    const { config, rateLimits, clock } = deps;
    await consume(rateLimits.loginByClient, koa.ip);
    const accountKey = `${normalizeEmail(body.email)}|${koa.ip}`;
    await consume(rateLimits.loginByAccount, accountKey);
    const user = await authenticate(em, body.email, body.password);
    await rateLimits.loginByAccount.delete(accountKey);
    if (principal?.via === 'session') await endSession(em, principal.sessionToken);
    const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
    const issued = await startSession(em, user, clock, policy, { userAgent: koa.get('User-Agent'), ip: koa.ip });
    setSessionCookies(koa, config.secure, { token: issued.token, csrfToken: issued.csrfToken, expires: issued.session.expiresAt });
    return { expiresAt: issued.session.expiresAt.toISOString(), user: presentMe(user) };
  },

  logout: async ({ em, deps, koa, principal }) => {
    if (principal?.via === 'session') {
      await endSession(em, principal.sessionToken);
      await deps.events.publish('session.ended', { sessionId: principal.session.id }, { users: [principal.user.id] });
    }
    clearSessionCookies(koa, deps.config.secure);
    return noContent;
  },

  refreshSession: async ({ em, deps, koa, principal, user }) => {
    if (principal?.via !== 'session') throw Unauthenticated();
    const { config, clock } = deps;
    const session = await refreshSession(em, principal.session, clock, {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      maxHours: config.SESSION_MAX_HOURS,
    });
    setSessionCookies(koa, config.secure, { expires: session.expiresAt });
    return { expiresAt: session.expiresAt.toISOString(), user: presentMe(user) };
  },
});
