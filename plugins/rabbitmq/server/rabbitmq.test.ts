/**
 * The `rabbitmq` stats service through the real portal (`startPluginPortal`, answers checked against the
 * contract): a watch measures `rabbitmq` on the server (`ps`, through the gateway) and answers the sample,
 * the sample lands in the history of every range, a range outside the contract is refused, and the
 * authorization of every operation (`describeAccessMatrix`).
 */
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

describeAccessMatrix(() => t);

it('rabbitmq: a watch measures the server, the sample is kept in the history of each range', async () => {
  const watch = await t.api.call('watchRabbitmq');
  expect(watch.status).toBe(200);
  expect(watch.body).toMatchObject({ intervalSeconds: 10, leaseSeconds: 60 });
  // Measured for real: how many processes of rabbitmq run there (0 where it does not), their memory and CPU.
  const { at, figures } = watch.body.sample;
  expect(figures).toEqual({ processes: expect.any(Number), memoryBytes: expect.any(Number), cpuPercent: expect.any(Number) });

  const hour = await t.api.call('getRabbitmqStats', { query: { range: '1h' } });
  expect(hour.status).toBe(200);
  expect(hour.body).toMatchObject({ range: '1h', resolutionSeconds: 10 });
  expect(hour.body.filled).toBeGreaterThanOrEqual(1);
  const slot = (Date.parse(at) - Date.parse(hour.body.start)) / 10_000;
  expect(hour.body.figures.processes.avg[slot]).toBe(figures.processes);
  expect(hour.body.figures.memoryBytes.max[slot]).toBe(figures.memoryBytes);

  for (const [range, resolutionSeconds] of [
    ['24h', 60],
    ['7d', 600],
  ] as const) {
    const r = await t.api.call('getRabbitmqStats', { query: { range } });
    expect(r.body).toMatchObject({ range, resolutionSeconds });
    expect(r.body.filled).toBeGreaterThanOrEqual(1);
  }
});

it('rabbitmq: a range outside the contract is refused (422)', async () => {
  const r = await t.api.call('getRabbitmqStats', { query: { range: '2h' as '1h' } });
  expect(r.status).toBe(422);
});
