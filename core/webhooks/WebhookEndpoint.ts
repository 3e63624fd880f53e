import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Customer } from '../customers/index.ts';
import { Cluster } from '../clusters/index.ts';
import { User } from '../accounts/index.ts';

/** The events an endpoint can subscribe to (issue 30); their payloads are the contract's `webhooks` section. */
export const webhookEventTypes = [
  'invoice.issued',
  'invoice.public_link.created',
  'order.status_changed',
  'contract.termination.confirmed',
  'contract.status_changed',
  'managed.apply.succeeded',
  'managed.apply.failed',
  'managed.drift.detected',
  'notification.created',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event "send test event" sends; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookDisabledReasons = ['failing', 'manual'] as const;
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number];

/**
 * An HTTPS endpoint of a customer (its managers manage it) or of a cluster (its administrators), with the
 * events it receives. Exactly one owner. The signing secret is sealed (AES-256-GCM, the two-factor secret
 * box), with the owner as authenticated data; during a rotation the previous one signs too until
 * `previousSecretValidUntil`.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.integer().primary().autoincrement(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').nullable().index(),
    cluster: () => p.manyToOne(Cluster).deleteRule('cascade').nullable().index(),
    url: p.string().length(2000),
    description: p.string().length(200).default(''),
    events: p.json<WebhookEventType[]>(),
    enabled: p.boolean().default(true),
    disabledReason: p.string().length(20).$type<WebhookDisabledReason>().nullable(),
    disabledAt: p.datetime().nullable(),
    /** The first failed attempt since the last success; null while deliveries succeed. */
    failingSince: p.datetime().nullable(),
    secretSealed: p.text().lazy(),
    previousSecretSealed: p.text().nullable().lazy(),
    previousSecretValidUntil: p.datetime().nullable(),
    secretRotatedAt: p.datetime().nullable(),
    createdBy: () => p.manyToOne(User).deleteRule('set null').nullable(),
    createdAt: p.datetime(),
  },
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
