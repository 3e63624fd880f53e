import { OrderProvisioning } from '@portal/core/ordering';
import { twoFactorSecretBox } from '@portal/core/accounts';
import type { JobRunner } from '@portal/core/managed';
import type { AppDeps } from '../deps.ts';

/** The provisioning service of each running portal (tests run several in one process), keyed by its deps. */
const byDeps = new WeakMap<AppDeps, OrderProvisioning>();

/** Starts order provisioning on the Managed Center's job queue (after the migrations, before listening). */
export async function attachOrderProvisioning(deps: AppDeps, boss: JobRunner['queue']): Promise<OrderProvisioning> {
  if (!boss) throw new Error('the job queue is not started');
  const provisioning = new OrderProvisioning({ orm: deps.orm, clock: deps.clock, logger: deps.logger, events: deps.events, mailer: deps.mailer, box: twoFactorSecretBox(deps.config), pollSeconds: deps.config.JOB_POLL_SECONDS });
  await provisioning.start(boss);
  byDeps.set(deps, provisioning);
  return provisioning;
}

/** The provisioning service of a portal; undefined before it started (an app without a queue). */
export const orderProvisioningOf = (deps: AppDeps): OrderProvisioning | undefined => byDeps.get(deps);
