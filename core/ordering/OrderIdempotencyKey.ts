import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../accounts/index.ts';
import { Order } from './Order.ts';

/**
 * An `Idempotency-Key` a user sent with an order (IETF draft "The Idempotency-Key HTTP Header Field"):
 * the key is unique per user, and remembers the fingerprint of the request body and the order it created.
 */
export const OrderIdempotencyKey = defineEntity({
  name: 'OrderIdempotencyKey',
  tableName: 'order_idempotency_keys',
  uniques: [{ properties: ['user', 'key'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    key: p.string().length(255),
    /** sha256 of the canonical request body (hex). */
    requestHash: p.string().length(64),
    order: () => p.manyToOne(Order).nullable().deleteRule('cascade'),
    createdAt: p.datetime(),
  },
});
export type OrderIdempotencyKey = InferEntity<typeof OrderIdempotencyKey>;
