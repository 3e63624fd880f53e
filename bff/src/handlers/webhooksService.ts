import { twoFactorSecretBox } from '@portal/core/accounts';
import type { JobRunner } from '@portal/core/managed';
import { WebhookService, type Resolver } from '@portal/core/webhooks';
import type { AppDeps } from '../deps.ts';

/** The webhook service of each running portal (tests run several in one process), keyed by its deps. */
const byDeps = new WeakMap<AppDeps, WebhookService>();

/**
 * Starts outgoing webhooks on the Managed Center's job queue (after the migrations, before listening).
 * `resolve`: how target names are resolved (the system's DNS unless a test gives its own).
 */
export async function attachWebhooks(deps: AppDeps, boss: JobRunner['queue'], resolve?: Resolver): Promise<WebhookService> {
  if (!boss) throw new Error('the job queue is not started');
  const service = new WebhookService({
    orm: deps.orm,
    clock: deps.clock,
    logger: deps.logger,
    events: deps.events,
    box: twoFactorSecretBox(deps.config),
    allowedHosts: deps.config.WEBHOOK_ALLOWED_HOSTS,
    retrySchedule: deps.config.WEBHOOK_RETRY_SCHEDULE,
    pollSeconds: deps.config.JOB_POLL_SECONDS,
    resolve,
  });
  await service.start(boss);
  byDeps.set(deps, service);
  return service;
}

/** The webhook service of a portal; undefined before it started (an app without a queue). */
export const webhooksOf = (deps: AppDeps): WebhookService | undefined => byDeps.get(deps);
