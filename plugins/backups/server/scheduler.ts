/**
 * The scheduler: once a minute, every plan whose schedule slot has come is backed up, and every plan with a
 * successful backup gets its daily restore test. Which work is due is pure (`dueWork`, unit-tested); `startScheduler`
 * runs it with the plugin's ports outside any request.
 */
import { startPoller, type PluginPorts } from '@portal/plugin-sdk/server';
import { lastSlot, restoreTestEveryMs, type Schedule } from '../shared/schedule.ts';
import { BackupPlan, BackupRun } from './entities.ts';
import type { Runs } from './runs.ts';

type PlanLike = Pick<BackupPlan, 'id' | 'schedule' | 'hour' | 'createdAt'>;
type RunLike = Pick<BackupRun, 'planId' | 'kind' | 'status' | 'scheduled' | 'createdAt'>;

/** The work due at `now`: a scheduled backup per plan whose last slot has no scheduled backup yet, a restore test a day. */
export function dueWork(plans: PlanLike[], runs: RunLike[], now: Date): { planId: number; kind: 'backup' | 'verify' }[] {
  const out: { planId: number; kind: 'backup' | 'verify' }[] = [];
  for (const plan of plans) {
    const mine = runs.filter((r) => r.planId === plan.id);
    const slot = lastSlot(plan.schedule as Schedule, plan.hour, now);
    // A slot before the plan existed is not owed; the first one after it is.
    if (slot && slot >= plan.createdAt && !mine.some((r) => r.kind === 'backup' && r.scheduled && r.createdAt >= slot)) out.push({ planId: plan.id, kind: 'backup' });
    const busy = mine.some((r) => r.status === 'queued' || r.status === 'running');
    const backedUp = mine.some((r) => r.kind === 'backup' && r.status === 'succeeded');
    const tested = mine.some((r) => r.kind === 'verify' && now.getTime() - r.createdAt.getTime() < restoreTestEveryMs);
    if (backedUp && !busy && !tested) out.push({ planId: plan.id, kind: 'verify' });
  }
  return out;
}

/** Runs `dueWork` every `everyMs` (default a minute); answers the function that stops it. */
export function startScheduler(ports: PluginPorts, runs: Runs, everyMs = 60_000): () => void {
  return startPoller(ports, 'backups scheduler', everyMs, async () => {
    const em = ports.database.fork();
    const now = ports.clock.now();
    const plans = await em.find(BackupPlan, {});
    if (plans.length === 0) return;
    const recent = await em.find(BackupRun, { createdAt: { $gte: new Date(now.getTime() - 8 * 24 * 3_600_000) } });
    for (const { planId, kind } of dueWork(plans, recent, now)) {
      const plan = plans.find((p) => p.id === planId)!;
      await (kind === 'backup' ? runs.backup(em, plan, true) : runs.verify(em, plan, true));
    }
  });
}
