/**
 * The plugin's own operations besides the plans' resource: overview, snapshots, runs, restores and the cost of a
 * retention. Each handler parses, checks and hands over to the runs (`runs.ts`).
 */
import type { Schemas } from '@portal/openapi';
import { conflict, found, noContent, validationFailed, type ErrorNameOf, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { listDatabases } from './dumps.ts';
import { BackupPlan, BackupRestore, BackupRun } from './entities.ts';
import { presentRestore, presentRun, type Runs } from './runs.ts';

type Own = Exclude<Operations, 'listBackupPlans' | 'getBackupPlan' | 'createBackupPlan' | 'updateBackupPlan' | 'deleteBackupPlan'>;

const key = (k: ErrorNameOf<TranslationKey>) => `backups:errors.${k}`;
const open = ['restoring', 'compared', 'promoting'];
const euros = (cents: number) => (cents / 100).toFixed(2);

const planOf = async (em: PluginDatabase, serverId: number, planId: number) => found(await em.findOne(BackupPlan, { id: planId, serverId }));
const runOfRestore = async (em: PluginDatabase, restoreId: number) => (await em.find(BackupRun, { restoreId }, { orderBy: { id: 'desc' }, limit: 1 }))[0]?.id ?? null;

async function presentPlanStatus(plan: BackupPlan, runs: BackupRun[]): Promise<Schemas['BackupPlanStatus']> {
  const mine = runs.filter((r) => r.planId === plan.id);
  const lastBackup = mine.find((r) => r.kind === 'backup');
  const lastVerify = mine.find((r) => r.kind === 'verify');
  const proven = mine.find((r) => r.kind === 'verify' && r.status === 'succeeded');
  return {
    planId: plan.id,
    lastBackup: lastBackup ? presentRun(lastBackup) : null,
    lastVerify: lastVerify ? presentRun(lastVerify) : null,
    lastProven: proven?.finishedAt?.toISOString() ?? null,
  };
}

export const ownHandlers = (ports: PluginPorts, runs: Runs): Pick<PluginHandlers<Operations>, Own> => ({
  getBackupsOverview: async (c) => {
    await runs.settleStale(c.em, c.server.id);
    const all = await c.em.find(BackupRun, { serverId: c.server.id }, { orderBy: { id: 'desc' }, limit: 500 });
    const plans = await c.em.find(BackupPlan, { serverId: c.server.id }, { orderBy: { id: 'asc' } });
    const restores = await c.em.find(BackupRestore, { serverId: c.server.id, status: { $in: open } }, { orderBy: { id: 'desc' }, limit: 100 });
    return {
      plans: await Promise.all(plans.map((p) => presentPlanStatus(p, all))),
      running: all.filter((r) => r.status === 'queued' || r.status === 'running').map(presentRun),
      restores: await Promise.all(restores.map(async (r) => presentRestore(r, await runOfRestore(c.em, r.id)))),
    };
  },

  listBackupDatabases: async (c) => listDatabases(ports.gateway(c.server.id)),

  listBackupSnapshots: async (c) => {
    const made = await c.em.find(BackupRun, { serverId: c.server.id, snapshotId: { $ne: null } });
    // restic's backup summary names the snapshot by its short id: a run's id is a prefix of the snapshot's.
    const runOf = (id: string) => made.find((r) => id.startsWith(r.snapshotId!));
    const data = (await runs.snapshots(c.em, c.server.id)).slice(0, 1000).map((s) => {
      const run = runOf(s.id);
      const plan = /^plan-(\d+)$/.exec(s.tags?.find((t) => t.startsWith('plan-')) ?? '');
      return {
        id: s.id,
        shortId: s.short_id,
        time: new Date(s.time).toISOString(),
        paths: s.paths.slice(0, 64),
        planId: plan ? Number(plan[1]) : null,
        safety: !!s.tags?.includes('safety'),
        bytes: run?.kind !== 'verify' ? (run?.bytes ?? null) : null,
        files: run?.kind !== 'verify' ? (run?.files ?? null) : null,
        durationMs: run?.kind !== 'verify' ? (run?.durationMs ?? null) : null,
      };
    });
    return { data };
  },

  startBackup: async (c) => {
    const plan = await planOf(c.em, c.server.id, c.params.planId);
    if ((await c.em.count(BackupRun, { planId: plan.id, kind: 'backup', status: { $in: ['queued', 'running'] } })) > 0) throw conflict(key('run_running'));
    return presentRun(await runs.backup(c.em, plan, false));
  },

  verifyBackupPlan: async (c) => {
    const plan = await planOf(c.em, c.server.id, c.params.planId);
    if ((await c.em.count(BackupRun, { planId: plan.id, kind: 'backup', status: 'succeeded' })) === 0) throw conflict(key('no_snapshot'));
    return presentRun(await runs.verify(c.em, plan, false));
  },

  listBackupRuns: async (c) => {
    await runs.settleStale(c.em, c.server.id);
    return { data: (await c.em.find(BackupRun, { serverId: c.server.id }, { orderBy: { id: 'desc' }, limit: 100 })).map(presentRun) };
  },

  listBackupRestores: async (c) => {
    const restores = await c.em.find(BackupRestore, { serverId: c.server.id }, { orderBy: { id: 'desc' }, limit: 100 });
    return { data: await Promise.all(restores.map(async (r) => presentRestore(r, await runOfRestore(c.em, r.id)))) };
  },

  getBackupRun: async (c) => presentRun(found(await c.em.findOne(BackupRun, { id: c.params.runId, serverId: c.server.id }))),

  createBackupRestore: async (c) => {
    const plan = await c.em.findOne(BackupPlan, { id: c.body.planId, serverId: c.server.id });
    if (!plan) throw validationFailed({ planId: [key('plan_unknown')] });
    if (c.body.mode === 'in_place' && c.body.confirm !== true) throw validationFailed({ confirm: [key('confirm_required')] });
    // A snapshot the portal made or listed for this plan (its id or a prefix of it).
    const made = await c.em.find(BackupRun, { serverId: c.server.id, planId: plan.id, snapshotId: { $ne: null } });
    const known = made.some((r) => r.snapshotId!.startsWith(c.body.snapshotId)) || (await runs.snapshots(c.em, c.server.id)).some((s) => s.id.startsWith(c.body.snapshotId) && s.tags?.includes(`plan-${plan.id}`));
    if (!known) throw validationFailed({ snapshotId: [key('snapshot_unknown')] });
    const restore = c.em.create(BackupRestore, {
      serverId: c.server.id,
      planId: plan.id,
      snapshotId: c.body.snapshotId,
      mode: c.body.mode,
      status: c.body.mode === 'copy' ? 'restoring' : 'promoting',
      changes: [],
      changesTotal: 0,
      error: null,
      createdAt: ports.clock.now(),
    });
    await c.em.flush();
    const run = await runs.restore(c.em, restore);
    return presentRestore(restore, run.id);
  },

  getBackupRestore: async (c) => {
    const restore = found(await c.em.findOne(BackupRestore, { id: c.params.restoreId, serverId: c.server.id }));
    return presentRestore(restore, await runOfRestore(c.em, restore.id));
  },

  promoteBackupRestore: async (c) => {
    const restore = found(await c.em.findOne(BackupRestore, { id: c.params.restoreId, serverId: c.server.id }));
    if (restore.status !== 'compared') throw conflict(key('restore_not_open'));
    c.em.assign(restore, { status: 'promoting' });
    const run = await runs.promote(c.em, restore);
    return presentRestore(restore, run.id);
  },

  discardBackupRestore: async (c) => {
    const restore = found(await c.em.findOne(BackupRestore, { id: c.params.restoreId, serverId: c.server.id }));
    if (restore.status !== 'compared') throw conflict(key('restore_not_open'));
    await runs.discard(restore);
    c.em.assign(restore, { status: 'discarded' });
    await c.em.flush();
    return noContent;
  },

  previewBackupsCost: async (c) => {
    const p = ports.prices.backupRetention(c.query.retentionDays);
    return {
      retentionDays: p.retentionDays,
      freeDays: p.freeDays,
      pricedDays: p.pricedDays,
      unitNet: euros(p.unitNetCents),
      monthlyNet: euros(p.monthly.netCents),
      monthlyGross: euros(p.monthly.grossCents),
      currency: p.currency,
      vatPercent: p.vatPercent,
    };
  },
});
