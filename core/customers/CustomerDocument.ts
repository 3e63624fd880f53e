import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User, Customer } from '../tenancy/index.ts';

/** What a document is (§2 Documents); the screen names each kind in both languages. */
export const documentKinds = ['contract', 'order_confirmation', 'dpa', 'toms', 'terms', 'price_list', 'service_description', 'other'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * A stored document (§2 Documents): customer-related (`customer` set, optionally of one of its clusters)
 * or general (no customer: terms, price list, service descriptions every customer may read). The bytes
 * live in the document storage (see documentStorage.ts) under `storageKey`; the row keeps what the list
 * shows.
 */
export const CustomerDocument = defineEntity({
  name: 'CustomerDocument',
  tableName: 'customer_documents',
  properties: {
    id: p.integer().primary().autoincrement(),
    customer: () => p.manyToOne(Customer).nullable().deleteRule('cascade').index(),
    /** A cluster of the customer the document belongs to (contract, order confirmation): a plain id without a foreign key, because the clusters module depends on this one (not the other way round); clusters are ended, never deleted. */
    clusterId: p.integer().nullable().index(),
    kind: p.enum(documentKinds),
    title: p.string().length(255),
    fileName: p.string().length(255),
    contentType: p.string().length(127),
    size: p.integer(),
    storageKey: p.string().length(255).unique(),
    createdAt: p.datetime(),
  },
});
export type CustomerDocument = InferEntity<typeof CustomerDocument>;

/** One conclusion of the data processing agreement (§4 DPA): which version, who, when, and the stored contract. */
export const DpaConclusion = defineEntity({
  name: 'DpaConclusion',
  tableName: 'dpa_conclusions',
  uniques: [{ properties: ['customer', 'version'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    version: p.string().length(16),
    concludedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The name at the time of the conclusion: it stays readable after the account is gone. */
    concludedByName: p.string().length(255),
    concludedAt: p.datetime(),
    document: () => p.manyToOne(CustomerDocument).nullable().deleteRule('set null'),
  },
});
export type DpaConclusion = InferEntity<typeof DpaConclusion>;
