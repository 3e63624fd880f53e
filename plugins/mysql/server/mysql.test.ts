/**
 * The `mysql` module through the real portal (`startPluginPortal`) and the real private MariaDB the local gateway
 * starts for the server: settings checked by mariadbd and set on the running server, a database and a user
 * created through the portal and the user connecting with the password shown once, grants, sizes, the limits
 * refused with nothing stored, a rollback, and the authorization of every operation.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import mariadb from 'mariadb';
import { userInfo } from 'node:os';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { accountsPath, configPath } from './program.ts';

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
  const conn = await mariadb.createConnection({ host: '127.0.0.1', port: await port(), user: 'app', password, database: 'shop_test' });
  try {
    await conn.query('CREATE TABLE orders (id INT PRIMARY KEY, note VARCHAR(200))');
    await conn.query('INSERT INTO orders VALUES (?, ?)', [1, 'x'.repeat(200)]);
    expect(await conn.query('SELECT @@character_set_database AS cs, @@collation_database AS co')).toEqual([{ cs: 'utf8mb4', co: 'utf8mb4_unicode_ci' }]);
    await expect(conn.query('CREATE DATABASE other')).rejects.toThrow(/denied/i);
  } finally {
    await conn.end();
  }
  await expect(mariadb.createConnection({ host: '127.0.0.1', port: await port(), user: 'app', password: 'wrong' })).rejects.toThrow(/denied/i);

  // Its size as the server reports it.
  const dbs = await t.api.call('listMysqlDatabases');
  expect(dbs.body.data.find((d) => d.name === 'shop_test')?.sizeBytes).toBeGreaterThan(0);

  // A new password: the old one stops working, the new one works.
  const renewed = await t.api.call('renewMysqlUserPassword', { path: { userId: user.id } });
  expect(await t.waitForJob(renewed.body.job.id)).toMatchObject({ status: 'succeeded' });
  await expect(mariadb.createConnection({ host: '127.0.0.1', port: await port(), user: 'app', password })).rejects.toThrow(/denied/i);
  const again = await mariadb.createConnection({ host: '127.0.0.1', port: await port(), user: 'app', password: renewed.body.password });
  await again.end();

  // Grants taken away: the user no longer sees the database.
  const grants = await t.api.call('updateMysqlUserGrants', { path: { userId: user.id }, body: { databases: [] } });
  expect(await t.waitForJob(grants.body.id)).toMatchObject({ status: 'succeeded' });
  const noGrants = await mariadb.createConnection({ host: '127.0.0.1', port: await port(), user: 'app', password: renewed.body.password });
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
    const admin = await mariadb.createConnection({ socketPath: t.portal.managed.gateway(t.server.id).hostPath('/run/mysqld/mysqld.sock'), user: userInfo().username });
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
