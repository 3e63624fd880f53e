import { twoFactorSecretBox } from '@portal/core/accounts';
import type { JobRunner } from '@portal/core/managed';
import { WebhookService } from '@portal/core/webhooks';
import type { AppDeps } from '../deps.ts';

/** The webhook service of each running portal (tests run several in one process), keyed by its deps. */
const byDeps = new WeakMap<AppDeps, WebhookService>();

/** Starts outgoing webhooks on the Managed Center's job queue (after the migrations, before listening). */
export async function attachWebhooks(deps: AppDeps, boss: JobRunner['queue']): Promise<WebhookService> {
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
  });
  await service.start(boss);
  byDeps.set(deps, service);
  return service;
}

/** The webhook service of a portal; undefined before it started (an app without a queue). */
export const webhooksOf = (deps: AppDeps): WebhookService | undefined => byDeps.get(deps);
