import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Customer } from '../tenancy/index.ts';

/** A domain contact of a customer (spec §3 Domain handle): owner or ADMIN-C of domains. */
export const DomainHandle = defineEntity({
  name: 'DomainHandle',
  tableName: 'domain_handles',
  properties: {
    id: p.integer().primary().autoincrement(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    /** The handle id shown to users and registries, e.g. `H10001-3`. */
    handle: p.string().length(32).unique(),
    /** `person` (private person) or `company`; decides the .se owner rule (§5). */
    kind: p.enum(['person', 'company'] as const),
    /** Owner of .se domains: then a person needs a tax code and a company a commercial register number. */
    seOwner: p.boolean().default(false),
    /** Company with legal form, e.g. `Müller & Schmidt Online GmbH`. */
    company: p.string().length(255).nullable(),
    firstname: p.string().length(255),
    surname: p.string().length(255),
    street: p.string().length(255),
    postalCode: p.string().length(32),
    city: p.string().length(255),
    country: p.string().length(2),
    email: p.string().length(254),
    phone: p.string().length(64),
    fax: p.string().length(64).nullable(),
    idCardNumber: p.string().length(64).nullable(),
    birthday: p.string().length(10).nullable(),
    companyRegistrationNumber: p.string().length(64).nullable(),
    taxId: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type DomainHandle = InferEntity<typeof DomainHandle>;

/** Which contract uses a handle in which role; written by the domain contracts, read to refuse deleting a handle in use (§5). */
export const DomainHandleUsage = defineEntity({
  name: 'DomainHandleUsage',
  tableName: 'domain_handle_usages',
  properties: {
    id: p.integer().primary().autoincrement(),
    handle: () => p.manyToOne(DomainHandle).deleteRule('restrict').index(),
    contractNumber: p.string().length(32),
    domain: p.string().length(253),
    role: p.enum(['owner', 'admin_c'] as const),
  },
});
export type DomainHandleUsage = InferEntity<typeof DomainHandleUsage>;
