import type { EntityManager } from '@mikro-orm/core';
import { ValidationFailed, verifyPassword } from '../../platform/index.ts';
import { User } from '../../tenancy/index.ts';

/**
 * Re-checks the signed-in user's password before a sensitive change (change password, two-factor
 * activation, recovery codes, deactivation). A wrong password is a 422 on `field` with
 * `errors.invalid_password` (§5 "a wrong password, or a wrong old password").
 */
export async function assertCurrentPassword(em: EntityManager, user: User, password: string, field = 'password'): Promise<void> {
  const row = await em.findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'], fields: ['id', 'passwordHash'] });
  if (!password || !(await verifyPassword(row.passwordHash, password))) throw ValidationFailed({ [field]: ['errors.invalid_password'] });
}
