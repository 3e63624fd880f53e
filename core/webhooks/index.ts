/**
 * Outgoing webhooks (issue 30): endpoints of customers and clusters, deliveries signed per Standard
 * Webhooks from the job queue, the SSRF guard. Other modules use it only through this file.
 */
export { WebhookEndpoint, webhookEventTypes, WEBHOOK_TEST_EVENT, webhookDisabledReasons, type WebhookEventType, type WebhookDisabledReason } from './WebhookEndpoint.ts';
export { WebhookDelivery, WebhookAttempt, webhookDeliveryStatuses, type WebhookDeliveryStatus } from './WebhookDelivery.ts';
export {
  WebhookService,
  WEBHOOK_QUEUE,
  WEBHOOK_DISABLED_EVENT,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_TESTS_PER_MINUTE,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type WebhookOwner,
  type WebhookInput,
  type WebhookServiceDeps,
} from './webhooks.ts';
export { webhookFactOf, eventIdOf, type WebhookFact } from './events.ts';
export { isPublicAddress, isAllowedHost, urlFormError, resolveTarget, guardedPost, TargetRefused, systemResolver, type Resolver, type TargetPolicy, type SendResult } from './ssrf.ts';
export { signWebhook, newWebhookSecret, nextAttemptDelay, DEFAULT_RETRY_SCHEDULE } from './signing.ts';
export { Migration20261128000000Webhooks } from './migrations/Migration20261128000000Webhooks.ts';
