import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Customer } from '../customers/index.ts';
import { payoutStatuses } from './commissionRules.ts';
import { Partner } from './Partner.ts';

/** A commission credit (§3): the commission on one referred customer's revenue of a period, paid out to the partner. */
export const CommissionCredit = defineEntity({
  name: 'CommissionCredit',
  tableName: 'partner_commission_credits',
  indexes: [{ name: 'partner_credits_partner_created_index', properties: ['partner', 'createdOn', 'id'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    partner: () => p.manyToOne(Partner).deleteRule('cascade'),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    /** Credit note number, e.g. `GS2026-0001`. */
    number: p.string().length(32).unique(),
    createdOn: p.string().length(10),
    paidOn: p.string().length(10).nullable(),
    purpose: p.string().length(255),
    periodStart: p.string().length(10),
    periodEnd: p.string().length(10),
    revenueCents: p.integer(),
    amountCents: p.integer(),
    status: p.enum(payoutStatuses),
  },
});
export type CommissionCredit = InferEntity<typeof CommissionCredit>;
