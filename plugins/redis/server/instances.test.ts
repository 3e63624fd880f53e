/**
 * Named redis instances through the real portal (`startPluginPortal`) and private redis-servers started by the local
 * gateway in the server's sandbox (each on a loopback port of its own; never the machine's redis on 6379): a second
 * instance `shop2` created through the portal runs, an application connects to it with node-redis and SET/GET works;
 * its ACL user logs in there and not on `default`; its live figures and history are its own (keys written to shop2
 * raise shop2's, not default's); a duplicate port is a 422 with nothing changed; only the changed
 * instance restarts; delete stops it; the rollback brings it back; the status lists both.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { createClient } from 'redis';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { configPath, instanceConfigOf } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(async () => {
  await t?.stop();
});

const defaults = defaultsOf(config);
const shop2 = {
  name: 'shop2',
  port: 6390,
  maxmemoryMb: 32,
  maxmemoryPolicy: 'allkeys-lfu' as const,
  appendonly: true,
  appendfsync: 'everysec' as const,
  saveSchedule: '900 1',
  defaultUser: true,
};

/** A connection to a named instance's port (where the local gateway lets it listen), as an application of the server. */
async function connect(port: number, login?: { username: string; password: string }) {
  const { host, port: listen } = await t.portal.managed.gateway(t.server.id).listenAddress(`redis-port-${port}`, port);
  expect(listen).not.toBe(6379);
  const client = createClient({ socket: { host, port: listen, reconnectStrategy: false }, ...login });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const statusOf = async (name: string) => (await t.api.call('getRedisStatus')).body.instances.find((i) => i.name === name);

it('R26 redis instances: shop2 made through the portal runs on its own port; SET/GET there; its settings in effect; its ACL user logs in only there', async () => {
  await t.applied('PUT', t.api.url('updateRedisSettings'), defaults); // the default instance runs first
  const defaultPid = await t.file('/run/redis/redis-server.pid');

  const created = await t.api.call('createRedisInstance', { body: shop2 });
  expect(created.status).toBe(202);
  const job = await t.waitForJob(created.body.id);
  expect(job).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'redis-server' } });
  expect(job.validation?.output).toContain('instance shop2: configuration loaded');
  // Only shop2 started: the default instance kept running with the same process.
  expect(await t.file('/run/redis/redis-server.pid')).toBe(defaultPid);
  const file = await t.file(instanceConfigOf('shop2'));
  expect(file).toContain('\nport 6390\n'); // as on a real server; the local gateway maps it to a loopback port of its own
  expect(file).toContain('\nmaxmemory 32mb\nmaxmemory-policy allkeys-lfu\n');

  const app = await connect(6390);
  try {
    expect(await app.set('cart:1', 'three items')).toBe('OK');
    expect(await app.get('cart:1')).toBe('three items');
    expect(await app.configGet(['maxmemory', 'maxmemory-policy', 'appendonly', 'save'])).toEqual({
      maxmemory: String(32 * 1024 * 1024),
      'maxmemory-policy': 'allkeys-lfu',
      appendonly: 'yes',
      save: '900 1',
    });
  } finally {
    app.destroy();
  }

  const status = (await t.api.call('getRedisStatus')).body.instances;
  expect(status.map((i) => [i.name, i.port, i.running, i.current])).toEqual([
    ['default', 6379, true, true],
    ['sessions', 6380, true, true], // the demo server's instance
    ['shop2', 6390, true, true],
  ]);
  expect(status[2]!.usedMemoryBytes).toBeGreaterThan(0);
  expect((await t.api.call('getRedisInstance', { query: { instance: 'shop2' } })).body).toMatchObject({
    running: true,
    databases: [{ database: 0, keys: 1, expires: 0 }],
  });
  expect((await t.api.call('getRedisInstance')).body.databases).toEqual([]); // the default instance has its own keys
  expect((await t.api.call('getRedisInstance', { query: { instance: 'nope' } })).status).toBe(404);

  // An ACL user of shop2: it logs in on shop2, not on the default instance; listed for shop2 only.
  const user = await t.api.call('createRedisAclUser', {
    query: { instance: 'shop2' },
    body: { name: 'cart', keyPatterns: ['shop2:*'], access: 'readwrite', enabled: true },
  });
  expect(await t.waitForJob(user.body.job.id)).toMatchObject({ status: 'succeeded' });
  const shopApp = await connect(6390, { username: 'cart', password: user.body.password });
  expect(await shopApp.set('shop2:a', '1')).toBe('OK');
  await expect(shopApp.set('other:a', '1')).rejects.toThrow(/NOPERM/);
  shopApp.destroy();
  expect((await t.api.call('listRedisAclUsers', { query: { instance: 'shop2' } })).body.data.map((u) => u.name)).toEqual(['cart']);
  expect((await t.api.call('listRedisAclUsers')).body.data.map((u) => u.name)).not.toContain('cart');
  expect(await t.file(configPath)).not.toContain('user cart ');
});

