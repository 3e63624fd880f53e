import {
  actsAsStaff,
  closeVanishedImpersonations,
  createImpersonationLink,
  endImpersonation,
  endSession,
  impersonationOf,
  parseStaffDomains,
  refuseWhileImpersonating,
  startImpersonation,
  twoFactorSecretBox,
  verifySecondFactor,
  type SecondFactorCheck,
} from '@portal/core/accounts';
import { NotAllowed } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { clearSessionCookies, setSessionCookies } from '../http/cookies.ts';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentMe } from '../presenters/me.ts';
import type { EntityManager } from '@mikro-orm/core';

/** The challenge asks the staff member for a code of their authenticator app (the security module's TOTP check). */
const staffSecondFactor =
  (em: EntityManager, deps: AppDeps): SecondFactorCheck =>
  (staff, code) =>
    verifySecondFactor(em, staff, { code }, deps.clock, twoFactorSecretBox(deps.config));

/** Impersonation (§6): staff reach a customer's view only through a two-factor challenge link; audited. */
export const impersonationHandlers = defineHandlers({
  getImpersonation: async ({ em, deps, user, principal }) => {
    const session = principal?.via === 'session' ? principal.session : undefined;
    await closeVanishedImpersonations(em, deps.clock);
    const running = session ? await impersonationOf(em, session) : null;
    return {
      active: !!session?.impersonator,
      impersonator: running ? { firstname: running.staff.firstname, surname: running.staff.surname, email: running.staff.email } : null,
      startedAt: running?.impersonation.startedAt?.toISOString() ?? null,
      canImpersonate: actsAsStaff(user, parseStaffDomains(deps.config.STAFF_EMAIL_DOMAIN)) && !session?.impersonator,
    };
  },

  createImpersonationLink: async ({ em, deps, user, body, koa, principal }) => {
    refuseWhileImpersonating(principal?.via === 'session' ? principal.session : undefined);
    const staffDomains = parseStaffDomains(deps.config.STAFF_EMAIL_DOMAIN);
    if (!actsAsStaff(user, staffDomains)) throw NotAllowed('errors.staff_only');
    await consume(deps.rateLimits.impersonationLinkByStaff, String(user.id));
    const { impersonation, token, target } = await createImpersonationLink(em, deps.clock, user, body.email, { ip: koa.ip }, staffDomains);
    koa.status = 201;
    return {
      path: `/a/impersonate-two-factor-challenge/${target.id}/${token}`,
      expiresAt: impersonation.expiresAt.toISOString(),
      user: { id: target.id, email: target.email, firstname: target.firstname, surname: target.surname },
    };
  },

  /** The browser's previous session (usually the staff member's own) ends; the new one is the user's, marked. */
  startImpersonation: async ({ em, deps, body, koa, principal }) => {
    const { config, clock } = deps;
    await consume(deps.rateLimits.impersonationStartByClient, koa.ip);
    const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
    const { issued, target } = await startImpersonation(em, clock, body, staffSecondFactor(em, deps), policy, {
      ip: koa.ip,
      userAgent: koa.get('User-Agent') || undefined,
    }, parseStaffDomains(config.STAFF_EMAIL_DOMAIN));
    if (principal?.via === 'session') {
      await endSession(em, principal.sessionToken);
      await deps.events.publish('session.ended', { sessionId: principal.session.id }, { users: [principal.user.id] });
    }
    setSessionCookies(koa, config.secure, { token: issued.token, csrfToken: issued.csrfToken, expires: issued.session.expiresAt });
    return { expiresAt: issued.session.expiresAt.toISOString(), user: presentMe(target) };
  },

  endImpersonation: async ({ em, deps, koa, principal }) => {
    if (principal?.via !== 'session') throw NotAllowed('errors.token_not_allowed');
    await endImpersonation(em, deps.clock, principal.session, { ip: koa.ip });
    await deps.events.publish('session.ended', { sessionId: principal.session.id }, { users: [principal.user.id] });
    clearSessionCookies(koa, deps.config.secure);
    return noContent;
  },
});
