import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Customer } from './Customer.ts';

export const architectures = ['web_cluster', 'extended_web_cluster', 'cloud_web_cluster'] as const;
export const serviceLevels = ['basic', 'business', 'enterprise', 'dev'] as const;
export const contractModes = ['production', 'development'] as const;
export const contractStatuses = ['active', 'in_termination', 'terminated', 'completed', 'cancelled', 'failed', 'pending'] as const;

/** A managed cluster contract of a customer (spec §3 Cluster). */
export const Cluster = defineEntity({
  name: 'Cluster',
  tableName: 'clusters',
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.string().length(32).unique(),
    name: p.string().length(255),
    description: p.text().nullable(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    architecture: p.enum(architectures),
    sla: p.enum(serviceLevels),
    application: p.string().length(64).nullable(),
    distribution: p.string().length(64),
    cpu: p.integer(),
    ramGb: p.integer(),
    nvmeSsdGb: p.integer(),
    nvmeDatabaseGb: p.integer().default(0),
    nvmeStorageGb: p.integer().default(0),
    ipv4Count: p.integer().default(1),
    ipv6Count: p.integer().default(1),
    addonTwoFactor: p.boolean().default(false),
    addonVpn: p.boolean().default(false),
    addonPhpExtendedSupport: p.boolean().default(false),
    contractMode: p.enum(contractModes).default('production'),
    contractStart: p.datetime(),
    status: p.enum(contractStatuses).default('active'),
    /** Administrators must have two-factor authentication to use the Managed Center. */
    forceTwoFactor: p.boolean().default(false),
  },
});
export type Cluster = InferEntity<typeof Cluster>;
