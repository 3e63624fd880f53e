import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { WebhookEndpoint } from './WebhookEndpoint.ts';

export const webhookDeliveryStatuses = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * One event to one endpoint: idempotent by the event id (unique per endpoint), so an event announced twice
 * is delivered once. `body` is the exact JSON sent (every attempt signs the same bytes). `attempts` counts
 * the attempts so far; a queued attempt carries the number it expects, so a job run twice sends once.
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  uniques: [{ properties: ['endpoint', 'eventId'] }],
  indexes: [{ properties: ['endpoint', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade'),
    eventId: p.string().length(64),
    eventType: p.string().length(60),
    body: p.text(),
    status: p.string().length(20).$type<WebhookDeliveryStatus>().default('pending'),
    attempts: p.integer().default(0),
    /** Attempts of the current series (a redelivery starts a new one of a single attempt). */
    seriesAttempts: p.integer().default(0),
    nextAttemptAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;

/** One HTTP attempt of a delivery: when, the answer's status and first characters, or why there was none. */
export const WebhookAttempt = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempts',
  indexes: [{ properties: ['delivery', 'at'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    delivery: () => p.manyToOne(WebhookDelivery).deleteRule('cascade'),
    at: p.datetime(),
    responseStatus: p.smallint().nullable(),
    responseBody: p.string().length(500).default(''),
    error: p.string().length(100).nullable(),
    durationMs: p.integer(),
  },
});
export type WebhookAttempt = InferEntity<typeof WebhookAttempt>;
