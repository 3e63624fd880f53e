import type { Context } from 'koa';
import {
  authenticate,
  completeTwoFactorChallenge,
  endSession,
  findTwoFactorChallenge,
  hasSessionFromBrowser,
  normalizeEmail,
  refreshSession,
  requiresSecondFactor,
  startSession,
  startTwoFactorChallenge,
  twoFactorSecretBox,
  type User,
} from '@portal/core/accounts';
import { Unauthenticated } from '@portal/core/platform';
import type { EntityManager } from '@mikro-orm/core';
import type { AppDeps } from '../deps.ts';
import type { Principal } from '../http/auth.ts';
import { clearSessionCookies, setSessionCookies } from '../http/cookies.ts';
import { accountFailure } from '../http/account-lockout.ts';
import { assertNotBlocked, consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentMe } from '../presenters/me.ts';

/**
 * Starts the session once the user proved who they are (password, and the second factor when they
 * have one): replaces this browser's previous session, sets the cookies, and mails a sign-in notice
 * when the browser has no session of the user yet.
 */
async function signIn(em: EntityManager, deps: AppDeps, koa: Context, principal: Principal | undefined, user: User) {
  const { config, clock } = deps;
  const userAgent = koa.get('User-Agent') || undefined;
  const knownBrowser = await hasSessionFromBrowser(em, user.id, userAgent);
  if (principal?.via === 'session') await endSession(em, principal.sessionToken);
  const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
  const issued = await startSession(em, user, clock, policy, { userAgent, ip: koa.ip });
  setSessionCookies(koa, config.secure, { token: issued.token, csrfToken: issued.csrfToken, expires: issued.session.expiresAt });
  if (!knownBrowser) {
    // The notification centre shows it too (core/notifications: `session.new_browser`).
    await deps.events.publish('session.new_browser', { sessionId: issued.session.id, browser: userAgent ?? '', ip: koa.ip }, { users: [user.id] });
    // A failing mail server must not fail the sign-in.
    await deps.mailer
      .send(
        { email: user.email, language: user.language, firstname: user.firstname, surname: user.surname },
        { kind: 'newLogin', at: clock.now(), ip: koa.ip, userAgent },
      )
      .catch((err: unknown) => deps.logger.warn({ err, userId: user.id }, 'sign-in notice not sent'));
  }
  return { expiresAt: issued.session.expiresAt.toISOString(), user: presentMe(user) };
}

export const sessionHandlers = defineHandlers({
  /**
   * Same answer for unknown e-mail and wrong password. With two-factor authentication the right
   * password yields a challenge instead of a session.
   */
  login: async ({ body, em, deps, koa, principal }) => {
    const { rateLimits, clock } = deps;
    await consume(rateLimits.loginByClient, koa.ip);
    const accountKey = `${normalizeEmail(body.email)}|${koa.ip}`;
    await consume(rateLimits.loginByAccount, accountKey);
    // Across client addresses too: a distributed guess of one account's password (issue 8, defect 9).
    await assertNotBlocked(rateLimits.loginFailuresByAccount, normalizeEmail(body.email));
    const user = await authenticate(em, body.email, body.password).catch(async (e: unknown) => {
      await accountFailure(em, deps, body.email);
      throw e;
    });
    await rateLimits.loginByAccount.delete(accountKey);
    if (requiresSecondFactor(user)) {
      const challenge = await startTwoFactorChallenge(em, user, clock);
      return { twoFactorRequired: true as const, challenge: challenge.token, expiresAt: challenge.expiresAt.toISOString() };
    }
    return signIn(em, deps, koa, principal, user);
  },

  /** The second step: 5 attempts per user and minute; the challenge is used up by the right code. */
  completeTwoFactorLogin: async ({ body, em, deps, koa, principal }) => {
    const challenge = await findTwoFactorChallenge(em, body.challenge, deps.clock);
    await consume(deps.rateLimits.twoFactorByUser, String(challenge.user.id));
    const { user } = await completeTwoFactorChallenge(em, challenge, { code: body.code, recoveryCode: body.recoveryCode }, deps.clock, twoFactorSecretBox(deps.config));
    await deps.rateLimits.twoFactorByUser.delete(String(user.id));
    return signIn(em, deps, koa, principal, user);
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
