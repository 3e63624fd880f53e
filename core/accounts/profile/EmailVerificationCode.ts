import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/**
 * The one live e-mail confirmation code of a user (§4 E-mail): for the unverified current address
 * (`verify`) or for the pending new address of a change (`change`). Only an argon2id hash of the code
 * is stored; a new code replaces the old one.
 */
export const EmailVerificationCode = defineEntity({
  name: 'EmailVerificationCode',
  tableName: 'email_verification_codes',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    purpose: p.enum(['verify', 'change'] as const),
    /** The address the code was sent to, and that it confirms. */
    email: p.string().length(254),
    codeHash: p.string().length(255).hidden(),
    /** Wrong entries so far; the code dies at the limit. */
    attempts: p.integer().default(0),
    expiresAt: p.datetime(),
    createdAt: p.datetime(),
  },
});
export type EmailVerificationCode = InferEntity<typeof EmailVerificationCode>;
