import {
  DeliberateTestError,
  requestEmailChange,
  sendEmailCode,
  setTechnicalNotifications,
  updateProfile,
  verifyEmailCode,
} from '@portal/core/accounts';
import { NotAllowed } from '@portal/core/platform';
import type { Context } from 'koa';
import { credentialAllowsArea, type Principal } from '../http/auth.ts';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentProfile, presentTechnicalNotifications } from '../presenters/profile.ts';

/** "My data" is the token area `profile` (§3: profile/user management); cookie sessions always reach it. */
function requireProfileArea(principal: Principal | undefined): void {
  if (principal && !credentialAllowsArea(principal, 'profile')) throw NotAllowed('errors.token_not_allowed');
}

const tabOf = (koa: Context): string | undefined => koa.get('X-Client-Id').slice(0, 64) || undefined;

export const profileHandlers = defineHandlers({
  getProfile: ({ user, principal }) => {
    requireProfileArea(principal);
    return presentProfile(user);
  },

  updateProfile: async ({ em, deps, user, principal, body, koa }) => {
    requireProfileArea(principal);
    try {
      return presentProfile(await updateProfile(em, deps.events, user, body, tabOf(koa)));
    } catch (e) {
      // §5 R5.042: the deliberate test error must reach error reporting, marked as a test.
      if (e instanceof DeliberateTestError)
        deps.logger.error({ err: e, testError: true, userId: user.id, requestId: koa.state.requestId }, 'deliberate test error (department TEST_SENTRY)');
      throw e;
    }
  },

  requestEmailChange: async ({ em, deps, user, principal, body }) => {
    requireProfileArea(principal);
    await consume(deps.profileRateLimits.emailChangeByUser, String(user.id));
    return presentProfile(await requestEmailChange(em, deps.mailer, deps.clock, user, body));
  },

  requestEmailVerification: async ({ em, deps, user, principal }) => {
    requireProfileArea(principal);
    await consume(deps.profileRateLimits.emailCodeSendByUser, String(user.id));
    await sendEmailCode(em, deps.mailer, deps.clock, user);
    return noContent;
  },

  verifyEmail: async ({ em, deps, user, principal, body, koa }) => {
    requireProfileArea(principal);
    await consume(deps.profileRateLimits.emailCodeVerifyByUser, String(user.id));
    return presentProfile(await verifyEmailCode(em, deps.events, deps.clock, user, body.token, tabOf(koa)));
  },

  getTechnicalNotifications: ({ user, principal }) => {
    requireProfileArea(principal);
    return presentTechnicalNotifications(user.technicalNotifications);
  },

  subscribeTechnicalNotifications: async ({ em, user, principal }) => {
    requireProfileArea(principal);
    return presentTechnicalNotifications(await setTechnicalNotifications(em, user, true));
  },

  unsubscribeTechnicalNotifications: async ({ em, user, principal }) => {
    requireProfileArea(principal);
    return presentTechnicalNotifications(await setTechnicalNotifications(em, user, false));
  },
});
