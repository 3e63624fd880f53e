import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the event id, the same on every attempt),
 * `webhook-timestamp` (seconds) and `webhook-signature`, one `v1,<base64>` per secret, space-separated —
 * during a rotation the new and the previous secret both sign, so a receiver with either verifies.
 */
export function signWebhook(secrets: readonly string[], eventId: string, at: Date, body: string): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(eventId, at, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * Seconds to wait after each failed attempt (exponential back-off): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h — eight attempts over about 27 hours. `WEBHOOK_RETRY_SCHEDULE` replaces it.
 */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** When the attempt after `attempt` (1-based) is due, or null when that was the last one. */
export function nextAttemptDelay(schedule: readonly number[], attempt: number): number | null {
  return attempt >= 1 && attempt <= schedule.length ? schedule[attempt - 1]! : null;
}
