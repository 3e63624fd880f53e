/**
 * The `mysql` module through the real portal (`startPluginPortal`) and the real private MariaDB the local gateway
 * starts for the server: settings checked by mariadbd and set on the running server, a database and a user
 * created through the portal and the user connecting with the password shown once, grants, sizes, the limits
 * refused with nothing stored, a rollback, and the authorization of every operation.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import mariadb, { type ConnectionConfig } from 'mariadb';
import { userInfo } from 'node:os';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { accountsPath, configPath } from './program.ts';

/** A connection to the private MariaDB; the connector's 1 s default timed out on CI's loaded run. */
const connect = (options: ConnectionConfig) => mariadb.createConnection({ connectTimeout: 15_000, ...options });

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
}, 180_000);
afterAll(() => t?.stop());

const defaults = defaultsOf(config);

describeAccessMatrix(() => t, {
  updateMysqlSettings: { body: defaults },
  createMysqlDatabase: { body: { name: 'matrix', charset: 'utf8mb4', collation: 'utf8mb4_bin' } },
  createMysqlUser: { body: { name: 'matrix', host: 'localhost', authentication: 'ed25519', databases: [] } },
  updateMysqlUserGrants: { body: { databases: [] } },
  startMysqlRestore: { body: { database: 'shop' } },
});

/** The private instance's TCP port (the server's `listenAddress('mysql', 3306)` on the local gateway). */
const port = async () => (await t.portal.managed.gateway(t.server.id).listenAddress('mysql', 3306)).port;

it('R2.024 mysql: a database and a user created through the portal; the user connects with the password shown once', async () => {
  const db = await t.api.call('createMysqlDatabase', { body: { name: 'shop_test', charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' } });
  expect(db.status).toBe(202);
  expect(await t.waitForJob(db.body.id)).toMatchObject({ status: 'succeeded' });

  const created = await t.api.call('createMysqlUser', { body: { name: 'app', host: '%', authentication: 'ed25519', databases: ['shop_test'] } });
  expect(created.status).toBe(202);
  const { password, job, user } = created.body;
  expect(password).toHaveLength(32);
  expect(await t.waitForJob(job.id)).toMatchObject({ status: 'succeeded' });
  // Never again: not in the list, the accounts file (hash only), the change log.
  const listed = await t.api.call('listMysqlUsers');
  expect(JSON.stringify(listed.body)).not.toContain(password);
  expect(await t.file(accountsPath)).not.toContain(password);
  expect(JSON.stringify(await t.changes())).not.toContain(password);
  expect(listed.body.data).toContainEqual(expect.objectContaining({ id: user.id, name: 'app', host: '%', authentication: 'ed25519', databases: ['shop_test'] }));

  // The user logs in over TCP (ed25519) and has all privileges on its database, none on another.
  const conn = await connect({ host: '127.0.0.1', port: await port(), user: 'app', password, database: 'shop_test' });
  try {
    await conn.query('CREATE TABLE orders (id INT PRIMARY KEY, note VARCHAR(200))');
    await conn.query('INSERT INTO orders VALUES (?, ?)', [1, 'x'.repeat(200)]);
    expect(await conn.query('SELECT @@character_set_database AS cs, @@collation_database AS co')).toEqual([{ cs: 'utf8mb4', co: 'utf8mb4_unicode_ci' }]);
    await expect(conn.query('CREATE DATABASE other')).rejects.toThrow(/denied/i);
  } finally {
    await conn.end();
  }
  await expect(connect({ host: '127.0.0.1', port: await port(), user: 'app', password: 'wrong' })).rejects.toThrow(/denied/i);

  // Its size as the server reports it.
  const dbs = await t.api.call('listMysqlDatabases');
  expect(dbs.body.data.find((d) => d.name === 'shop_test')?.sizeBytes).toBeGreaterThan(0);

  // A new password: the old one stops working, the new one works.
  const renewed = await t.api.call('renewMysqlUserPassword', { path: { userId: user.id } });
  expect(await t.waitForJob(renewed.body.job.id)).toMatchObject({ status: 'succeeded' });
  await expect(connect({ host: '127.0.0.1', port: await port(), user: 'app', password })).rejects.toThrow(/denied/i);
  const again = await connect({ host: '127.0.0.1', port: await port(), user: 'app', password: renewed.body.password });
  await again.end();

  // Grants taken away: the user no longer sees the database.
  const grants = await t.api.call('updateMysqlUserGrants', { path: { userId: user.id }, body: { databases: [] } });
  expect(await t.waitForJob(grants.body.id)).toMatchObject({ status: 'succeeded' });
  const noGrants = await connect({ host: '127.0.0.1', port: await port(), user: 'app', password: renewed.body.password });
  try {
    await expect(noGrants.query('SELECT * FROM shop_test.orders')).rejects.toThrow(/denied/i);
  } finally {
    await noGrants.end();
  }
}, 90_000);

it('R2.024 mysql: settings checked by mariadbd and set on the running server; undo', async () => {
  const before = (await t.api.call('getMysqlSettings')).body.settings;
  const r = await t.api.call('updateMysqlSettings', { body: { ...before, maxConnections: 77, longQueryTimeSeconds: 0.5 } });
  expect(r.status).toBe(202);
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'mariadbd' } });
  expect(await t.file(configPath)).toContain('\nmax_connections = 77\n');
  const running = async () => {
    const admin = await connect({ socketPath: t.portal.managed.gateway(t.server.id).hostPath('/run/mysqld/mysqld.sock'), user: userInfo().username });
    try {
      return await admin.query('SELECT @@max_connections AS m, @@long_query_time AS l');
    } finally {
      await admin.end();
    }
  };
  expect(await running()).toEqual([{ m: 77n, l: 0.5 }]);
  expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'sdk:config.changed', values: { fields: 'maxConnections, longQueryTimeSeconds' } } });

  // Undo: the previous settings, on the running server too.
  await t.applied('POST', `${t.base()}/managed/plugins/mysql/rollback`);
  expect((await t.api.call('getMysqlSettings')).body.settings).toEqual(before);
  expect(await running()).toEqual([{ m: BigInt(before.maxConnections), l: before.longQueryTimeSeconds }]);
}, 180_000);

