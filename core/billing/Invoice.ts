import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Customer, paymentMethods } from '../customers/index.ts';

export const invoiceStatuses = ['open', 'paid', 'overdue', 'cancelled', 'credited'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * An invoice of a customer (spec §3 Invoice). Amounts are euro cents. The list pages with keyset
 * pagination over (customer, issued_on, id), so its cost does not grow with the number of invoices.
 */
export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  indexes: [
    { name: 'invoices_customer_issued_index', properties: ['customer', 'issuedOn', 'id'] },
    { name: 'invoices_customer_status_issued_index', properties: ['customer', 'status', 'issuedOn', 'id'] },
    { name: 'invoices_customer_number_index', properties: ['customer', 'number'] },
    /** Trigram search of numbers within a customer (pg_trgm + btree_gin; see its migration for the fallback). */
    { name: 'invoices_customer_number_trgm_index', expression: 'create index "invoices_customer_number_trgm_index" on "invoices" using gin ("customer_id", "number" gin_trgm_ops)' },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade'),
    number: p.string().length(32).unique(),
    issuedOn: p.string().length(10),
    dueOn: p.string().length(10),
    periodStart: p.string().length(10),
    periodEnd: p.string().length(10),
    status: p.enum(invoiceStatuses),
    paymentMethod: p.enum(paymentMethods),
    netCents: p.integer(),
    vatCents: p.integer(),
    grossCents: p.integer(),
    /** SHA-256 of the public link's token; the token itself is never stored. */
    publicTokenHash: p.string().length(64).nullable().unique(),
    publicExpiresAt: p.datetime().nullable(),
  },
});
export type Invoice = InferEntity<typeof Invoice>;

/**
 * One position of an invoice. `unitPrice4` is the unit price in 1/10,000 euro (currency with four
 * decimals, §9), since daily prices are fractions of a cent; `netCents` is quantity × unit price,
 * rounded once to whole cents.
 */
export const InvoicePosition = defineEntity({
  name: 'InvoicePosition',
  tableName: 'invoice_positions',
  properties: {
    id: p.integer().primary().autoincrement(),
    invoice: () => p.manyToOne(Invoice).deleteRule('cascade').index(),
    position: p.integer(),
    kind: p.string().length(40),
    /** Cluster or domain the position belongs to, e.g. `20011 Onlineshop Produktion`. */
    subject: p.string().length(255),
    periodStart: p.string().length(10),
    periodEnd: p.string().length(10),
    /** How many units (e.g. days × vCPU, days × 5 GB steps, months). */
    quantity: p.integer(),
    unit: p.enum(['month', 'day', 'piece', 'year'] as const),
    unitPrice4: p.integer(),
    netCents: p.integer(),
  },
});
export type InvoicePosition = InferEntity<typeof InvoicePosition>;
