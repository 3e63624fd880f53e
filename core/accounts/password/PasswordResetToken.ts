import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/**
 * A forgotten-password link. The mail carries a random token (256 bits); we store only its SHA-256 as
 * the id. Single use (deleted when used), expires after 60 minutes, and a new request replaces it.
 */
export const PasswordResetToken = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export type PasswordResetToken = InferEntity<typeof PasswordResetToken>;
