/**
 * The `memcached` module through the real portal (`startPluginPortal`) and the server's private memcached (started
 * by the local gateway in the server's sandbox on a loopback port of its own, never the machine's memcached on
 * 11211): settings stored, checked by starting memcached with them, applied by a restart and read back from the
 * running instance (`stats settings`); a value memcached itself refuses changes nothing; the contract's limits;
 * rollback; live figures from `stats` after real set/get traffic; flush; and the authorization of every operation
 * (`describeAccessMatrix`, R6.004).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { parseStats, request } from './client.ts';
import { configPath } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const defaults = defaultsOf(config);

/** Sends a command to the server's private instance, as an application of the server would (after the first apply). */
async function privateMemcached(command: string): Promise<string> {
  const { host, port } = await t.portal.managed.gateway(t.server.id).listenAddress('memcached', 11211);
  expect(port).not.toBe(11211); // never the machine's own memcached
  const answer = await request(host, port, command);
  if (answer === undefined) throw new Error(`memcached on ${port} did not answer ${command}`);
  return answer;
}
const settingsInEffect = async () => parseStats(await privateMemcached('stats settings'));

describeAccessMatrix(() => t, { updateMemcachedSettings: { body: defaults } });

it('memcached: a setting saved through the portal is checked by memcached, applied by a restart and in effect in the running instance', async () => {
  expect((await t.api.call('getMemcachedSettings')).body).toEqual({ settings: defaults });
  expect((await t.api.call('getMemcachedInstance')).body).toEqual({ running: false });

  const r = await t.api.call('updateMemcachedSettings', { body: { ...defaults, memoryMb: 32, maxConnections: 300, threads: 2, evict: false, verbosity: 1 } });
  expect(r.status).toBe(202);
  const applied = await t.waitForJob(r.body.id);
  expect([applied.status, applied.validation]).toEqual(['succeeded', { status: 'passed', tool: 'memcached', output: 'options accepted (memcached started with them)' }]);
  expect(await t.file(configPath)).toContain('\n-m 32\n-c 300\n-t 2\n-I 1024k\n');

  expect(await settingsInEffect()).toMatchObject({
    maxbytes: String(32 * 1024 * 1024),
    maxconns: '300',
    num_threads: '2',
    item_size_max: String(1024 * 1024),
    evictions: 'off',
    verbosity: '1',
    inter: '127.0.0.1',
    udpport: '0',
  });
  const instance = await t.api.call('getMemcachedInstance');
  expect(instance.body).toMatchObject({ running: true, version: expect.stringMatching(/^\d+\.\d+/), settings: { maxbytes: '33554432', maxconns: '300' } });
  expect((await t.changes()).data[0]).toMatchObject({
    summary: { key: 'sdk:config.changed', values: { fields: 'memoryMb, maxConnections, threads, evict, verbosity' } },
  });
});

it('memcached: a value memcached refuses (an item size above half the memory) fails the apply and changes nothing', async () => {
  const stored = (await t.api.call('getMemcachedSettings')).body;
  const file = await t.file(configPath);
  const before = await settingsInEffect();

  const r = await t.api.call('updateMemcachedSettings', { body: { ...stored.settings, maxItemSizeKb: 32768, threads: 3 } });
  expect(r.status).toBe(202); // within the contract's limits
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({ status: 'failed', validation: { status: 'failed', tool: 'memcached' } });
  expect(JSON.stringify(job)).toContain('Cannot set item size limit higher than 1/2 of memory max');

  expect((await t.api.call('getMemcachedSettings')).body).toEqual(stored);
  expect(await t.file(configPath)).toBe(file);
  const after = await settingsInEffect();
  expect([after.num_threads, after.item_size_max, after.pid]).toEqual([before.num_threads, before.item_size_max, before.pid]); // not even restarted
});

it('memcached: values outside the contract are refused (422), nothing is stored', async () => {
  const stored = (await t.api.call('getMemcachedSettings')).body;
  for (const body of [{ ...defaults, memoryMb: 0 }, { ...defaults, threads: 65 }, { ...defaults, verbosity: 4 }, { ...defaults, maxConnections: '10\n-p 1' }]) {
    const r = await t.api.call('updateMemcachedSettings', { body: body as typeof defaults });
    expect(r.status).toBe(422);
  }
  expect((await t.api.call('getMemcachedSettings')).body).toEqual(stored);
});

it('memcached: live figures from stats after set/get traffic (R7.018), and flush', async () => {
  await privateMemcached('flush_all');
  const first = await t.api.call('watchMemcached'); // the first reading, to compare the next one with
  expect(first.status).toBe(200);

  for (const key of ['a', 'b', 'c']) expect(await privateMemcached(`set shop:${key} 0 600 5\r\nvalue`)).toBe('STORED\r\n');
  for (const key of ['a', 'b', 'c', 'missing']) await privateMemcached(`get shop:${key}`); // three hits, one miss

  t.portal.clock.advance(10_000); // the next 10-second sample
  const watch = await t.api.call('watchMemcached');
  expect(watch.body.sample.figures).toMatchObject({ items: 3, hitRatePercent: 75, evictionsPerSecond: 0, connections: expect.any(Number) });
  expect(watch.body.sample.figures.memoryBytes).toBeGreaterThan(0);
  expect(watch.body.sample.figures.connections).toBeGreaterThanOrEqual(1);
  const history = await t.api.call('getMemcachedStats', { query: { range: '1h' } });
  expect(history.body.filled).toBeGreaterThan(0);

  expect((await t.api.call('flushMemcached')).body).toEqual({ running: true, itemsRemoved: 3 });
  expect(await privateMemcached('get shop:a')).toBe('END\r\n');
});

it('memcached: undoing the last change restarts the instance with the settings before it', async () => {
  const r = await t.api.call('updateMemcachedSettings', { body: { ...(await t.api.call('getMemcachedSettings')).body.settings, maxConnections: 50 } });
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
  expect((await settingsInEffect()).maxconns).toBe('50');

  await t.applied('POST', `${t.base()}/managed/plugins/memcached/rollback`);
  expect((await t.api.call('getMemcachedSettings')).body.settings.maxConnections).toBe(300);
  expect((await settingsInEffect()).maxconns).toBe('300');
});
