/**
 * The `redis` module through the real portal (`startPluginPortal`) and the server's private redis-server (started
 * by the local gateway in the server's sandbox on a loopback port of its own, never the machine's redis on 6379):
 * settings stored, checked by redis-server, applied and read back from the running instance (`CONFIG GET`); a
 * value redis itself refuses changes nothing; the contract's limits; rollback; live figures from `INFO`, keys per
 * database, flush; and the authorization of every operation (`describeAccessMatrix`).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { configPath } from './program.ts';

let t: PluginPortal<ApiOperations>;
let redis: ReturnType<typeof createClient>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(async () => {
  redis?.destroy();
  await t?.stop();
});

const defaults = defaultsOf(config);

/** A client of the server's private instance, as an application of the server would connect (after the first apply). */
async function privateRedis() {
  if (redis?.isOpen) return redis;
  const { host, port } = await t.portal.managed.gateway(t.server.id).listenAddress('redis', 6379);
  expect(port).not.toBe(6379); // never the machine's own redis
  redis = createClient({ socket: { host, port, reconnectStrategy: false } });
  redis.on('error', () => undefined);
  await redis.connect();
  return redis;
}

const aclUser = { name: 'shop1', keyPatterns: ['shop1:*'], access: 'readwrite' as const, enabled: true };
const instance = { name: 'shop3', port: 6392, maxmemoryMb: 64, maxmemoryPolicy: 'allkeys-lru' as const, appendonly: false, appendfsync: 'everysec' as const, saveSchedule: '', defaultUser: true };
describeAccessMatrix(() => t, {
  updateRedisSettings: { body: defaults },
  flushRedis: { body: { database: 0 } },
  createRedisAclUser: { body: aclUser },
  updateRedisAclUser: { body: aclUser },
  createRedisInstance: { body: instance },
  updateRedisInstance: { body: instance },
});

it('redis: a setting saved through the portal is checked by redis-server, applied and in effect in the running instance', async () => {
  expect((await t.api.call('getRedisSettings')).body).toEqual({ settings: defaults });
  expect((await t.api.call('getRedisInstance')).body).toEqual({ running: false });

  const r = await t.api.call('updateRedisSettings', { body: { ...defaults, maxmemoryMb: 64, maxmemoryPolicy: 'allkeys-lfu', databases: 4 } });
  expect(r.status).toBe(202);
  const applied = await t.waitForJob(r.body.id);
  expect([applied.status, applied.validation]).toEqual(['succeeded', { status: 'passed', tool: 'redis-server', output: expect.stringMatching(/^configuration loaded\n/) }]);
  expect(applied.validation?.output).toContain('instance sessions: configuration loaded'); // the demo's named instance starts too
  expect(await t.file(configPath)).toContain('\nmaxmemory 64mb\nmaxmemory-policy allkeys-lfu\n');

  const client = await privateRedis();
  expect(await client.configGet(['maxmemory', 'maxmemory-policy', 'databases'])).toEqual({
    maxmemory: String(64 * 1024 * 1024),
    'maxmemory-policy': 'allkeys-lfu',
    databases: '4',
  });
  const instance = await t.api.call('getRedisInstance');
  expect(instance.body).toMatchObject({ running: true, version: expect.stringMatching(/^\d+\.\d+/), config: { maxmemory: '67108864', databases: '4' } });
  expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'sdk:config.changed', values: { fields: 'maxmemoryMb, maxmemoryPolicy, databases' } } });
});

it('redis: a value redis-server refuses (an odd save schedule) fails the apply and changes nothing', async () => {
  const client = await privateRedis();
  const stored = (await t.api.call('getRedisSettings')).body;
  const file = await t.file(configPath);

  const r = await t.api.call('updateRedisSettings', { body: { ...stored.settings, saveSchedule: '3600 1 300', timeoutSeconds: 99 } });
  expect(r.status).toBe(202); // within the contract: digits and spaces
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({ status: 'failed', validation: { status: 'failed', tool: 'redis-server' } });
  expect(JSON.stringify(job)).toContain('Invalid save parameters');

  expect((await t.api.call('getRedisSettings')).body).toEqual(stored);
  expect(await t.file(configPath)).toBe(file);
  expect(await client.configGet(['save', 'timeout'])).toEqual({ save: '3600 1 300 100 60 10000', timeout: '0' });
});

it('redis: values outside the contract are refused (422), nothing is stored', async () => {
  const stored = (await t.api.call('getRedisSettings')).body;
  for (const body of [
    { ...defaults, maxClients: 0 },
    { ...defaults, maxmemoryPolicy: 'lru' },
    { ...defaults, saveSchedule: '3600 1\nrequirepass x' },
    { ...defaults, databases: 65 },
  ]) {
    const r = await t.api.call('updateRedisSettings', { body: body as typeof defaults });
    expect(r.status).toBe(422);
  }
  expect((await t.api.call('getRedisSettings')).body).toEqual(stored);
});

