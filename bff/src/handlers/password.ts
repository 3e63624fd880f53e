import { findPasswordResetToken, normalizeEmail, requestPasswordReset, resetPassword } from '@portal/core/accounts';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';

export const passwordHandlers = defineHandlers({
  /**
   * Same answer for every address. The lookup and the mail run after the answer, so neither the
   * answer nor its timing tells whether the address has an account.
   */
  requestPasswordReset: async ({ deps, body, koa }) => {
    await consume(deps.profileRateLimits.passwordForgotByClient, koa.ip);
    await consume(deps.profileRateLimits.passwordForgotByEmail, normalizeEmail(body.email));
    const link = (token: string) => `${deps.config.PUBLIC_URL}/a/password/reset/${token}`;
    const requestId = koa.state.requestId;
    void requestPasswordReset(deps.orm.em.fork(), deps.mailer, deps.clock, body.email, link).catch((err: unknown) =>
      deps.logger.error({ err, requestId }, 'password reset mail failed'),
    );
    return noContent;
  },

  checkPasswordResetToken: async ({ em, deps, body, koa }) => {
    await consume(deps.profileRateLimits.passwordResetByClient, koa.ip);
    await findPasswordResetToken(em, deps.clock, body.token);
    return noContent;
  },

  resetPassword: async ({ em, deps, body, koa }) => {
    await consume(deps.profileRateLimits.passwordResetByClient, koa.ip);
    await resetPassword(em, deps.events, deps.clock, body);
    return noContent;
  },
});
