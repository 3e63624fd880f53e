/**
 * The `redis` module through the real portal (`startPluginPortal`) and the server's private redis-server (started
 * by the local gateway in the server's sandbox on a loopback port of its own, never the machine's redis on 6379):
 * settings stored, checked by redis-server, applied and read back from the running instance (`CONFIG GET`); a
 * value redis itself refuses changes nothing; the contract's limits; rollback; live figures from `INFO`, keys per
 * database, flush; and the authorization of every operation (`describeAccessMatrix`).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
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

describeAccessMatrix(() => t, { updateRedisSettings: { body: defaults }, flushRedis: { body: { database: 0 } } });

it('redis: a setting saved through the portal is checked by redis-server, applied and in effect in the running instance', async () => {
  expect((await t.api.call('getRedisSettings')).body).toEqual({ settings: defaults });
  expect((await t.api.call('getRedisInstance')).body).toEqual({ running: false });

  const r = await t.api.call('updateRedisSettings', { body: { ...defaults, maxmemoryMb: 64, maxmemoryPolicy: 'allkeys-lfu', databases: 4 } });
  expect(r.status).toBe(202);
  const applied = await t.waitForJob(r.body.id);
  expect([applied.status, applied.validation]).toEqual(['succeeded', { status: 'passed', tool: 'redis-server', output: 'configuration loaded' }]);
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