it('redis: live figures from INFO, keys per database, flush one database and all', async () => {
  const client = await privateRedis();
  await client.select(1);
  await client.set('shop:session:1', 'a');
  await client.set('shop:session:2', 'b', { EX: 600 });
  await client.get('shop:session:1'); // a hit
  await client.get('shop:missing'); // a miss

  const watch = await t.api.call('watchRedis');
  expect(watch.status).toBe(200);
  expect(watch.body.sample.figures).toMatchObject({ keys: 2, clients: expect.any(Number), memoryBytes: expect.any(Number) });
  expect(watch.body.sample.figures.memoryBytes).toBeGreaterThan(0);
  const history = await t.api.call('getRedisStats', { query: { range: '1h' } });
  expect(history.body.filled).toBeGreaterThan(0);

  expect((await t.api.call('getRedisInstance')).body.databases).toEqual([{ database: 1, keys: 2, expires: 1 }]);

  const missing = await t.api.call('flushRedis', { body: { database: 9 } }); // the instance has 4
  expect([missing.status, missing.body.error?.fields]).toEqual([422, { database: ['redis:errors.no_database'] }]);
  expect((await t.api.call('flushRedis', { body: { database: 0 } })).body).toEqual({ running: true, keysRemoved: 0 });
  expect(await client.dbSize()).toBe(2);
  expect((await t.api.call('flushRedis', { body: { database: 1 } })).body).toEqual({ running: true, keysRemoved: 2 });
  expect(await client.dbSize()).toBe(0);
  await client.set('x', '1');
  expect((await t.api.call('flushRedis', { body: { database: null } })).body).toEqual({ running: true, keysRemoved: 1 });
});

it('redis: undoing the last change restarts the instance with the settings before it', async () => {
  const r = await t.api.call('updateRedisSettings', { body: { ...(await t.api.call('getRedisSettings')).body.settings, maxClients: 50 } });
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
  redis.destroy(); // the instance restarts with every apply
  expect(await (await privateRedis()).configGet('maxclients')).toEqual({ maxclients: '50' });

  await t.applied('POST', `${t.base()}/managed/plugins/redis/rollback`);
  expect((await t.api.call('getRedisSettings')).body.settings.maxClients).toBe(10000);
  redis.destroy();
  expect(await (await privateRedis()).configGet('maxclients')).toEqual({ maxclients: '10000' });
});


/** A connection to the private instance as an application logs in: user name and password (none: the default user). */
async function connectAs(login?: { username: string; password: string }) {
  const { host, port } = await t.portal.managed.gateway(t.server.id).listenAddress('redis', 6379);
  const client = createClient({ socket: { host, port, reconnectStrategy: false }, ...login });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

it('R2.024 redis ACL: a user with the prefix shop1:* made through the portal logs in and may write only its keys; its password is shown once and nowhere else', async () => {
  const before = (await t.api.call('listRedisAclUsers')).body;
  const created = await t.api.call('createRedisAclUser', { body: aclUser });
  expect(created.status).toBe(202);
  const { password } = created.body;
  expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(await t.waitForJob(created.body.job.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'redis-server' } });

  const app = await connectAs({ username: 'shop1', password });
  try {
    expect(await app.set('shop1:a', '1')).toBe('OK');
    expect(await app.get('shop1:a')).toBe('1');
    await expect(app.set('other:a', '1')).rejects.toThrow(/NOPERM/);
    await expect(app.flushAll()).rejects.toThrow(/NOPERM/);
  } finally {
    app.destroy();
  }
  await expect(connectAs({ username: 'shop1', password: 'wrong-password-wrong-password-xx' })).rejects.toThrow(/WRONGPASS/);

  // Listed without password or hash; the file holds the hash only; the change log, its diff, the files view and the job never show either.
  const listed = (await t.api.call('listRedisAclUsers')).body;
  expect(listed.total).toBe(before.total + 1);
  expect(listed.data.find((u) => u.name === 'shop1')).toEqual({ ...aclUser, id: created.body.user.id, createdAt: expect.any(String), passwordSetAt: expect.any(String) });
  const hash = createHash('sha256').update(password).digest('hex');
  const file = (await t.file(configPath))!;
  expect(file).toContain(`user shop1 reset on #${hash} resetchannels ~shop1:* -@all +@read +@write`);
  expect(file).not.toContain(password);
  const change = (await t.changes()).data[0]!;
  expect(change.summary).toEqual({ key: 'redis:changes.userCreated', values: { name: 'shop1', keyPatterns: 'shop1:*', access: 'readwrite', enabled: 'on' } });
  expect(change.diff).toContain('+user shop1 reset on #******** resetchannels ~shop1:*');
  const shown = JSON.stringify([(await t.changes()).data, (await t.api.call('getRedisFiles')).body, listed, await t.waitForJob(created.body.job.id)]);
  expect(shown).not.toContain(password);
  expect(shown).not.toContain(hash);

  // The live figures and the instance view keep working with the default user off (the portal logs in as its own user).
  const off = await t.api.call('updateRedisSettings', { body: { ...(await t.api.call('getRedisSettings')).body.settings, defaultUser: false } });
  expect(await t.waitForJob(off.body.id)).toMatchObject({ status: 'succeeded' });
  redis?.destroy();
  await expect(connectAs()).rejects.toThrow(/NOAUTH/); // an application without a user name is refused
  expect((await t.api.call('getRedisInstance')).body).toMatchObject({ running: true });
  expect((await t.api.call('watchRedis')).body.sample.figures.keys).toEqual(expect.any(Number));

  // A reset password: the old one stops working, the new one works.
  const reset = await t.api.call('resetRedisAclUserPassword', { path: { aclUserId: created.body.user.id } });
  expect(await t.waitForJob(reset.body.job.id)).toMatchObject({ status: 'succeeded' });
  expect(reset.body.password).not.toBe(password);
  await expect(connectAs({ username: 'shop1', password })).rejects.toThrow(/WRONGPASS/);
  (await connectAs({ username: 'shop1', password: reset.body.password })).destroy();
  expect(JSON.stringify((await t.changes()).data)).not.toContain(reset.body.password);
});

