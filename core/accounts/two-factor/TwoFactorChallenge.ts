import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/**
 * The pending second step of a sign-in: the password was right, the code is still missing. The client
 * holds a random challenge token; only its SHA-256 (`id`) is stored. Short-lived and single-use.
 */
export const TwoFactorChallenge = defineEntity({
  name: 'TwoFactorChallenge',
  tableName: 'two_factor_challenges',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});
export type TwoFactorChallenge = InferEntity<typeof TwoFactorChallenge>;