it('R2.024 mysql: values outside the contract and the rules are refused (422), nothing is stored', async () => {
  const stored = (await t.api.call('getMysqlSettings')).body;
  for (const body of [{ ...defaults, maxConnections: 0 }, { ...defaults, characterSetServer: 'utf8' }, { ...defaults, innodbBufferPoolMb: 1 }]) {
    const r = await t.api.call('updateMysqlSettings', { body: body as typeof defaults });
    expect(r.status).toBe(422);
  }
  expect((await t.api.call('getMysqlSettings')).body).toEqual(stored);
  const bad = [
    { name: 'x`; DROP DATABASE mysql; --', charset: 'utf8mb4', collation: 'utf8mb4_bin' },
    { name: 'mysql', charset: 'utf8mb4', collation: 'utf8mb4_bin' },
    { name: 'latin', charset: 'latin1', collation: 'utf8mb4_bin' },
  ];
  for (const body of bad) expect((await t.api.call('createMysqlDatabase', { body: body as never })).status).toBe(422);
  expect((await t.api.call('createMysqlUser', { body: { name: 'root', host: 'localhost', authentication: 'ed25519', databases: [] } })).status).toBe(422);
  expect((await t.api.call('createMysqlUser', { body: { name: 'ok', host: "'%'", authentication: 'ed25519', databases: [] } })).status).toBe(422);
  expect((await t.api.call('createMysqlUser', { body: { name: 'ok', host: 'localhost', authentication: 'ed25519', databases: ['nope'] } })).status).toBe(422);
});

/** SQL as the private instance's administrator (the portal's OS user over the socket), as a shop's application would change its data. */
async function asAdmin<T = unknown>(sql: string, values: unknown[] = []): Promise<T> {
  const admin = await connect({
    socketPath: t.portal.managed.gateway(t.server.id).hostPath('/run/mysqld/mysqld.sock'),
    user: userInfo().username,
    bigIntAsNumber: true,
  });
  try {
    return (await admin.query(sql, values)) as T;
  } finally {
    await admin.end();
  }
}

/** Polls a restore until its step has ended. */
async function settledRestore(id: number) {
  for (let i = 0; i < 600; i++) {
    const r = await t.api.call('getMysqlRestore', { path: { restoreId: id } });
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`restore ${id} still running`);
}

const rowsIn = async (db: string, table: string) =>
  (await asAdmin<[{ n: number }]>(`SELECT COUNT(*) AS n FROM \`${db}\`.\`${table}\``))[0].n;

