import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { PgBoss } from 'pg-boss';
import type { SecretBox, User } from '../accounts/index.ts';
import {
  afterCommit,
  NotFound,
  RateLimited,
  ValidationFailed,
  type Clock,
  type DomainEvent,
  type EventBus,
  type Logger,
  type Orm,
} from '../platform/index.ts';
import { eventIdOf, webhookFactOf, type WebhookFact } from './events.ts';
import { guardedPost, resolveTarget, systemResolver, TargetRefused, urlFormError, type Resolver, type TargetPolicy } from './ssrf.ts';
import { newWebhookSecret, nextAttemptDelay, signWebhook } from './signing.ts';
import { WebhookEndpoint, WEBHOOK_TEST_EVENT, type WebhookEventType } from './WebhookEndpoint.ts';
import { WebhookAttempt, WebhookDelivery } from './WebhookDelivery.ts';

/** Who owns an endpoint: a customer (its managers) or a cluster (its administrators). The BFF checks the caller's role. */
export type WebhookOwner = { kind: 'customer'; id: number } | { kind: 'cluster'; id: number };

export const WEBHOOK_QUEUE = 'webhook-deliver';
/** Published when the portal switched an endpoint off; the notification centre tells its owners. */
export const WEBHOOK_DISABLED_EVENT = 'webhook.disabled';
export const WEBHOOK_ENDPOINT_LIMIT = 20;
export const WEBHOOK_TESTS_PER_MINUTE = 10;
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
export const WEBHOOK_LOG_LIMIT = 100;

export interface WebhookInput {
  url?: string;
  description?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

export interface WebhookServiceDeps {
  orm: Orm;
  clock: Clock;
  logger: Logger;
  events: EventBus;
  box: SecretBox;
  /** `WEBHOOK_ALLOWED_HOSTS`. */
  allowedHosts: readonly string[];
  /** `WEBHOOK_RETRY_SCHEDULE`: seconds before each retry. */
  retrySchedule: readonly number[];
  pollSeconds?: number;
  /** DNS resolution (tests resolve names their own way). */
  resolve?: Resolver;
}

interface AttemptJob {
  deliveryId: number;
  /** The attempts the delivery must have had before this one; a job run twice finds more and sends nothing. */
  expected: number;
  /** A redelivery or test event: one attempt, no retries, also to a disabled endpoint. */
  single?: boolean;
}

const contextOf = (owner: WebhookOwner) => `webhook:${owner.kind}:${owner.id}`;
const ownerOf = (e: WebhookEndpoint): WebhookOwner =>
  e.customer ? { kind: 'customer', id: e.customer.id } : { kind: 'cluster', id: e.cluster!.id };
const ownerWhere = (owner: WebhookOwner) => (owner.kind === 'customer' ? { customer: owner.id } : { cluster: owner.id });

/**
 * Outgoing webhooks (issue 30): endpoints of customers and clusters, the events they receive (from the
 * domain events on the bus, after their commit), deliveries signed per Standard Webhooks and sent from the
 * job queue with exponential back-off, a delivery log, redelivery, secret rotation with an overlap, and an
 * endpoint switched off (its owners told) once its deliveries kept failing for the whole schedule.
 */
export class WebhookService {
  readonly #deps: WebhookServiceDeps;
  #boss: PgBoss | undefined;
  #workerId: string | undefined;
  #unsubscribe: (() => void) | undefined;
  readonly #running = new Set<Promise<unknown>>();

  constructor(deps: WebhookServiceDeps) {
    this.#deps = deps;
  }

  get #policy(): TargetPolicy {
    return { allowedHosts: this.#deps.allowedHosts };
  }

