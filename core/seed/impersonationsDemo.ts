import path from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { TwoFactorAuthentication, twoFactorSecretBox, type SecretBox, User } from '../accounts/index.ts';

/**
 * The demo's staff member: signs in with the demo password and a code from an authenticator app set up
 * with {@link demoStaff.totpSecret} (base32; e.g. `otpauth://totp/Kundenportal:staff@demo.example?secret=…`).
 * A fixed secret exists only for this seeded demo account, so the impersonation can be tried out.
 */
export const demoStaff = {
  email: 'staff@demo.example',
  firstname: 'Sabine',
  surname: 'Krüger',
  totpSecret: 'AWKNGC5TKULZQCEOVHDMC5RCLBZJAVJQ',
} as const;

/** Same authenticated data as the two-factor module uses for a user's sealed secret. */
const secretContext = (userId: number) => `two-factor:${userId}`;

/**
 * The box the portal will open the secret with. The demo seed runs before a configuration is at hand,
 * so it reads the same environment the portal reads (`TWO_FACTOR_KEY`, else the key file in `DATA_DIR`).
 */
const environmentBox = (): SecretBox =>
  twoFactorSecretBox({ TWO_FACTOR_KEY: process.env.TWO_FACTOR_KEY || undefined, dataDir: path.resolve(process.env.DATA_DIR ?? './data') });

/** Seeds the staff member with confirmed two-factor authentication; runs inside the demo seed's transaction. */
export async function seedDemoStaff(em: EntityManager, passwordHash: string, box: SecretBox = environmentBox()): Promise<User> {
  const staff = em.create(User, {
    email: demoStaff.email,
    passwordHash,
    firstname: demoStaff.firstname,
    surname: demoStaff.surname,
    gender: 'female',
    emailVerified: true,
    isStaff: true,
    twoFactorEnabled: true,
    twoFactorConfirmed: true,
    company: 'Managed Hosting Support',
  } as User);
  await em.flush();
  const now = new Date();
  em.create(TwoFactorAuthentication, {
    user: staff,
    secretEncrypted: box.seal(demoStaff.totpSecret, secretContext(staff.id)),
    lastUsedStep: null,
    recoveryPhone: null,
    createdAt: now,
    confirmedAt: now,
  } as TwoFactorAuthentication);
  await em.flush();
  return staff;
}

/**
 * Seals the staff member's secret again with another box: for servers whose key differs from the
 * environment's at seeding time (test servers with their own data directory).
 */
export async function resealDemoStaffSecret(em: EntityManager, box: SecretBox): Promise<void> {
  const staff = await em.findOneOrFail(User, { email: demoStaff.email });
  await em.nativeUpdate(TwoFactorAuthentication, { user: staff.id }, { secretEncrypted: box.seal(demoStaff.totpSecret, secretContext(staff.id)), lastUsedStep: null });
}
