import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/** One single-use recovery code; only its SHA-256 is stored. */
export const TwoFactorRecoveryCode = defineEntity({
  name: 'TwoFactorRecoveryCode',
  tableName: 'two_factor_recovery_codes',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    codeHash: p.string().length(64).hidden(),
    createdAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type TwoFactorRecoveryCode = InferEntity<typeof TwoFactorRecoveryCode>;
