import type { EntityManager } from '@mikro-orm/core';
import { ValidationFailed, dummyPasswordHash, verifyPassword } from '../../platform/index.ts';
import { User } from '../../tenancy/index.ts';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Checks e-mail and password. An unknown address and a wrong password fail identically, and take
 * the same time, so the answer does not reveal which addresses have accounts.
 */
export async function authenticate(em: EntityManager, email: string, password: string): Promise<User> {
  const user = await em.findOne(User, { email: normalizeEmail(email) }, { populate: ['passwordHash'] });
  const ok = await verifyPassword(user?.passwordHash ?? dummyPasswordHash, password);
  if (!user || !ok) throw ValidationFailed({ password: ['errors.invalid_credentials'] }, 'errors.invalid_credentials');
  return user;
}
