import QRCode from 'qrcode';
import {
  changePassword,
  confirmTwoFactorActivation,
  disableTwoFactor,
  endOtherSessions,
  getRecoveryPhone,
  listSessions,
  removeRecoveryPhone,
  renewRecoveryCodes,
  setRecoveryPhone,
  startTwoFactorActivation,
  twoFactorSecretBox,
  twoFactorState,
  type User,
} from '@portal/core/accounts';
import { Conflict, Unauthenticated, type MailTemplate } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import type { Principal, SessionPrincipal } from '../http/auth.ts';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentSession } from '../presenters/security.ts';

/** These operations are `x-session-only` in the contract; this narrows the type. */
function sessionOf(principal: Principal | undefined): SessionPrincipal {
  if (principal?.via !== 'session') throw Unauthenticated();
  return principal;
}

/** Password re-entry is rate-limited per user (10 per 15 minutes). */
const passwordAttempt = (deps: AppDeps, user: User) => consume(deps.rateLimits.passwordCheckByUser, String(user.id));

/** Tells the user about a change of their sign-in security; a failing mail server does not undo it. */
async function notify(deps: AppDeps, user: User, template: MailTemplate): Promise<void> {
  await deps.mailer
    .send({ email: user.email, language: user.language, firstname: user.firstname, surname: user.surname }, template)
    .catch((err: unknown) => deps.logger.warn({ err, userId: user.id, mail: template.kind }, 'security notice not sent'));
}

/** Other tabs of the user reload their profile (two-factor flags are part of `Me`). */
const userChanged = (deps: AppDeps, user: User, origin: string) =>
  deps.events.publish('user.updated', { id: user.id, twoFactorEnabled: user.twoFactorEnabled, twoFactorConfirmed: user.twoFactorConfirmed, origin: origin || undefined }, { users: [user.id] });

const endedSessions = (deps: AppDeps, user: User, ids: string[]) =>
  Promise.all(ids.map((sessionId) => deps.events.publish('session.ended', { sessionId }, { users: [user.id] })));

export const securityHandlers = defineHandlers({
  updatePassword: async ({ em, deps, user, body, principal }) => {
    const session = sessionOf(principal);
    await passwordAttempt(deps, user);
    const { endedSessions: ended, tokensRevoked } = await changePassword(
      em,
      user,
      { passwordOld: body.password_old, password: body.password, passwordConfirmation: body.password_confirmation },
      session.session.id,
      { revokeTokens: body.revoke_tokens !== false },
    );
    await endedSessions(deps, user, ended);
    return { otherSessionsEnded: ended.length, tokensRevoked };
  },

  getTwoFactorStatus: async ({ em, user }) => twoFactorState(em, user),

  enableTwoFactor: async ({ em, deps, user, body, koa }) => {
    await passwordAttempt(deps, user);
    const activation = await startTwoFactorActivation(em, user, body.password, deps.clock, twoFactorSecretBox(deps.config));
    const svg = await QRCode.toString(activation.uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    await userChanged(deps, user, koa.get('X-Client-Id').slice(0, 64));
    return { secret: activation.secret, otpauthUri: activation.uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  },

  confirmTwoFactor: async ({ em, deps, user, body, koa }) => {
    await consume(deps.rateLimits.twoFactorByUser, String(user.id));
    const recoveryCodes = await confirmTwoFactorActivation(em, user, body.code, deps.clock, twoFactorSecretBox(deps.config));
    await deps.rateLimits.twoFactorByUser.delete(String(user.id));
    await userChanged(deps, user, koa.get('X-Client-Id').slice(0, 64));
    await notify(deps, user, { kind: 'twoFactorEnabled' });
    return { recoveryCodes };
  },

  renewTwoFactorRecoveryCodes: async ({ em, deps, user, body }) => {
    await passwordAttempt(deps, user);
    return { recoveryCodes: await renewRecoveryCodes(em, user, body.password, deps.clock) };
  },

  disableTwoFactor: async ({ em, deps, user, body, koa }) => {
    await passwordAttempt(deps, user);
    // A code or recovery code counts against the same 5 per minute as the sign-in challenge.
    if (body.code !== undefined || body.recoveryCode !== undefined) await consume(deps.rateLimits.twoFactorByUser, String(user.id));
    await disableTwoFactor(em, user, body.password, { code: body.code, recoveryCode: body.recoveryCode }, deps.clock, twoFactorSecretBox(deps.config));
    await userChanged(deps, user, koa.get('X-Client-Id').slice(0, 64));
    await notify(deps, user, { kind: 'twoFactorDisabled' });
    return noContent;
  },

  /** §7: 409 means there is no number. */
  getTwoFactorRecoveryPhone: async ({ em, user }) => {
    const phone = await getRecoveryPhone(em, user);
    if (!phone) throw Conflict('errors.recovery_phone_missing');
    return { phone_number: phone };
  },

  updateTwoFactorRecoveryPhone: async ({ em, user, body }) => ({ phone_number: await setRecoveryPhone(em, user, body.phone_number) }),

  deleteTwoFactorRecoveryPhone: async ({ em, user }) => {
    await removeRecoveryPhone(em, user);
    return noContent;
  },

  listSessions: async ({ em, deps, user, principal }) => {
    const current = sessionOf(principal);
    // Demo visitors all share the demo user (issue 31): each sees only its own session, never another visitor's address and browser.
    const sessions = deps.config.DEMO ? [current.session] : await listSessions(em, user.id, deps.clock);
    return { data: sessions.map((s) => presentSession(s, current.session.id)) };
  },

  endOtherSessions: async ({ em, deps, user, principal }) => {
    const current = sessionOf(principal);
    const ended = await endOtherSessions(em, user.id, current.session.id);
    await endedSessions(deps, user, ended);
    return { ended: ended.length };
  },
});
