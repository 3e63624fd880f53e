/**
 * Demo mode (issue 13, spec §4 Display, §7, §9): the demo user, the demo cluster number 42 with its
 * server 1, and the contact form's rules. Only the portal in demo mode (`DEMO=1`) seeds or uses this.
 */
import type { EntityManager } from '@mikro-orm/core';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { User } from '../accounts/index.ts';
import { Cluster, ClusterAdministrator, Server } from '../clusters/index.ts';
import { Customer, CustomerManager } from '../customers/index.ts';
import { ValidationFailed, hashPassword, randomToken } from '../platform/index.ts';

/** The demo user every visitor is signed in as (R6.006); nobody knows its password. */
export const demoUserEmail = 'demo@demo.example';
/** §9: the demo's cluster and server. */
export const demoClusterId = 42;
export const demoServerId = 1;

/**
 * The demo server's services: a module for one of them shows its real pages in the demo (the demo's
 * Memcached, RabbitMQ and Sphinx pages of §2 too, R2.097); their plugins' fixtures give each its demo state.
 */
const allServices = ['nginx', 'php-fpm', 'cronjobs', 'ssh', 'monitoring', 'dns', 'mysql', 'redis', 'memcached', 'rabbitmq', 'sphinx', 'varnish'];
/** The demo cluster's database server: the data and search services (as the database servers of the demo data). */
const databaseServices = ['mysql', 'redis', 'memcached', 'rabbitmq', 'sphinx', 'ssh', 'monitoring', 'cronjobs'];

/** Where the demo's redirects go: the managed dashboard of cluster 42, server 1 (or the demo cluster's first server). */
export interface DemoTarget {
  clusterId: number;
  serverId: number;
}

export async function findDemoTarget(em: EntityManager): Promise<DemoTarget | null> {
  const cluster = await em.findOne(Cluster, { number: String(demoClusterId) });
  if (!cluster) return null;
  const server = await em.findOne(Server, { cluster }, { orderBy: { id: 'asc' } });
  return server ? { clusterId: cluster.id, serverId: server.id } : null;
}

export async function findDemoUser(em: EntityManager): Promise<User | null> {
  return em.findOne(User, { email: demoUserEmail });
}

/**
 * Seeds the demo user, its customer and cluster number 42 (id 42) with server 1. Runs before the
 * normal demo seed on a fresh database, so id 1 of the servers is free; on a database that already has
 * a server 1 the demo server takes the next id (the SPA reads the target from `GET /api/v1/demo`).
 * The id sequences move past the explicit ids. Does nothing when the demo user exists.
 */
export async function seedDemoMode(em: EntityManager): Promise<boolean> {
  if (await findDemoUser(em)) return false;
  // A random password nobody knows: the demo user signs in only through the demo session.
  const passwordHash = await hashPassword(randomToken(24));
  await em.transactional(async (tx) => {
    const user = tx.create(User, {
      email: demoUserEmail,
      passwordHash,
      firstname: 'Demo',
      surname: 'Nutzer',
      gender: 'male',
      emailVerified: true,
      country: 'de',
      language: 'de',
      company: 'Demo GmbH',
    } as User);
    const customer = tx.create(Customer, {
      number: 10042,
      company: 'Demo GmbH',
      street: 'Musterstraße 42',
      zip: '10115',
      city: 'Berlin',
      country: 'de',
      phone: '+49 30 4242420',
      language: 'de',
      enteredAt: new Date('2024-01-01T00:00:00Z'),
      invoiceEmails: 'rechnung@demo.example',
      contactPerson: user,
      paymentMethod: 'transfer',
      dpaStatus: 'concluded',
    } as Customer);
    tx.create(CustomerManager, { customer, user, active: true } as CustomerManager);
    const serverOneFree = (await tx.count(Server, { id: demoServerId })) === 0;
    const clusterFree = (await tx.count(Cluster, { id: demoClusterId })) === 0;
    const cluster = tx.create(Cluster, {
      ...(clusterFree ? { id: demoClusterId } : {}),
      customer,
      number: String(demoClusterId),
      name: 'Demo-Shop',
      architecture: 'extended_web_cluster',
      sla: 'business',
      contractMode: 'production',
      cpu: 8,
      ramGb: 32,
      nvmeSsdGb: 200,
      distribution: 'Debian 12',
      application: 'Shopware 6',
      contractStart: new Date('2024-01-01T00:00:00Z'),
      status: 'active',
    } as Cluster);
    tx.create(Server, {
      ...(serverOneFree ? { id: demoServerId } : {}),
      cluster,
      name: 'web01.c42.managed-hosting.example',
      role: 'web',
      ipv4: '10.42.0.21',
      services: allServices,
    } as Server);
    await tx.flush();
    // Explicit ids leave the sequences behind: move them past the largest id.
    for (const table of ['clusters', 'servers'])
      await tx.getConnection().execute(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`, [], 'all', tx.getTransactionContext());
    tx.create(Server, { cluster, name: 'db01.c42.managed-hosting.example', role: 'database', ipv4: '10.42.0.30', services: databaseServices } as Server);
    tx.create(ClusterAdministrator, { cluster, user } as ClusterAdministrator);
    await tx.flush();
  });
  return true;
}

/** The contact form of the demo (R2.096). */
export interface DemoContact {
  contactPerson: string;
  company: string;
  email: string;
  phone: string;
  message: string;
}

/** 422 with a translated key per field; the contract checks lengths and formats first. */
export function assertDemoContact(input: DemoContact): DemoContact {
  const trimmed: DemoContact = {
    contactPerson: input.contactPerson.trim(),
    company: input.company.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    message: input.message.trim(),
  };
  const errors: Record<string, string[]> = {};
  for (const field of ['contactPerson', 'company', 'email', 'phone', 'message'] as const) if (!trimmed[field]) errors[field] = ['errors.validationField.required'];
  if (trimmed.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed.email)) errors.email = ['errors.validationField.format.email'];
  if (trimmed.phone && !isValidPhoneNumber(trimmed.phone, 'DE')) errors.phone = ['errors.invalid_phone'];
  if (Object.keys(errors).length) throw ValidationFailed(errors);
  return trimmed;
}
