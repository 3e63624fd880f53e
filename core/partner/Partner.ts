import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../accounts/index.ts';
import { Customer } from '../customers/index.ts';

/** A partner of the provider (spec §3 Partner): refers customers and earns commission on their revenue. */
export const Partner = defineEntity({
  name: 'Partner',
  tableName: 'partners',
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.integer().unique(),
    name: p.string().length(255),
    /** The partner's own customer account (its managers are partner managers). */
    customer: () => p.manyToOne(Customer).nullable().deleteRule('set null').index(),
    /** Days of the partnership; active between them (both inclusive, §6). */
    partnershipStart: p.string().length(10),
    partnershipEnd: p.string().length(10).nullable(),
  },
});
export type Partner = InferEntity<typeof Partner>;

export const partnerRoles = ['manager', 'authorized'] as const;
export type PartnerRole = (typeof partnerRoles)[number];

/**
 * The partner authorisation of a user (§6): `manager` for the partner's own managers, `authorized` for a
 * manager of one of the partner's customers whom a partner manager added. Both see the partner area.
 */
export const PartnerUser = defineEntity({
  name: 'PartnerUser',
  tableName: 'partner_users',
  uniques: [{ properties: ['partner', 'user'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    partner: () => p.manyToOne(Partner).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    role: p.enum(partnerRoles),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PartnerUser = InferEntity<typeof PartnerUser>;
