/**
 * The `backups` section through the API with a real restic repository in the server sandbox (`local` gateway):
 * plans, back up real files, the snapshot with its size, restore as a copy and compare, promote, the retention's
 * price (R9.021), and the access declarations of every operation.
 */
import { demoLogins, hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { plansPath } from './plans.ts';

const run = hasProgram('restic') && hasProgram('rsync') ? describe : describe.skip;
let t: PluginPortal<ApiOperations>;

run('backups with restic', () => {
  beforeAll(async () => {
    // Without the demo plans (fixtures): the server starts with no plan and no repository.
    t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { fixtures: false });
  }, 120_000);
  afterAll(() => t?.stop());

  const gw = () => t.portal.managed.gateway(t.server.id);
  const write = (rel: string, content: string) => gw().writeFile({ path: `/var/www/shop/${rel}`, content });
  async function settled(runId: number) {
    for (let i = 0; i < 600; i++) {
      const r = await t.api.call('getBackupRun', { path: { runId } });
      if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`run ${runId} did not end`);
  }
  const body = { name: 'shop', kind: 'files', path: '/var/www/shop', database: '', schedule: 'daily', hour: 3, keepDays: 10, keepWeeks: 0, keepMonths: 0 } as const;
  let planId = 0;

  it('R2.026 creates a plan (applied as the plan file, next run shown) and refuses invalid values with 422', async () => {
    const bad = await t.api.call('createBackupPlan', { body: { ...body, path: '/etc/passwd' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error?.fields?.path).toBeDefined();
    // No MariaDB runs on this server (the mysql module is not loaded): no database to dump.
    const dump = await t.api.call('createBackupPlan', { body: { ...body, name: 'db', kind: 'database', path: '', database: 'shop' } });
    expect(dump.status).toBe(422);
    expect(dump.body.error?.fields).toEqual({ database: ['backups:errors.database_unknown'] });
    expect((await t.api.call('listBackupDatabases')).body).toEqual({ running: false, data: [] });
    expect((await t.api.call('createBackupPlan', { body: { ...body, path: '' } })).body.error?.fields).toEqual({ path: ['backups:errors.path_required'] });

    const created = await t.api.call('createBackupPlan', { body });
    expect(created.status).toBe(202);
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    const [plan] = (await t.api.call('listBackupPlans')).body.data;
    expect(plan).toMatchObject({ name: 'shop', retentionDays: 10 });
    expect(plan!.nextRun).toMatch(/T03:00:00/);
    planId = plan!.id;
    expect(await t.file(plansPath)).toContain(`${planId} shop files /var/www/shop daily 3 | --tag plan-${planId}`);
    const twice = await t.api.call('createBackupPlan', { body: { ...body, name: 'other' } });
    expect(twice.body.error?.fields).toEqual({ path: ['backups:errors.path_duplicate'] });
  });

  it('R2.026 backs up real files now; the snapshot is listed with size, files and duration; a restore test proves it', async () => {
    await write('index.html', '<h1>shop</h1>\n');
    await write('img/logo.svg', '<svg/>\n');
    const started = await t.api.call('startBackup', { path: { planId } });
    expect(started.status).toBe(202);
    const done = await settled(started.body.id);
    expect(done).toMatchObject({ status: 'succeeded', stage: 'done', files: 2 });
    const snaps = (await t.api.call('listBackupSnapshots')).body.data;
    expect(snaps).toHaveLength(1);
    expect(snaps[0]!.id.startsWith(done.snapshotId!)).toBe(true);
    expect(snaps[0]).toMatchObject({ planId, safety: false, files: 2 });
    expect(snaps[0]!.bytes).toBeGreaterThan(0);
    expect(snaps[0]!.durationMs).toBeGreaterThanOrEqual(0);

    const verify = await t.api.call('verifyBackupPlan', { path: { planId } });
    expect(verify.status).toBe(202);
    expect(await settled(verify.body.id)).toMatchObject({ status: 'succeeded', files: 2 });
    const overview = (await t.api.call('getBackupsOverview')).body;
    expect(overview.plans[0]).toMatchObject({ planId, lastBackup: { status: 'succeeded' } });
    expect(overview.plans[0]!.lastProven).not.toBeNull();
  }, 120_000);

  it('R2.026 restores as a copy, compares (a changed file), discards or promotes it (after a safety snapshot); in place needs confirmation', async () => {
    await write('index.html', '<h1>broken</h1>\n');
    const [snap] = (await t.api.call('listBackupSnapshots')).body.data;
    const unconfirmed = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap!.id, mode: 'in_place' } });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.error?.fields).toEqual({ confirm: ['backups:errors.confirm_required'] });

    const copy = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap!.id, mode: 'copy' } });
    expect(copy.status).toBe(202);
    expect(await settled(copy.body.runId!)).toMatchObject({ status: 'succeeded' });
    const compared = (await t.api.call('getBackupRestore', { path: { restoreId: copy.body.id } })).body;
    expect(compared).toMatchObject({ status: 'compared', changesTotal: 1, changes: [{ path: 'index.html', change: 'changed' }] });
    expect(await gw().readFile('/var/www/shop/index.html')).toBe('<h1>broken</h1>\n'); // a copy changes nothing live

    const promoted = await t.api.call('promoteBackupRestore', { path: { restoreId: copy.body.id } });
    expect(promoted.status).toBe(202);
    expect(await settled(promoted.body.runId!)).toMatchObject({ status: 'succeeded', error: null });
    expect(await gw().readFile('/var/www/shop/index.html')).toBe('<h1>shop</h1>\n');
    expect((await t.api.call('getBackupRestore', { path: { restoreId: copy.body.id } })).body.status).toBe('promoted');
    expect((await t.api.call('promoteBackupRestore', { path: { restoreId: copy.body.id } })).status).toBe(409);
    // The live files before the promote are kept as a safety snapshot.
    const all = (await t.api.call('listBackupSnapshots')).body.data;
    expect(all.filter((s) => s.safety)).toHaveLength(1);

    // A second copy, discarded: removed, nothing live changed.
    const second = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap!.shortId, mode: 'copy' } });
    await settled(second.body.runId!);
    expect((await t.api.call('discardBackupRestore', { path: { restoreId: second.body.id } })).status).toBe(204);
    expect((await t.api.call('getBackupRestore', { path: { restoreId: second.body.id } })).body.status).toBe('discarded');
    expect((await t.api.call('listBackupRestores')).body.data.map((r) => r.status)).toEqual(['discarded', 'promoted']);
    expect((await t.api.call('listBackupRuns')).body.data.map((r) => `${r.kind} ${r.status}`)).toEqual([
      'restore succeeded',
      'promote succeeded',
      'restore succeeded',
      'verify succeeded',
      'backup succeeded',
    ]);
    expect((await t.api.call('createBackupRestore', { body: { planId, snapshotId: 'deadbeef', mode: 'copy' } })).status).toBe(422);
  }, 120_000);

  it('R2.026 restores in place once confirmed, after a safety snapshot of the live files', async () => {
    await write('index.html', '<h1>broken again</h1>\n');
    const snap = (await t.api.call('listBackupSnapshots')).body.data.find((s) => !s.safety)!;
    const before = (await t.api.call('listBackupSnapshots')).body.data.filter((s) => s.safety).length;
    const inPlace = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap.id, mode: 'in_place', confirm: true } });
    expect(inPlace.status).toBe(202);
    expect(await settled(inPlace.body.runId!)).toMatchObject({ status: 'succeeded', error: null });
    expect(await gw().readFile('/var/www/shop/index.html')).toBe('<h1>shop</h1>\n');
    expect((await t.api.call('getBackupRestore', { path: { restoreId: inPlace.body.id } })).body.status).toBe('promoted');
    expect((await t.api.call('listBackupSnapshots')).body.data.filter((s) => s.safety)).toHaveLength(before + 1);
  }, 120_000);

  it('R2.026 a changed plan rolled back: the previous plan file is back on the server, the job succeeded; snapshots stay', async () => {
    const previous = await t.file(plansPath);
    expect(previous).toContain(`${planId} shop files /var/www/shop daily 3 |`);
    const snapshots = (await t.api.call('listBackupSnapshots')).body.data.length;
    const changed = await t.api.call('updateBackupPlan', { path: { planId }, body: { ...body, schedule: 'weekly', hour: 5, keepDays: 30 } });
    expect(changed.status).toBe(202);
    expect(await t.waitForJob(changed.body.id)).toMatchObject({ status: 'succeeded' });
    expect(await t.file(plansPath)).toContain(`${planId} shop files /var/www/shop weekly 5 |`);

    const job = await t.applied('POST', `${t.base()}/managed/plugins/backups/rollback`);
    expect(job).toMatchObject({ kind: 'rollback', status: 'succeeded' });
    expect(await t.file(plansPath)).toBe(previous);
    expect((await t.api.call('getBackupPlan', { path: { planId } })).body).toMatchObject({ schedule: 'daily', hour: 3, keepDays: 10 });
    // The repository is data, not desired state: a rollback takes no snapshot away.
    expect((await t.api.call('listBackupSnapshots')).body.data).toHaveLength(snapshots);
  }, 120_000);

  it('R9.021 prices the retention: 10 days free, each further day per month', async () => {
    const free = (await t.api.call('previewBackupsCost', { query: { retentionDays: 10 } })).body;
    expect(free).toMatchObject({ freeDays: 10, pricedDays: 0, monthlyNet: '0.00' });
    const longer = (await t.api.call('previewBackupsCost', { query: { retentionDays: 30 } })).body;
    expect(longer).toMatchObject({ retentionDays: 30, freeDays: 10, pricedDays: 20, unitNet: '0.08', monthlyNet: '1.60', currency: 'EUR' });
  });

  it("R6.004 refuses another cluster's administrator (404)", async () => {
    const other = await t.signIn(demoLogins.other);
    expect((await t.api.call('getBackupsOverview', { as: other })).status).toBe(404);
  });
});
