import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../accounts/index.ts';
import { Cluster } from '../clusters/index.ts';
import { Customer } from '../customers/index.ts';
import type { OrderPriceLine } from './pricing.ts';
import type { CertificateOrderDetails } from './certificateOrder.ts';
import type { NewCustomerSummary } from './newCustomer.ts';

/** The partial unique index on the domain of domain orders that are not declined, cancelled or failed. */
export const ACTIVE_DOMAIN_ORDER_INDEX = 'orders_active_domain_unique';

export const orderTypes = ['cluster', 'domain', 'certificate'] as const;
export type OrderType = (typeof orderTypes)[number];

/** §3 Order statuses; `accepted` is shown as "Active". */
export const orderStatuses = [
  'accepted',
  'open',
  'completed',
  'declined',
  'cancelled',
  'preparation_in_progress',
  'preparation_failed',
  'preparation_completed',
  'pending',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** What was ordered, as the customer confirmed it (one shape per order type). */
export interface ClusterOrderDetails {
  kind: 'cluster';
  architecture: Cluster['architecture'];
  sla: Cluster['sla'];
  cpu: number;
  ramGb: number;
  nvmeSsdGb: number;
  nvmeStorageGb: number;
  additionalIpv4: number;
  additionalIpv6: number;
  addons: { twoFactor: boolean; vpn: boolean; phpExtendedSupport: boolean };
  contractMode: Cluster['contractMode'];
  clusterName: string;
  referenceSign: string | null;
  /** Set when the order created its customer: the data entered, the IBAN masked (the customer keeps the full one). */
  newCustomer?: NewCustomerSummary;
}
/** A domain order: the domain in ASCII and Unicode form, register or transfer, the cluster it serves and its handles. */
export interface DomainOrderDetails {
  kind: 'domain';
  domain: string;
  domainUnicode: string;
  tld: string;
  mode: 'register' | 'transfer';
  keepNameservers: boolean;
  clusterId: number;
  clusterNumber: string;
  owner: { id: number; handle: string; name: string };
  admin: { id: number; handle: string; name: string };
  /** The regular annual fee of the TLD at ordering time (net cents). */
  annualFeeCents: number;
  referenceSign: string | null;
}
export type OrderDetails = ClusterOrderDetails | DomainOrderDetails | CertificateOrderDetails;

/** An order of a cluster, a domain or a certificate (spec §3 Order). Prices are euro cents, net, from the price list at ordering time. */
export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  indexes: [
    /** One live domain order per domain: of concurrent orders of the same free domain only one is accepted (see its migration). */
    { name: ACTIVE_DOMAIN_ORDER_INDEX, expression: `create unique index "${ACTIVE_DOMAIN_ORDER_INDEX}" on "orders" (lower("domain")) where "type" = 'domain' and "status" not in ('declined', 'cancelled', 'preparation_failed')` },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.string().length(32).unique(),
    type: p.enum(orderTypes),
    status: p.enum(orderStatuses).default('pending'),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    orderedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    orderedAt: p.datetime(),
    updatedAt: p.datetime(),
    details: p.json<OrderDetails>(),
    priceLines: p.json<OrderPriceLine[]>(),
    monthlyNetCents: p.integer(),
    oneTimeNetCents: p.integer(),
    /** The domain (domain and certificate orders), for the list and its search. */
    domain: p.string().length(253).nullable(),
    /** The cluster a completed cluster order created. */
    cluster: () => p.manyToOne(Cluster).nullable().deleteRule('set null'),
    /** Why preparation failed (a message key). */
    failureReason: p.string().length(64).nullable(),
  },
});
export type Order = InferEntity<typeof Order>;