it('redis ACL: a bad name or key pattern, a reserved or taken name, the default user off without a user on are refused (422), nothing stored', async () => {
  const stored = (await t.api.call('listRedisAclUsers')).body;
  for (const body of [
    { ...aclUser, name: 'Shop 1' },
    { ...aclUser, name: 'x'.repeat(33) },
    { ...aclUser, keyPatterns: ['shop1:* allkeys'] },
    { ...aclUser, keyPatterns: ['*'] },
    { ...aclUser, keyPatterns: ['shop1:*', '+@all'] },
    { ...aclUser, keyPatterns: [] },
    { ...aclUser, access: 'admin' },
  ]) {
    const r = await t.api.call('createRedisAclUser', { body: body as typeof aclUser });
    expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 422]);
  }
  const reserved = await t.api.call('createRedisAclUser', { body: { ...aclUser, name: 'portal' } });
  expect([reserved.status, reserved.body.error?.fields]).toEqual([422, { name: ['redis:errors.name_reserved'] }]);
  const taken = await t.api.call('createRedisAclUser', { body: aclUser });
  expect([taken.status, taken.body.error?.fields]).toEqual([422, { name: ['redis:errors.name_taken'] }]);
  expect((await t.api.call('listRedisAclUsers')).body).toEqual(stored);

  // The default user is off (test above): the last user that is on may not be switched off or deleted.
  const on = stored.data.filter((u) => u.enabled);
  for (const u of on.slice(1)) await t.applied('DELETE', t.api.url('deleteRedisAclUser', { aclUserId: u.id }));
  const last = on[0]!;
  const offLast = await t.api.call('updateRedisAclUser', { path: { aclUserId: last.id }, body: { name: last.name, keyPatterns: last.keyPatterns, access: last.access, enabled: false } });
  expect([offLast.status, offLast.body.error?.fields]).toEqual([422, { enabled: ['redis:errors.last_user'] }]);
  const deleteLast = await t.api.call('deleteRedisAclUser', { path: { aclUserId: last.id } });
  expect([deleteLast.status, deleteLast.body.error?.fields]).toEqual([422, { _: ['redis:errors.last_user'] }]);
});

it('redis ACL: undoing the change that added a user removes it from the running instance', async () => {
  const settings = (await t.api.call('getRedisSettings')).body.settings;
  await t.applied('PUT', t.api.url('updateRedisSettings'), { ...settings, defaultUser: true });
  const created = await t.api.call('createRedisAclUser', { body: { ...aclUser, name: 'temp', keyPatterns: ['temp:*'] } });
  expect(await t.waitForJob(created.body.job.id)).toMatchObject({ status: 'succeeded' });
  (await connectAs({ username: 'temp', password: created.body.password })).destroy();

  await t.applied('POST', `${t.base()}/managed/plugins/redis/rollback`);
  expect((await t.api.call('listRedisAclUsers')).body.data.map((u) => u.name)).not.toContain('temp');
  expect(await t.file(configPath)).not.toContain('user temp ');
  await expect(connectAs({ username: 'temp', password: created.body.password })).rejects.toThrow(/WRONGPASS/);
});

it('redis ACL: with the default user on, switching it off needs a user that is on', async () => {
  for (const u of (await t.api.call('listRedisAclUsers')).body.data) await t.applied('DELETE', t.api.url('deleteRedisAclUser', { aclUserId: u.id }));
  const r = await t.api.call('updateRedisSettings', { body: { ...(await t.api.call('getRedisSettings')).body.settings, defaultUser: false } });
  expect([r.status, r.body.error?.fields]).toEqual([422, { defaultUser: ['redis:errors.default_user_needed'] }]);
  expect((await t.api.call('getRedisSettings')).body.settings.defaultUser).toBe(true);
});
