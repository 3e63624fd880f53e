import type { EntityManager } from '@mikro-orm/core';
import { ValidationFailed, hashPassword } from '../../platform/index.ts';
import { assertCurrentPassword } from './passwordCheck.ts';
import { assertPasswordPolicy } from './passwordPolicy.ts';
import { PersonalAccessToken } from '../tokens/PersonalAccessToken.ts';
import { PasswordResetToken } from './PasswordResetToken.ts';
import { endOtherSessions } from '../sessions/sessions.ts';
import { credentialsRevoked } from '../sessions/revocations.ts';
import { User } from '../../tenancy/index.ts';

export interface PasswordChange {
  passwordOld: string;
  password: string;
  passwordConfirmation: string;
}

export interface PasswordChangeResult {
  /** Internal ids of the ended sessions (to close their real-time connections; never for a response). */
  endedSessions: string[];
  /** How many personal access tokens were deleted. */
  tokensRevoked: number;
}

/**
 * Changes the signed-in user's password (§5): the old password must be right, the new one must pass
 * the password policy (12–255 characters, not guessable, not built from the user's data) and be
 * repeated. Every other session of the user ends; the one making the change stays signed in. With
 * `revokeTokens` (the default; issue 8, defect 2) every personal access token of the user is deleted
 * in the same transaction, so a stolen token does not outlive the password it was created under. Open
 * password-reset links of the user end with the change too.
 */
export async function changePassword(
  em: EntityManager,
  user: User,
  change: PasswordChange,
  keepSessionId?: string,
  options: { revokeTokens?: boolean } = {},
): Promise<PasswordChangeResult> {
  if (change.password !== change.passwordConfirmation) throw ValidationFailed({ password_confirmation: ['errors.password_confirmation'] });
  await assertCurrentPassword(em, user, change.passwordOld, 'password_old');
  assertPasswordPolicy(change.password, user, 'password');
  const passwordHash = await hashPassword(change.password);
  return em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
    // A reset link mailed before the change would set a password over the one just chosen (issue 31).
    await tx.nativeDelete(PasswordResetToken, { user: user.id });
    const tokensRevoked = options.revokeTokens === false ? 0 : await tx.nativeDelete(PersonalAccessToken, { user: user.id });
    credentialsRevoked({ users: [user.id] });
    return { endedSessions: await endOtherSessions(tx, user.id, keepSessionId), tokensRevoked };
  });
}
