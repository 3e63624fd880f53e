import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { PgBoss } from 'pg-boss';
import { Cluster, Server } from '../clusters/index.ts';
import type { SecretBox } from '../accounts/index.ts';
import type { Clock, EventBus, Logger, Mailer, Orm } from '../platform/index.ts';
import { CertificateOrderFailed } from './certificateKeys.ts';
import type { CertificateAuthority } from './certificateKeys.ts';
import { prepareCertificateOrder } from './certificateSubmission.ts';
import { Order, type ClusterOrderDetails, type OrderStatus } from './Order.ts';
import { sendOrderMails } from './notifications.ts';
import { createDomainContractOf } from './domainProvisioning.ts';

/** The queue of order provisioning jobs, on the same pg-boss instance as the Managed Center's apply jobs. */
export const ORDER_QUEUE = 'order-provisioning';

/** The event a status change publishes to the customer's room (the list and the detail modal reload). */
export const ORDER_CHANGED = 'order.changed';

export interface OrderProvisioningDeps {
  orm: Orm;
  clock: Clock;
  logger: Logger;
  events: EventBus;
  mailer: Mailer;
  /** How long each preparation step takes (the local adapter of the data centre; default 1 s). */
  stepMs?: number;
  /** Seals the private keys of certificate orders (certificate orders fail without it). */
  box?: SecretBox;
  /** The certificate authority (default: the local adapter). */
  certificateAuthority?: CertificateAuthority;
  /** Seconds between the apply workers' idle polls (config JOB_POLL_SECONDS); orders poll twice as often. */
  pollSeconds?: number;
}

type Role = Server['role'];

/** The servers a new cluster starts with, per architecture. */
const serverPlan: Record<Cluster['architecture'], Role[]> = {
  web_cluster: ['web', 'database'],
  extended_web_cluster: ['loadbalancer', 'web', 'web', 'database'],
  cloud_web_cluster: ['loadbalancer', 'web', 'web', 'web', 'database', 'cache'],
};
const servicesOf: Record<Role, string[]> = {
  loadbalancer: ['nginx', 'varnish', 'dns', 'ssh', 'monitoring'],
  web: ['nginx', 'php-fpm', 'cronjobs', 'ssh', 'monitoring'],
  database: ['mysql', 'redis', 'cronjobs', 'ssh', 'monitoring'],
  cache: ['redis', 'ssh', 'monitoring'],
  search: ['ssh', 'monitoring'],
  storage: ['ssh', 'monitoring'],
};
const prefixOf: Record<Role, string> = { loadbalancer: 'lb', web: 'web', database: 'db', cache: 'cache', search: 'search', storage: 'storage' };

/** The cluster number of the cluster an order creates. */
export const clusterNumberOf = (order: Pick<Order, 'id'>) => String(50000 + order.id);

/**
 * Creates the cluster contract of a cluster order with its servers. The cluster row is the contract
 * the billing module lists and bills (its monthly price comes from the same price list).
 */
