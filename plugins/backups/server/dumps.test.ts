/**
 * Database plans through the real portal (every plugin loaded: the mysql module starts db01's private MariaDB and
 * creates the database through its own API) with the real `mariadb-dump`, `mariadb` and restic: a plan of a
 * database, its backup (a dump in a snapshot), the restore test (loaded into a scratch database), rows changed,
 * restored as a copy and compared (rows live and in the copy), promoted (the rows back), discarded, in place after
 * confirmation with a safety dump; an unknown database refused with 422.
 */
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { connect } from './dumps.ts';
import { plansPath } from './plans.ts';

const run = ['restic', 'mariadbd', 'mariadb-dump', 'mariadb'].every((p) => hasProgram(p)) ? describe : describe.skip;
let t: PluginPortal<ApiOperations>;

run('database plans: dumps of the private MariaDB with restic', () => {
  beforeAll(async () => {
    t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), {
      allPlugins: true,
      cluster: '20011',
      server: (s) => s.name.startsWith('db01'),
    });
  }, 180_000);
  afterAll(() => t?.stop());

  /** SQL as the instance's administrator (the portal's OS user over the socket), as a shop's application changes its data. */
  async function sql<T = unknown>(statement: string): Promise<T> {
    // The plugin's own administrator connection, with room for a loaded run (the connector's 1 s default timed out).
    const conn = await connect(t.portal.managed.gateway(t.server.id), 15_000);
    try {
      return (await conn.query(statement)) as T;
    } finally {
      await conn.end();
    }
  }
  const rows = async (table: string) => (await sql<[{ n: number }]>(`SELECT COUNT(*) AS n FROM bk_shop.${table}`))[0].n;
  const schemas = async () =>
    (
      await sql<{ n: string }[]>(
        "SELECT SCHEMA_NAME AS n FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'bk\\_shop%' OR SCHEMA_NAME LIKE 'backups\\_scratch%' ORDER BY 1",
      )
    ).map((r) => r.n);
  async function settled(runId: number) {
    for (let i = 0; i < 1200; i++) {
      const r = await t.api.call('getBackupRun', { path: { runId } });
      if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`run ${runId} did not end`);
  }
  const body = {
    name: 'shopdb',
    kind: 'database',
    path: '',
    database: 'bk_shop',
    schedule: 'manual',
    hour: 3,
    keepDays: 10,
    keepWeeks: 0,
    keepMonths: 0,
  } as const;
  let planId = 0;

  it('R2.026 a database plan names a database of the server (422 for an unknown one), is applied, and its backup is a dump in a snapshot', async () => {
    // The database, created through the mysql module's API (its apply starts the private instance), with rows.
    const db = await t.api.call(
      'createMysqlDatabase' as never,
      { body: { name: 'bk_shop', charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' } } as never,
    );
    expect(db.status).toBe(202);
    expect(await t.waitForJob((db.body as unknown as { id: number }).id)).toMatchObject({ status: 'succeeded' });
    await sql('CREATE TABLE bk_shop.items (id INT PRIMARY KEY, name VARCHAR(40))');
    await sql("INSERT INTO bk_shop.items VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    await sql('CREATE TABLE bk_shop.notes (id INT PRIMARY KEY)');
    await sql('INSERT INTO bk_shop.notes VALUES (1), (2)');

    const listed = (await t.api.call('listBackupDatabases')).body;
    expect(listed.running).toBe(true);
    expect(listed.data).toContain('bk_shop');
    expect(listed.data).not.toContain('mysql');

    const unknown = await t.api.call('createBackupPlan', { body: { ...body, database: 'nope' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error?.fields).toEqual({ database: ['backups:errors.database_unknown'] });
    const none = await t.api.call('createBackupPlan', { body: { ...body, database: '' } });
    expect(none.body.error?.fields).toEqual({ database: ['backups:errors.database_required'] });

    const created = await t.api.call('createBackupPlan', { body: { ...body, path: '/var/www/ignored' } });
    expect(created.status).toBe(202);
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    const plan = (await t.api.call('listBackupPlans')).body.data.find((p) => p.name === 'shopdb')!;
    expect(plan).toMatchObject({ kind: 'database', database: 'bk_shop', path: '' });
    planId = plan.id;
    expect(await t.file(plansPath)).toContain(`${planId} shopdb database mariadb:bk_shop manual 3 |`);
    expect((await t.api.call('createBackupPlan', { body: { ...body, name: 'again' } })).body.error?.fields).toEqual({
      database: ['backups:errors.database_duplicate'],
    });

    const started = await t.api.call('startBackup', { path: { planId } });
    expect(started.status).toBe(202);
    const done = await settled(started.body.id);
    expect(done).toMatchObject({ status: 'succeeded', error: null, files: 2 }); // the dump and its table list
    const snap = (await t.api.call('listBackupSnapshots')).body.data.find((s) => s.planId === planId);
    expect(snap?.id.startsWith(done.snapshotId!)).toBe(true);
    // The dump directory is removed once restic has it.
    expect(await t.portal.managed.gateway(t.server.id).readFile(`/var/backups/portal/dumps/${planId}/database.sql`)).toBeNull();
  }, 240_000);

  it('R2.026 the restore test loads the dump into a scratch database and counts its tables', async () => {
    const verify = await t.api.call('verifyBackupPlan', { path: { planId } });
    expect(await settled(verify.body.id)).toMatchObject({ status: 'succeeded', error: null, files: 2 });
    expect((await t.api.call('getBackupsOverview')).body.plans.find((p) => p.planId === planId)?.lastProven).not.toBeNull();
    expect(await schemas()).toEqual(['bk_shop']); // the scratch database is gone
  }, 240_000);

  it('R2.026 restores as a copy database, compares row counts live and in the copy, promotes (the rows back, a safety dump first), discards', async () => {
    // The shop goes on after the backup: two more items, a note lost.
    await sql("INSERT INTO bk_shop.items VALUES (4, 'd'), (5, 'e')");
    await sql('DELETE FROM bk_shop.notes WHERE id = 2');
    const snap = (await t.api.call('listBackupSnapshots')).body.data.find((s) => s.planId === planId && !s.safety)!;

    const copy = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap.id, mode: 'copy' } });
    expect(copy.status).toBe(202);
    expect(await settled(copy.body.runId!)).toMatchObject({ status: 'succeeded', error: null });
    const compared = (await t.api.call('getBackupRestore', { path: { restoreId: copy.body.id } })).body;
    expect(compared).toMatchObject({
      status: 'compared',
      copyDatabase: expect.stringMatching(/^bk_shop_restore_\d{14}$/),
      changesTotal: 2,
      tables: [
        { name: 'items', liveRows: 5, copyRows: 3 },
        { name: 'notes', liveRows: 1, copyRows: 2 },
      ],
    });
    expect([await rows('items'), await rows('notes')]).toEqual([5, 1]); // a copy changes nothing live

    const safetyBefore = (await t.api.call('listBackupSnapshots')).body.data.filter((s) => s.safety && s.planId === planId).length;
    const promoted = await t.api.call('promoteBackupRestore', { path: { restoreId: copy.body.id } });
    expect(promoted.status).toBe(202);
    expect(await settled(promoted.body.runId!)).toMatchObject({ status: 'succeeded', error: null });
    expect([await rows('items'), await rows('notes')]).toEqual([3, 2]);
    expect((await t.api.call('getBackupRestore', { path: { restoreId: copy.body.id } })).body.status).toBe('promoted');
    expect(await schemas()).toEqual(['bk_shop']); // copy and previous tables dropped
    expect((await t.api.call('listBackupSnapshots')).body.data.filter((s) => s.safety && s.planId === planId)).toHaveLength(
      safetyBefore + 1,
    );

    // A second copy, discarded: the copy database dropped, the live one untouched.
    const second = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap.id, mode: 'copy' } });
    await settled(second.body.runId!);
    expect((await schemas()).length).toBe(2);
    expect((await t.api.call('discardBackupRestore', { path: { restoreId: second.body.id } })).status).toBe(204);
    expect(await schemas()).toEqual(['bk_shop']);
    expect(await rows('items')).toBe(3);
  }, 240_000);

  it('R2.026 restores a database in place only when confirmed, after a safety dump', async () => {
    await sql('DELETE FROM bk_shop.items');
    const snap = (await t.api.call('listBackupSnapshots')).body.data.find((s) => s.planId === planId && !s.safety)!;
    const unconfirmed = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap.id, mode: 'in_place' } });
    expect(unconfirmed.body.error?.fields).toEqual({ confirm: ['backups:errors.confirm_required'] });
    const inPlace = await t.api.call('createBackupRestore', { body: { planId, snapshotId: snap.id, mode: 'in_place', confirm: true } });
    expect(inPlace.status).toBe(202);
    expect(await settled(inPlace.body.runId!)).toMatchObject({ status: 'succeeded', error: null });
    expect(await rows('items')).toBe(3);
    expect(await schemas()).toEqual(['bk_shop']);
    // The safety dump holds the emptied table: restoring it as a copy shows 0 rows.
    const safety = (await t.api.call('listBackupSnapshots')).body.data.find((s) => s.planId === planId && s.safety)!;
    const back = await t.api.call('createBackupRestore', { body: { planId, snapshotId: safety.id, mode: 'copy' } });
    await settled(back.body.runId!);
    expect((await t.api.call('getBackupRestore', { path: { restoreId: back.body.id } })).body.tables).toContainEqual({
      name: 'items',
      liveRows: 3,
      copyRows: 0,
    });
    await t.api.call('discardBackupRestore', { path: { restoreId: back.body.id } });
  }, 240_000);
});
