import type { EntityManager } from '@mikro-orm/core';
import { normalizeEmail, User } from '@portal/core/accounts';
import type { AppDeps } from '../deps.ts';
import { accountLockMinutes, recordFailure } from './rate-limits.ts';

/**
 * Counts a failed sign-in against the account, whatever the client address. When the failure uses up
 * the account's allowance (LOGIN_ACCOUNT_LIMIT per hour), its sign-in pauses for the rest of the hour
 * and the owner — if the address belongs to an account — gets one notice e-mail with the way to a new
 * password. The answer to the caller does not change, so it tells nothing about the account.
 */
export async function accountFailure(em: EntityManager, deps: AppDeps, email: string): Promise<void> {
  const key = normalizeEmail(email);
  const { exhaustedNow } = await recordFailure(deps.rateLimits.loginFailuresByAccount, key);
  if (!exhaustedNow) return;
  const user = await em.findOne(User, { email: key });
  deps.logger.warn({ userId: user?.id ?? null }, 'sign-in paused for an account after failed attempts from several addresses');
  if (!user) return;
  await deps.mailer
    .send(
      { email: user.email, language: user.language, firstname: user.firstname, surname: user.surname },
      { kind: 'accountLocked', minutes: accountLockMinutes, forgotLink: `${deps.config.PUBLIC_URL}/a/password/forgot` },
    )
    .catch((err: unknown) => deps.logger.warn({ err, userId: user.id }, 'lockout notice not sent'));
}
