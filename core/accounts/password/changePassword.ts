import type { EntityManager } from '@mikro-orm/core';
import { ValidationFailed, hashPassword } from '../../platform/index.ts';
import { assertCurrentPassword } from './passwordCheck.ts';
import { assertPasswordPolicy } from './passwordPolicy.ts';
import { endOtherSessions } from '../sessions/sessions.ts';
import { User } from '../users/User.ts';

export interface PasswordChange {
  passwordOld: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * Changes the signed-in user's password (§5): the old password must be right, the new one must pass
 * the password policy (12–255 characters, not guessable, not built from the user's data) and be
 * repeated. Every other session of the user ends; the one making the change stays signed in.
 * Returns the internal ids of the ended sessions.
 */
export async function changePassword(em: EntityManager, user: User, change: PasswordChange, keepSessionId?: string): Promise<string[]> {
  if (change.password !== change.passwordConfirmation) throw ValidationFailed({ password_confirmation: ['errors.password_confirmation'] });
  await assertCurrentPassword(em, user, change.passwordOld, 'password_old');
  assertPasswordPolicy(change.password, user, 'password');
  const passwordHash = await hashPassword(change.password);
  return em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
    return endOtherSessions(tx, user.id, keepSessionId);
  });
}