it('R2.024 mysql: a database restored as a copy from a dump, compared (rows, checksums), promoted by one RENAME TABLE, the previous tables discarded', async () => {
  const db = await t.api.call('createMysqlDatabase', { body: { name: 'restore_me', charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' } });
  expect(await t.waitForJob(db.body.id)).toMatchObject({ status: 'succeeded' });
  await asAdmin('CREATE TABLE restore_me.items (id INT PRIMARY KEY, name VARCHAR(40))');
  await asAdmin("INSERT INTO restore_me.items VALUES (1, 'a'), (2, 'b'), (3, 'c')");
  await asAdmin('CREATE TABLE restore_me.notes (id INT PRIMARY KEY)');
  await asAdmin('INSERT INTO restore_me.notes VALUES (1), (2)');

  const started = await t.api.call('startMysqlRestore', { body: { database: 'restore_me' } });
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({
    database: 'restore_me',
    status: 'running',
    copyName: expect.stringMatching(/^restore_me_restore_\d{14}$/),
  });
  const ready = await settledRestore(started.body.id);
  expect(ready).toMatchObject({ status: 'ready', progress: 100, error: null, identical: true });
  expect(ready.tables.map((x) => [x.name, x.currentRows, x.copyRows, x.same])).toEqual([
    ['items', 3, 3, true],
    ['notes', 2, 2, true],
  ]);
  expect(ready.tables[0]!.copyChecksum).toBe(ready.tables[0]!.currentChecksum);
  // The copy is a real database next to it, with the dump's rows.
  expect(await rowsIn(ready.copyName, 'items')).toBe(3);
  expect(await rowsIn(ready.copyName, 'notes')).toBe(2);
  // One restore step of a database at a time; only a ready restore is promoted.
  expect((await t.api.call('startMysqlRestore', { body: { database: 'nope' } })).status).toBe(422);

  // The shop goes on after the dump: two more items, a note lost. Promoting brings the restored state back.
  await asAdmin("INSERT INTO restore_me.items VALUES (4, 'd'), (5, 'e')");
  await asAdmin('DELETE FROM restore_me.notes WHERE id = 2');
  const promoting = await t.api.call('promoteMysqlRestore', { path: { restoreId: ready.id } });
  expect([promoting.status, promoting.body.step]).toEqual([202, 'promote']);
  const promoted = await settledRestore(ready.id);
  expect(promoted).toMatchObject({ status: 'promoted', error: null, promotedAt: expect.any(String) });
  expect([await rowsIn('restore_me', 'items'), await rowsIn('restore_me', 'notes')]).toEqual([3, 2]);
  expect([await rowsIn(ready.beforeName, 'items'), await rowsIn(ready.beforeName, 'notes')]).toEqual([5, 1]);
  const schemas = async () =>
    (
      await asAdmin<{ n: string }[]>(
        "SELECT SCHEMA_NAME AS n FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'restore\\_me%' ORDER BY 1",
      )
    ).map((r) => r.n);
  expect(await schemas()).toEqual(['restore_me', ready.beforeName]);
  expect((await t.api.call('promoteMysqlRestore', { path: { restoreId: ready.id } })).status).toBe(409);

  // Discard: the previous tables are dropped; the promoted data stays.
  const discarding = await t.api.call('discardMysqlRestore', { path: { restoreId: ready.id } });
  expect(discarding.status).toBe(202);
  expect(await settledRestore(ready.id)).toMatchObject({ status: 'discarded' });
  expect(await schemas()).toEqual(['restore_me']);
  expect(await rowsIn('restore_me', 'items')).toBe(3);
  expect((await t.api.call('listMysqlRestores')).body.data[0]).toMatchObject({ id: ready.id, status: 'discarded' });

  // A second restore discarded before promoting: its copy dropped, the database untouched.
  const again = await settledRestore((await t.api.call('startMysqlRestore', { body: { database: 'restore_me' } })).body.id);
  expect(again.status).toBe('ready');
  await t.api.call('discardMysqlRestore', { path: { restoreId: again.id } });
  expect(await settledRestore(again.id)).toMatchObject({ status: 'discarded' });
  expect(await schemas()).toEqual(['restore_me']);
}, 180_000);

it('R2.024 mysql: the slow-query log lists a statement slower than the threshold, not a fast one', async () => {
  const before = (await t.api.call('getMysqlSettings')).body.settings;
  // A low threshold (the contract's minimum is 0: every statement), so a short sleep is slow.
  const r = await t.api.call('updateMysqlSettings', { body: { ...before, slowQueryLog: true, longQueryTimeSeconds: 0.1 } });
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
  // A new session of a shop's application picks up the running server's threshold.
  await asAdmin('SELECT SLEEP(0.3) AS slow_query_test');
  await asAdmin('SELECT 1 AS fast_query_test');
  const listed = (await t.api.call('listMysqlSlowQueries', { query: { limit: 100 } })).body.data;
  const slow = listed.find((q) => q.statement === 'SELECT SLEEP(?) AS slow_query_test');
  expect(slow).toMatchObject({ count: 1, lastAt: expect.any(String) });
  expect(slow!.maxSeconds).toBeGreaterThanOrEqual(0.3);
  expect(slow!.maxSeconds).toBeLessThan(10);
  expect(listed.some((q) => q.statement.includes('fast_query_test'))).toBe(false);
}, 60_000);
