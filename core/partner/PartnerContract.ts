import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Customer } from '../customers/index.ts';
import { Partner } from './Partner.ts';

/** A partner contract (§3): the partner referred this customer; revenue in its term earns commission. */
export const PartnerContract = defineEntity({
  name: 'PartnerContract',
  tableName: 'partner_contracts',
  properties: {
    id: p.integer().primary().autoincrement(),
    partner: () => p.manyToOne(Partner).deleteRule('cascade').index(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    number: p.string().length(32).unique(),
    startsOn: p.string().length(10),
    /** Last day of the term; null while open-ended. */
    endsOn: p.string().length(10).nullable(),
  },
});
export type PartnerContract = InferEntity<typeof PartnerContract>;
