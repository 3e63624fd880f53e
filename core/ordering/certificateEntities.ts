import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Customer } from '../customers/index.ts';
import { Order } from './Order.ts';

/**
 * A certificate owner (the organization a certificate names) of a customer. Owners are never changed
 * in place (§5 "a certificate change creates a new owner record"): editing adds a new record and marks
 * the old one as replaced, so an order keeps naming the owner it was ordered for.
 */
export const CertificateOwner = defineEntity({
  name: 'CertificateOwner',
  tableName: 'certificate_owners',
  properties: {
    id: p.integer().primary().autoincrement(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    company: p.string().length(120),
    department: p.string().length(120).nullable(),
    /** The 9-digit D-U-N-S number, digits only. */
    duns: p.string().length(9).nullable(),
    street: p.string().length(120),
    zip: p.string().length(16),
    city: p.string().length(80),
    federalState: p.string().length(80).nullable(),
    country: p.string().length(2),
    email: p.string().length(254),
    phone: p.string().length(40),
    createdAt: p.datetime(),
    /** The record that replaced this one (an edit); replaced owners are not offered any more. */
    replacedBy: p.integer().nullable(),
  },
});
export type CertificateOwner = InferEntity<typeof CertificateOwner>;

/**
 * The key material of a certificate order, made by the provisioning job: the CSR (public) and the RSA
 * private key sealed with AES-256-GCM (the portal's secret box; the order number is authenticated data).
 */
export const CertificateOrderKey = defineEntity({
  name: 'CertificateOrderKey',
  tableName: 'certificate_order_keys',
  properties: {
    order: () => p.oneToOne(Order).primary().deleteRule('cascade'),
    csrPem: p.text(),
    privateKeySealed: p.text(),
    keyBits: p.integer(),
    createdAt: p.datetime(),
  },
});
export type CertificateOrderKey = InferEntity<typeof CertificateOrderKey>;