export function createClusterOf(em: EntityManager, order: Order, now: Date): Cluster {
  const d = order.details as ClusterOrderDetails;
  const number = clusterNumberOf(order);
  const cluster = em.create(Cluster, {
    number,
    name: d.clusterName,
    customer: order.customer,
    architecture: d.architecture,
    sla: d.sla,
    distribution: 'Debian 12',
    application: null,
    cpu: d.cpu,
    ramGb: d.ramGb,
    nvmeSsdGb: d.nvmeSsdGb,
    nvmeDatabaseGb: 0,
    nvmeStorageGb: d.nvmeStorageGb,
    ipv4Count: 1 + d.additionalIpv4,
    ipv6Count: 1 + d.additionalIpv6,
    addonTwoFactor: d.addons.twoFactor,
    addonVpn: d.addons.vpn,
    addonPhpExtendedSupport: d.addons.phpExtendedSupport,
    contractMode: d.contractMode,
    contractStart: now,
    status: 'active',
    forceTwoFactor: false,
  } as unknown as Cluster);
  const counts = new Map<Role, number>();
  for (const role of serverPlan[d.architecture]) {
    const n = (counts.get(role) ?? 0) + 1;
    counts.set(role, n);
    em.create(Server, { cluster, name: `${prefixOf[role]}${String(n).padStart(2, '0')}.c${number}.managed-hosting.example`, role, ipv4: null, services: servicesOf[role] } as unknown as Server);
  }
  return cluster;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Provisions orders on the job queue: pending → preparation_in_progress → preparation_completed →
 * completed, each change published over socket.io. A cluster order creates the cluster contract with
 * its servers; a failure ends as preparation_failed with the reason and mails the user and managers.
 * Jobs are idempotent: a job for an order that is past preparation does nothing.
 */
export class OrderProvisioning {
  readonly #deps: OrderProvisioningDeps;
  #boss: PgBoss | undefined;
  #workerId: string | undefined;
  readonly #running = new Set<Promise<unknown>>();

  constructor(deps: OrderProvisioningDeps) {
    this.#deps = deps;
  }

  /** Creates the queue, starts its worker and queues orders that were stored but not queued (a restart in between). */
  async start(boss: PgBoss): Promise<void> {
    this.#boss = boss;
    await boss.createQueue(ORDER_QUEUE, { policy: 'standard', retryLimit: 2, retryDelay: 1, expireInSeconds: 15 * 60 });
    this.#workerId = await boss.work<{ orderId: number }>(ORDER_QUEUE, { pollingIntervalSeconds: Math.max(0.5, (this.#deps.pollSeconds ?? 1) / 2) }, async ([job]) => this.#track(this.provision(job.data.orderId)));
    const waiting = await this.#deps.orm.em.fork().find(Order, { status: { $in: ['pending', 'preparation_in_progress'] }, type: { $in: ['cluster', 'domain', 'certificate'] }, orderedBy: { $ne: null } }, { fields: ['id'] });
    for (const o of waiting) await this.enqueue(o.id);
  }

  /** Queues the provisioning of an order (after its transaction committed). */
  async enqueue(orderId: number): Promise<void> {
    if (!this.#boss) throw new Error('order provisioning not started');
    await this.#boss.send(ORDER_QUEUE, { orderId }, { singletonKey: `order:${orderId}` });
    // Start it now on this instance rather than at the worker's next poll.
    if (this.#workerId) this.#boss.notifyWorker(this.#workerId);
  }

  /** Waits for the jobs running on this instance. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }

  #track<T>(p: Promise<T>): Promise<T> {
    this.#running.add(p);
    void p.finally(() => this.#running.delete(p)).catch(() => undefined);
    return p;
  }

  /** Moves an order to a status under a row lock, if it is in one of `from`; publishes the change. */
  async #move(orderId: number, from: OrderStatus[], to: OrderStatus, work?: (tx: EntityManager, order: Order) => void, failureReason: string | null = null): Promise<Order | null> {
    const { orm, clock, events } = this.#deps;
    const order = await orm.em.fork().transactional(async (tx) => {
      const o = await tx.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!o || !from.includes(o.status)) return null;
      const now = clock.now();
      o.status = to;
      o.updatedAt = now;
      o.failureReason = failureReason;
      work?.(tx, o);
      return o;
    });
    if (order) await events.publish(ORDER_CHANGED, { type: order.type, number: order.number, status: order.status }, { customers: [order.customer.id] });
    return order;
  }

  /** Runs the preparation of one order. */
  async provision(orderId: number): Promise<void> {
    const { logger, clock, orm, mailer } = this.#deps;
    const stepMs = this.#deps.stepMs ?? 1000;
    try {
      const started = await this.#move(orderId, ['pending', 'preparation_in_progress'], 'preparation_in_progress');
      if (!started) return;
      if (started.type === 'certificate') {
        if (!this.#deps.box) throw new Error('no secret box for certificate keys');
        await prepareCertificateOrder(orm.em.fork(), this.#deps.box, clock, orderId, this.#deps.certificateAuthority);
      }
      await pause(stepMs);
      const prepared = await this.#move(orderId, ['preparation_in_progress'], 'preparation_completed', (tx, o) => {
        if (o.type === 'cluster') o.cluster = createClusterOf(tx, o, clock.now());
      });
      if (!prepared) return;
      await pause(stepMs);
      await this.#move(orderId, ['preparation_completed'], 'completed', (tx, o) => {
        if (o.type === 'domain') createDomainContractOf(tx, o, clock.now());
      });
    } catch (error) {
      logger.error({ err: error, orderId }, 'order preparation failed');
      const failed = await this.#move(orderId, ['pending', 'preparation_in_progress', 'preparation_completed'], 'preparation_failed', undefined, error instanceof CertificateOrderFailed ? 'errors.certificate_order_failed' : 'errors.order_preparation_failed');
      if (failed) {
        const em = orm.em.fork();
        const order = await em.findOneOrFail(Order, { id: orderId }, { populate: ['customer', 'orderedBy'] });
        await sendOrderMails(em, mailer, logger, order, 'preparationFailed');
      }
    }
  }
}