it('R26 redis instances: live figures and history per instance — keys written to shop2 only raise shop2\'s figures, never default\'s', async () => {
  const watch = async (instance?: string) => {
    const r = await t.api.call('watchRedis', instance ? { query: { instance } } : {});
    expect(r.status).toBe(200);
    return r.body.sample;
  };
  const first = await watch('shop2');
  expect(first).toMatchObject({ instance: 'shop2', figures: { keys: 2 } }); // cart:1 and shop2:a of the test above
  expect(first.figures.memoryBytes).toBeGreaterThan(0);
  const mainFirst = await watch();
  expect(mainFirst).toMatchObject({ instance: 'default', figures: { keys: 0 } });
  expect(await watch('default')).toEqual(mainFirst); // `default` named is the same feed as no parameter

  const app = await connect(6390);
  try {
    for (let i = 1; i <= 5; i++) await app.set(`shop2:k${i}`, String(i));
  } finally {
    app.destroy();
  }
  t.portal.clock.advance(10_000); // the next 10-second sample
  const later = await watch('shop2');
  expect(later).toMatchObject({ instance: 'shop2', figures: { keys: 7 } });
  const mainLater = await watch();
  expect(mainLater.figures.keys).toBe(0);

  // Each instance's history is its own: shop2's counts 2 then 7 keys, default's only 0.
  const history = async (instance?: string) => {
    const r = await t.api.call('getRedisStats', { query: { range: '1h', ...(instance ? { instance } : {}) } });
    expect(r.status).toBe(200);
    return r.body;
  };
  const values = (s: Awaited<ReturnType<typeof history>>) => [...new Set(s.figures.keys.max.filter((v) => v !== null))].sort();
  expect(values(await history('shop2'))).toEqual([2, 7]);
  expect(values(await history())).toEqual([0]);
  expect(await history('default')).toEqual(await history());

  // An instance the server does not have is a 404, for both operations.
  expect((await t.api.call('watchRedis', { query: { instance: 'nope' } })).status).toBe(404);
  expect((await t.api.call('getRedisStats', { query: { instance: 'nope' } })).status).toBe(404);
  // Keep the keys of the tests below as they were.
  const cleanup = await connect(6390);
  await cleanup.del(['shop2:k1', 'shop2:k2', 'shop2:k3', 'shop2:k4', 'shop2:k5']);
  cleanup.destroy();
});

it('R26 redis instances: a port another instance uses, the name default or a taken name are refused (422), nothing changed', async () => {
  const before = (await t.api.call('listRedisInstances')).body;
  const files = await t.file(instanceConfigOf('shop2'));
  for (const [body, fields] of [
    [{ ...shop2, name: 'shop3' }, { port: ['redis:errors.port_taken'] }],
    [{ ...shop2, name: 'shop3', port: 6379 }, { port: ['redis:errors.port_taken'] }],
    [{ ...shop2, name: 'default', port: 6391 }, { name: ['redis:errors.name_reserved'] }],
    [{ ...shop2, port: 6391 }, { name: ['redis:errors.instance_taken'] }],
  ] as const) {
    const r = await t.api.call('createRedisInstance', { body });
    expect([r.status, r.body.error?.fields]).toEqual([422, fields]);
  }
  for (const body of [
    { ...shop2, name: 'Shop 3', port: 6391 },
    { ...shop2, name: 'shop3', port: 80 },
    { ...shop2, name: 'shop3', port: 6391, saveSchedule: '1\nrequirepass x' },
  ]) {
    expect((await t.api.call('createRedisInstance', { body: body as typeof shop2 })).status).toBe(422);
  }
  const id = before.data.find((i) => i.name === 'shop2')!.id;
  const renamed = await t.api.call('updateRedisInstance', { path: { instanceId: id }, body: { ...shop2, name: 'shop9' } });
  expect([renamed.status, renamed.body.error?.fields]).toEqual([422, { name: ['redis:errors.name_fixed'] }]);
  expect((await t.api.call('listRedisInstances')).body).toEqual(before);
  expect(await t.file(instanceConfigOf('shop2'))).toBe(files);
  expect(await t.file(instanceConfigOf('shop3'))).toBeNull();
});

it('R26 redis instances: a change restarts only that instance; delete stops it; undoing the delete brings it back running', async () => {
  const id = (await t.api.call('listRedisInstances')).body.data.find((i) => i.name === 'shop2')!.id;
  const defaultPid = await t.file('/run/redis/redis-server.pid');
  await t.applied('PUT', t.api.url('updateRedisInstance', { instanceId: id }), { ...shop2, maxmemoryMb: 48 });
  const app = await connect(6390);
  expect(await app.configGet('maxmemory')).toEqual({ maxmemory: String(48 * 1024 * 1024) });
  expect(await app.get('cart:1')).toBe('three items'); // AOF: the data survived the restart
  app.destroy();
  expect(await t.file('/run/redis/redis-server.pid')).toBe(defaultPid);

  await t.applied('DELETE', t.api.url('deleteRedisInstance', { instanceId: id }));
  expect(await statusOf('shop2')).toBeUndefined();
  expect(await t.file(instanceConfigOf('shop2'))).toBeNull();
  await expect(connect(6390)).rejects.toThrow();
  expect((await t.api.call('listRedisAclUsers', { query: { instance: 'shop2' } })).status).toBe(404);
  expect((await t.changes()).data[0]!.summary).toEqual({
    key: 'redis:changes.instanceDeleted',
    values: { name: 'shop2', port: 6390, maxmemoryMb: 48, maxmemoryPolicy: 'allkeys-lfu' },
  });

  await t.applied('POST', `${t.base()}/managed/plugins/redis/rollback`);
  expect(await statusOf('shop2')).toMatchObject({ running: true, port: 6390 });
  const back = await connect(6390);
  expect(await back.get('cart:1')).toBe('three items');
  back.destroy();
  expect((await t.api.call('listRedisAclUsers', { query: { instance: 'shop2' } })).body.data.map((u) => u.name)).toEqual(['cart']);
});
