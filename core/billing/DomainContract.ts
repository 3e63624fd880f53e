import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { contractStatuses } from '../clusters/index.ts';
import { Customer } from '../customers/index.ts';

/** A domain contract of a customer (spec §3 Domain contract). Fees are euro cents, net. */
export const DomainContract = defineEntity({
  name: 'DomainContract',
  tableName: 'domain_contracts',
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.string().length(32).unique(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    domain: p.string().length(253),
    /** The registry's registration date (a day). */
    registeredOn: p.string().length(10),
    /** Contract start (a day). */
    startOn: p.string().length(10),
    /** Last day of the current registration period; a termination takes effect at its end (§4). */
    registrationEndsOn: p.string().length(10),
    owner: p.string().length(255),
    contactPerson: p.string().length(255),
    adminContact: p.string().length(255),
    basicFeeCents: p.integer(),
    yearlyFeeCents: p.integer(),
    premiumAnnualCents: p.integer().nullable(),
    premiumOneTimeCents: p.integer().nullable(),
    status: p.enum(contractStatuses).default('active'),
    /** The day the termination takes effect (end of the registration period); null without a termination. */
    terminationOn: p.string().length(10).nullable(),
    terminationRequestedAt: p.datetime().nullable(),
    /** Transfer code, set once the termination is effective; encrypted at rest. */
    authCodeSealed: p.text().nullable(),
    authCodeGeneratedAt: p.datetime().nullable(),
    authCodeValidUntil: p.datetime().nullable(),
  },
});
export type DomainContract = InferEntity<typeof DomainContract>;
