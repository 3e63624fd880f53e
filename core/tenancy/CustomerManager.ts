import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './User.ts';
import { Customer } from './Customer.ts';

/** The manager role of a user for one customer (spec §6). */
export const CustomerManager = defineEntity({
  name: 'CustomerManager',
  tableName: 'customer_managers',
  uniques: [{ properties: ['customer', 'user'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    active: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type CustomerManager = InferEntity<typeof CustomerManager>;
