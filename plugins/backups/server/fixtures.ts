/**
 * Demo data of every server (all run `backups`): a daily plan of the shop's document root, its last backup and restore test, and a
 * compared copy with three differences (so the demo shows the compare view). Nothing exists on the server: the
 * snapshot list stays empty until a real backup runs.
 */
import type { StateContext } from '@portal/plugin-sdk/server';
import { BackupPlan, BackupRestore, BackupRun } from './entities.ts';

export const demoSnapshotId = '4f0c1d2e3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5';

export async function demoFixtures({ em, server, clock }: StateContext): Promise<void> {
  if ((await em.count(BackupPlan, { serverId: server.id })) > 0) return;
  const now = clock.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
  const plan = em.create(BackupPlan, { serverId: server.id, name: 'shop', kind: 'files', path: '/var/www/shop', schedule: 'daily', hour: 3, keepDays: 10, keepWeeks: 0, keepMonths: 0, createdAt: at(240), updatedAt: at(240) });
  await em.flush();
  const run = { serverId: server.id, planId: plan.id, restoreId: null, status: 'succeeded', stage: 'done', scheduled: true, error: null };
  em.create(BackupRun, { ...run, kind: 'backup', snapshotId: demoSnapshotId, bytes: 48_230_112, files: 1_204, durationMs: 8_400, createdAt: at(6), finishedAt: at(5.99) });
  em.create(BackupRun, { ...run, kind: 'verify', snapshotId: demoSnapshotId, bytes: null, files: 1_204, durationMs: null, createdAt: at(5), finishedAt: at(4.99) });
  const changes = [
    { path: 'img/logo.svg', change: 'added' as const },
    { path: 'index.php', change: 'changed' as const },
    { path: 'tmp/upload.php', change: 'removed' as const },
  ];
  for (let i = 0; i < 2; i++)
    em.create(BackupRestore, { serverId: server.id, planId: plan.id, snapshotId: demoSnapshotId, mode: 'copy', status: 'compared', changes, changesTotal: changes.length, error: null, createdAt: at(1) });
  await em.flush();
}
