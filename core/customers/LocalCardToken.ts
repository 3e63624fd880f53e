import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A single-use token of the local payment provider (development and tests only, see
 * `LocalPaymentProvider`). Holds what a provider would tell about a card — never its number.
 */
export const LocalCardToken = defineEntity({
  name: 'LocalCardToken',
  tableName: 'local_card_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    tokenHash: p.string().length(64).unique(),
    brand: p.string().length(32),
    last4: p.string().length(4),
    expiry: p.string().length(7),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type LocalCardToken = InferEntity<typeof LocalCardToken>;