  /** Creates the queue, starts its worker and subscribes to the domain events. */
  async start(boss: PgBoss): Promise<void> {
    this.#boss = boss;
    await boss.createQueue(WEBHOOK_QUEUE, { policy: 'standard', retryLimit: 1, retryDelay: 5, expireInSeconds: 120 });
    this.#workerId = await boss.work<AttemptJob>(
      WEBHOOK_QUEUE,
      { localConcurrency: 4, pollingIntervalSeconds: this.#deps.pollSeconds ?? 1 },
      async ([job]) => this.#track(this.attempt(job.data)),
    );
    this.#unsubscribe = this.#deps.events.subscribe((event) => {
      // Not awaited: a publisher (a job's progress, a request) never waits for webhooks.
      void this.#track(this.dispatch(event)).catch((err: unknown) =>
        this.#deps.logger.error({ err, event: event.type }, 'webhook dispatch failed'),
      );
    });
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** Waits for the dispatches and attempts running on this instance. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }

  #track<T>(p: Promise<T>): Promise<T> {
    this.#running.add(p);
    void p.finally(() => this.#running.delete(p)).catch(() => undefined);
    return p;
  }

  async #enqueue(job: AttemptJob, delaySeconds = 0): Promise<void> {
    const boss = this.#boss;
    if (!boss) throw new Error('webhooks not started');
    await boss.send(WEBHOOK_QUEUE, job, delaySeconds > 0 ? { startAfter: delaySeconds } : {});
    if (delaySeconds <= 0 && this.#workerId) boss.notifyWorker(this.#workerId);
  }

  // ---- management (the BFF has checked the caller's role for the owner) ----

  async list(em: EntityManager, owner: WebhookOwner): Promise<{ endpoint: WebhookEndpoint; last: { status: string; at: Date } | null }[]> {
    const endpoints = await em.find(WebhookEndpoint, ownerWhere(owner), { orderBy: { id: 'desc' } });
    const last = new Map<number, { status: string; at: Date }>();
    if (endpoints.length) {
      // Through the EntityManager, not its connection: inside a request's transaction (update answers with the
      // list's last delivery) the connection's own execute runs outside it, and on PGlite (one connection) it
      // waited for that very transaction for ever.
      const rows = await (em as SqlEntityManager).execute<{ endpoint_id: number; status: string; at: Date | string }[]>(
        `select distinct on (d.endpoint_id) d.endpoint_id, d.status, coalesce(a.at, d.created_at) as at from webhook_deliveries d ` +
          `left join lateral (select max(at) as at from webhook_attempts where delivery_id = d.id) a on true ` +
          `where d.endpoint_id in (${endpoints.map(() => '?').join(', ')}) order by d.endpoint_id, d.id desc`,
        endpoints.map((e) => e.id),
      );
      for (const r of rows) last.set(Number(r.endpoint_id), { status: r.status, at: new Date(r.at) });
    }
    return endpoints.map((endpoint) => ({ endpoint, last: last.get(endpoint.id) ?? null }));
  }

  async #find(em: EntityManager, owner: WebhookOwner, id: number): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id, ...ownerWhere(owner) });
    if (!endpoint) throw NotFound('errors.webhook_not_found');
    return endpoint;
  }

  /** Checks a target URL: its form, then (unless allowed by configuration) that its name resolves to public addresses only. */
  async #checkUrl(raw: string): Promise<void> {
    const form = urlFormError(raw, this.#policy);
    if (form) throw ValidationFailed({ url: [form] });
    try {
      await resolveTarget(new URL(raw), this.#policy, this.#deps.resolve ?? systemResolver);
    } catch (e) {
      if (e instanceof TargetRefused)
        throw ValidationFailed({
          url: [e.key === 'webhook.error.unresolved' ? 'errors.webhook_url_unresolved' : 'errors.webhook_url_not_public'],
        });
      throw e;
    }
  }

  async create(
    em: EntityManager,
    owner: WebhookOwner,
    input: Required<Pick<WebhookInput, 'url' | 'events'>> & WebhookInput,
    user: User,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    if ((await em.count(WebhookEndpoint, ownerWhere(owner))) >= WEBHOOK_ENDPOINT_LIMIT)
      throw ValidationFailed({ url: ['errors.webhook_limit'] }, 'errors.webhook_limit');
    await this.#checkUrl(input.url);
    const secret = newWebhookSecret();
    const endpoint = em.create(WebhookEndpoint, {
      ...ownerWhere(owner),
      url: input.url,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      enabled: true,
      secretSealed: this.#deps.box.seal(secret, contextOf(owner)),
      createdBy: user.id,
      createdAt: this.#deps.clock.now(),
    } as never) as WebhookEndpoint;
    await em.flush();
    return { endpoint, secret };
  }

  async update(em: EntityManager, owner: WebhookOwner, id: number, input: WebhookInput): Promise<WebhookEndpoint> {
    const endpoint = await this.#find(em, owner, id);
    if (input.url !== undefined && input.url !== endpoint.url) {
      await this.#checkUrl(input.url);
      endpoint.url = input.url;
    }
    if (input.description !== undefined) endpoint.description = input.description;
    if (input.events !== undefined) endpoint.events = [...new Set(input.events)];
    if (input.enabled === true && !endpoint.enabled) {
      endpoint.enabled = true;
      endpoint.disabledReason = null;
      endpoint.disabledAt = null;
      endpoint.failingSince = null;
    } else if (input.enabled === false && endpoint.enabled) {
      endpoint.enabled = false;
      endpoint.disabledReason = 'manual';
      endpoint.disabledAt = this.#deps.clock.now();
    }
    await em.flush();
    return endpoint;
  }

  async remove(em: EntityManager, owner: WebhookOwner, id: number): Promise<void> {
    const endpoint = await this.#find(em, owner, id);
    await em.nativeDelete(WebhookEndpoint, { id: endpoint.id });
  }

  /** A new secret; the previous one keeps signing (a second signature) for the overlap. */
  async rotate(em: EntityManager, owner: WebhookOwner, id: number): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.#find(em, owner, id);
    await em.populate(endpoint, ['secretSealed']);
    const now = this.#deps.clock.now();
    const secret = newWebhookSecret();
    endpoint.previousSecretSealed = endpoint.secretSealed;
    endpoint.previousSecretValidUntil = new Date(now.getTime() + WEBHOOK_ROTATION_OVERLAP_HOURS * 3600_000);
    endpoint.secretSealed = this.#deps.box.seal(secret, contextOf(owner));
    endpoint.secretRotatedAt = now;
    await em.flush();
    return { endpoint, secret };
  }

  /** The delivery log: the latest deliveries with their attempts, newest first. */
  async deliveries(
    em: EntityManager,
    owner: WebhookOwner,
    id: number,
  ): Promise<{ delivery: WebhookDelivery; attempts: WebhookAttempt[] }[]> {
    const endpoint = await this.#find(em, owner, id);
    const deliveries = await em.find(
      WebhookDelivery,
      { endpoint: endpoint.id },
      { orderBy: { id: 'desc' }, limit: WEBHOOK_LOG_LIMIT, exclude: ['body'] as never },
    );
    const attempts = deliveries.length
      ? await em.find(WebhookAttempt, { delivery: { $in: deliveries.map((d) => d.id) } }, { orderBy: { id: 'desc' } })
      : [];
    return deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.delivery.id === delivery.id).slice(0, 50) }));
  }

  async #one(em: EntityManager, delivery: WebhookDelivery): Promise<{ delivery: WebhookDelivery; attempts: WebhookAttempt[] }> {
    return { delivery, attempts: await em.find(WebhookAttempt, { delivery: delivery.id }, { orderBy: { id: 'desc' }, limit: 50 }) };
  }

  /** Sends one delivery again now: one attempt, same event id, fresh timestamp and signature. */
  async redeliver(
    em: EntityManager,
    owner: WebhookOwner,
    id: number,
    deliveryId: number,
  ): Promise<{ delivery: WebhookDelivery; attempts: WebhookAttempt[] }> {
    const endpoint = await this.#find(em, owner, id);
    const delivery = await em.findOne(WebhookDelivery, { id: deliveryId, endpoint: endpoint.id });
    if (!delivery) throw NotFound('errors.webhook_delivery_not_found');
    delivery.status = 'pending';
    delivery.nextAttemptAt = this.#deps.clock.now();
    await em.flush();
    const job: AttemptJob = { deliveryId: delivery.id, expected: delivery.attempts, single: true };
    await afterCommit(() => this.#enqueue(job));
    return this.#one(em, delivery);
  }

  /** A signed `webhook.test` event; at most WEBHOOK_TESTS_PER_MINUTE per endpoint and minute. */
  async sendTest(em: EntityManager, owner: WebhookOwner, id: number): Promise<{ delivery: WebhookDelivery; attempts: WebhookAttempt[] }> {
    const endpoint = await this.#find(em, owner, id);
    const now = this.#deps.clock.now();
    const recent = await em.count(WebhookDelivery, {
      endpoint: endpoint.id,
      eventType: WEBHOOK_TEST_EVENT,
      createdAt: { $gt: new Date(now.getTime() - 60_000) },
    });
    if (recent >= WEBHOOK_TESTS_PER_MINUTE) throw RateLimited(60, 'errors.webhook_test_rate_limited');
    const body = JSON.stringify({
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { webhookId: endpoint.id, message: 'Test event from the customer portal' },
    });
    const delivery = em.create(WebhookDelivery, {
      endpoint: endpoint.id,
      eventId: `msg_test_${randomBytes(12).toString('hex')}`,
      eventType: WEBHOOK_TEST_EVENT,
      body,
      status: 'pending',
      attempts: 0,
      seriesAttempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    } as never) as WebhookDelivery;
    await em.flush();
    const job: AttemptJob = { deliveryId: delivery.id, expected: 0, single: true };
    await afterCommit(() => this.#enqueue(job));
    return { delivery, attempts: [] };
  }

  // ---- events → deliveries ----

  /** Turns a domain event into deliveries to the endpoints subscribed to it (once per event id and endpoint) and queues them. */
  async dispatch(event: DomainEvent): Promise<number[]> {
    const fact = webhookFactOf(event);
    if (!fact) return [];
    const em = this.#deps.orm.em.fork();
    const conn = em.getConnection();
    const clusters = new Set(fact.clusters);
    if (fact.servers.length)
      for (const r of await conn.execute<{ cluster_id: number }[]>(
        `select cluster_id from servers where id in (${fact.servers.map(() => '?').join(', ')})`,
        fact.servers,
      ))
        clusters.add(Number(r.cluster_id));
    const customers = new Set(fact.customers);
    if (clusters.size)
      for (const r of await conn.execute<{ customer_id: number }[]>(
        `select customer_id from clusters where id in (${[...clusters].map(() => '?').join(', ')})`,
        [...clusters],
      ))
        customers.add(Number(r.customer_id));
    const data = { ...fact.data, ...(clusters.size === 1 && !('clusterId' in fact.data) ? { clusterId: [...clusters][0] } : {}) } as Record<
      string,
      unknown
    >;
    if ('customerId' in data && data.customerId === null && customers.size === 1) data.customerId = [...customers][0];
    const where = [
      ...(customers.size ? [{ customer: { $in: [...customers] } }] : []),
      ...(clusters.size ? [{ cluster: { $in: [...clusters] } }] : []),
    ];
    if (!where.length) return [];
    const endpoints = (await em.find(WebhookEndpoint, { enabled: true, $or: where })).filter((e) => e.events.includes(fact.type));
    if (!endpoints.length) return [];
    return this.#deliver(em, fact, data, endpoints, new Date(event.occurredAt));
  }

  async #deliver(
    em: EntityManager,
    fact: WebhookFact,
    data: Record<string, unknown>,
    endpoints: WebhookEndpoint[],
    occurredAt: Date,
  ): Promise<number[]> {
    const eventId = eventIdOf(fact);
    const body = JSON.stringify({ type: fact.type, timestamp: occurredAt.toISOString(), data });
    const now = this.#deps.clock.now();
    const rows = await em.getConnection().execute<{ id: number }[]>(
      `insert into "webhook_deliveries" ("endpoint_id", "event_id", "event_type", "body", "status", "attempts", "series_attempts", "next_attempt_at", "created_at") values ` +
        `${endpoints.map(() => "(?, ?, ?, ?, 'pending', 0, 0, ?, ?)").join(', ')} on conflict ("endpoint_id", "event_id") do nothing returning "id"`,
      endpoints.flatMap((e) => [e.id, eventId, fact.type, body, now, now]),
      'all',
    );
    const ids = (rows as { id: number }[]).map((r) => Number(r.id));
    for (const deliveryId of ids) await this.#enqueue({ deliveryId, expected: 0 });
    return ids;
  }

  // ---- attempts (the queue's worker) ----

  /** One attempt of a delivery: sign, send through the SSRF guard, record, schedule the next or give up. */
  async attempt(job: AttemptJob): Promise<void> {
    const em = this.#deps.orm.em.fork();
    const delivery = await em.findOne(WebhookDelivery, { id: job.deliveryId }, { populate: ['endpoint'] });
    if (!delivery || delivery.attempts !== job.expected || (delivery.status === 'succeeded' && !job.single)) return;
    const endpoint = delivery.endpoint as WebhookEndpoint;
    await em.populate(endpoint, ['secretSealed', 'previousSecretSealed'] as never);
    if (!endpoint.enabled && !job.single) {
      delivery.status = 'failed';
      delivery.nextAttemptAt = null;
      await em.flush();
      return;
    }
    const owner = ownerOf(endpoint);
    const now = this.#deps.clock.now();
    const secrets = [this.#deps.box.open(endpoint.secretSealed, contextOf(owner))];
    if (endpoint.previousSecretSealed && endpoint.previousSecretValidUntil && endpoint.previousSecretValidUntil > now)
      secrets.push(this.#deps.box.open(endpoint.previousSecretSealed, contextOf(owner)));
    // The signature's timestamp is the wall clock: receivers check it against theirs to refuse replays.
    const headers = signWebhook(secrets, delivery.eventId, new Date(), delivery.body);
    const result = await guardedPost(endpoint.url, delivery.body, headers, this.#policy, { resolve: this.#deps.resolve });
    const at = this.#deps.clock.now();
    em.create(WebhookAttempt, {
      delivery: delivery.id,
      at,
      responseStatus: result.status,
      responseBody: result.body,
      error: result.error,
      durationMs: result.durationMs,
    } as never);
    delivery.attempts += 1;
    delivery.seriesAttempts = job.single ? 1 : delivery.seriesAttempts + 1;
    const ok = result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
    let next: number | null = null;
    let disable = false;
    if (ok) {
      delivery.status = 'succeeded';
      delivery.nextAttemptAt = null;
      endpoint.failingSince = null;
    } else {
      endpoint.failingSince ??= at;
      next = job.single ? null : nextAttemptDelay(this.#deps.retrySchedule, delivery.seriesAttempts);
      if (next !== null) {
        delivery.status = 'retrying';
        delivery.nextAttemptAt = new Date(at.getTime() + next * 1000);
      } else {
        delivery.status = 'failed';
        delivery.nextAttemptAt = null;
        // Persistent failure: the whole schedule failed and nothing succeeded since this delivery's first attempt.
        const first = await em.findOne(WebhookAttempt, { delivery: delivery.id }, { orderBy: { id: 'asc' } });
        disable = !job.single && endpoint.enabled && endpoint.failingSince <= (first?.at ?? at);
      }
    }
    if (disable) {
      endpoint.enabled = false;
      endpoint.disabledReason = 'failing';
      endpoint.disabledAt = at;
    }
    await em.flush();
    // Not awaited inside the queue's handler: the retry is queued once this job is settled.
    if (next !== null) {
      const retry = { deliveryId: delivery.id, expected: delivery.attempts };
      void this.#track(this.#enqueue(retry, next)).catch((err: unknown) =>
        this.#deps.logger.error({ err, deliveryId: retry.deliveryId }, 'webhook retry not queued'),
      );
    }
    if (disable) {
      this.#deps.logger.warn(
        { endpointId: endpoint.id, deliveryId: delivery.id },
        'webhook endpoint switched off after failing deliveries',
      );
      // Not awaited inside the queue's handler either (see the retry above).
      void this.#deps.events
        .publish(
          WEBHOOK_DISABLED_EVENT,
          { endpointId: endpoint.id, url: endpoint.url, owner: owner.kind, ownerId: owner.id, disabledAt: at.toISOString() },
          owner.kind === 'customer' ? { customers: [owner.id] } : { clusters: [owner.id] },
        )
        .catch((err: unknown) => this.#deps.logger.error({ err, endpointId: endpoint.id }, 'webhook switch-off not announced'));
    }
  }
}
