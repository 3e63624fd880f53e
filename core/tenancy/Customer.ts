import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './User.ts';

export const paymentMethods = ['transfer', 'debit', 'credit_card'] as const;

/** A customer account (spec §3 Customer). */
export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.integer().unique(),
    company: p.string().length(255),
    department: p.text().nullable(),
    street: p.text(),
    zip: p.string().length(255),
    city: p.text(),
    country: p.string().length(2).default('de'),
    phone: p.string().length(64).nullable(),
    language: p.enum(['de', 'en'] as const).default('de'),
    vatId: p.string().length(32).nullable(),
    referenceSign: p.text().nullable(),
    enteredAt: p.datetime(),
    /** Several addresses, separated by newline or comma. */
    invoiceEmails: p.text(),
    /** Optional; defaults to the invoice e-mails. */
    reminderEmails: p.text().nullable(),
    contactPerson: () => p.manyToOne(User).nullable().deleteRule('set null'),
    paymentMethod: p.enum(paymentMethods).default('transfer'),
    accountHolder: p.text().nullable(),
    iban: p.string().length(34).nullable(),
    bic: p.string().length(11).nullable(),
    cardLast4: p.string().length(4).nullable(),
    /** SEPA direct debit: the mandate's reference and the day it was authorised (§5). */
    mandateReference: p.string().length(35).nullable(),
    mandateDate: p.datetime().nullable(),
    /** Credit card: the payment provider's token (the portal never sees the card number), brand and expiry. */
    cardToken: p.string().length(255).nullable().hidden(),
    cardBrand: p.string().length(32).nullable(),
    cardExpiry: p.string().length(7).nullable(),
    /** The user's choice when the payment data last changed: whether it applies to open invoices too (§5); billing reads it. */
    paymentAppliesToOpenInvoices: p.boolean().default(false),
    dpaStatus: p.enum(['not_concluded', 'concluded'] as const).default('not_concluded'),
    /** Registered for the beta phase (§8): sees the Managed Center modules whose manifest says `stage: 'beta'`. Set by staff. */
    betaRegistered: p.boolean().default(false),
  },
});
export type Customer = InferEntity<typeof Customer>;
