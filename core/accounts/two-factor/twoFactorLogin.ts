import type { EntityManager } from '@mikro-orm/core';
import { type Clock, ValidationFailed, randomToken, sha256 } from '../../platform/index.ts';
import { verifySecondFactor, type SecondFactor } from './twoFactor.ts';
import { TwoFactorChallenge } from './TwoFactorChallenge.ts';
import type { SecretBox } from './twoFactorSecretBox.ts';
import type { User } from '../../tenancy/index.ts';

/** How long the second step of a sign-in may take. */
export const challengeLifetimeMinutes = 5;

export interface IssuedChallenge {
  /** The plain challenge token for the client; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/** Whether the user must give a second factor when signing in (2FA enabled and confirmed). */
export const requiresSecondFactor = (user: User): boolean => user.twoFactorEnabled && user.twoFactorConfirmed;

/** After a correct password: a challenge bound to the user; the client answers it with a code. */
export async function startTwoFactorChallenge(em: EntityManager, user: User, clock: Clock): Promise<IssuedChallenge> {
  const now = clock.now();
  await em.nativeDelete(TwoFactorChallenge, { user: user.id, expiresAt: { $lte: now } });
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + challengeLifetimeMinutes * 60_000);
  em.create(TwoFactorChallenge, { id: sha256(token), user, createdAt: now, expiresAt });
  await em.flush();
  return { token, expiresAt };
}

/** The live challenge behind a token, with its user; a 422 on `challenge` when unknown, used or expired. */
export async function findTwoFactorChallenge(em: EntityManager, token: string, clock: Clock): Promise<TwoFactorChallenge> {
  const challenge = await em.findOne(TwoFactorChallenge, { id: sha256(token) }, { populate: ['user'] });
  if (!challenge || challenge.expiresAt <= clock.now()) {
    if (challenge) await em.nativeDelete(TwoFactorChallenge, { id: challenge.id });
    throw ValidationFailed({ challenge: ['errors.two_factor_challenge_expired'] });
  }
  return challenge;
}

/**
 * Answers a challenge with a TOTP or recovery code. A wrong code leaves the challenge open (the caller
 * rate-limits the attempts); a right one uses the challenge up, so it cannot complete a second sign-in.
 */
export async function completeTwoFactorChallenge(
  em: EntityManager,
  challenge: TwoFactorChallenge,
  factor: SecondFactor,
  clock: Clock,
  box: SecretBox,
): Promise<{ user: User; method: 'totp' | 'recovery' }> {
  const user = challenge.user;
  const method = await verifySecondFactor(em, user, factor, clock, box);
  const used = await em.nativeDelete(TwoFactorChallenge, { id: challenge.id });
  if (used !== 1) throw ValidationFailed({ challenge: ['errors.two_factor_challenge_expired'] });
  return { user, method };
}
