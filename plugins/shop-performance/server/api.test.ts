/**
 * Performance reports through the real portal: computed from a real access log in the server's sandbox (the
 * web server family's `portal_json` lines), and the next report compared with it (before/after a change).
 */
import { demoLogins, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const line = (uri: string, seconds: number, cache?: string) =>
  JSON.stringify({ time: '2026-11-22T09:00:00+01:00', client: '203.0.113.5', user: '', host: 'shop.example', method: 'GET', uri, protocol: 'HTTP/2.0', status: 200, bytes: 900, referer: '', agent: 'k6', duration: seconds, ...(cache ? { cache } : {}) });

const finished = async (reportId: number) => {
  for (let i = 0; i < 200; i++) {
    const r = await t.api.call('getShopPerformanceReport', { path: { reportId } });
    expect(r.status).toBe(200);
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report ${reportId} still running`);
};

describe('R2.025 shop-performance reports', () => {
  it('computes response times per URL, the cache hit ratio and the slowest requests from the access log, and compares the next report with it', async () => {
    const gateway = t.portal.managed.gateway(t.server.id);
    const log = '/var/log/nginx/shop.example.access.log';
    await gateway.writeFile({ path: log, content: [line('/', 0.8, 'MISS'), line('/', 0.9, 'MISS'), line('/category/shoes', 1.5, 'MISS'), line('/', 0.05, 'HIT')].join('\n') + '\n' });

    const started = await t.api.call('runShopPerformanceReport');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', startedBy: demoLogins.admin });
    const before = await finished(started.body.id);
    expect(before.status).toBe('done');
    expect(before.result).toMatchObject({
      logs: [log],
      overall: { count: 4, p50Ms: 800, p95Ms: 1500, maxMs: 1500 },
      cache: { hits: 1, misses: 3, ratio: 0.25 },
      comparison: null,
    });
    expect(before.result!.urls.map((u) => [u.path, u.count])).toEqual([
      ['/', 3],
      ['/category/shoes', 1],
    ]);
    expect(before.result!.slowest[0]).toMatchObject({ uri: '/category/shoes', durationMs: 1500 });

    // After a configuration change (Varnish in front now): the next report says what changed.
    await gateway.writeFile({ path: log, content: [line('/', 0.04, 'HIT'), line('/', 0.05, 'HIT'), line('/category/shoes', 0.06, 'HIT'), line('/', 0.7, 'MISS')].join('\n') + '\n' });
    const next = await t.api.call('runShopPerformanceReport');
    const after = await finished(next.body.id);
    expect(after.result!.comparison).toMatchObject({ previousReportId: before.id, p95DeltaMs: 700 - 1500, cacheRatioDelta: 50 });
    expect(after.p95DeltaMs).toBe(-800);
    const list = await t.api.call('listShopPerformanceReports');
    expect(list.body.data.slice(0, 2).map((r) => [r.id, r.p95Ms])).toEqual([
      [after.id, 700],
      [before.id, 1500],
    ]);
  });

  it('an unknown report is 404, and another cluster’s administrator sees none', async () => {
    expect((await t.api.call('getShopPerformanceReport', { path: { reportId: 999999 } })).status).toBe(404);
    const other = await t.signIn(demoLogins.other);
    expect((await t.api.call('listShopPerformanceReports', { as: other })).status).toBe(404);
  });
});

describe('R2.025 scheduled performance reports (issue 25)', () => {
  afterAll(() => t.portal.clock.set('2026-11-22T10:00:00Z'));

  it('stores the schedule, refuses values out of range (422 with field errors), and the scheduler runs the report at its slot', async () => {
    const bad = await t.api.call('setShopPerformanceSchedule', { body: { mode: 'weekly', weekday: 8, hour: -1 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error!.fields!).sort()).toEqual(['hour', 'weekday']);

    t.portal.clock.set('2026-11-23T10:00:00Z'); // Monday
    const saved = await t.api.call('setShopPerformanceSchedule', { body: { mode: 'weekly', weekday: 2, hour: 5 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ mode: 'weekly', weekday: 2, hour: 5, zone: 'Europe/Berlin', nextRun: '2026-11-24T04:00:00.000Z', confirmedCents: null });
    expect((await t.api.call('getShopPerformanceSchedule')).body).toMatchObject({ mode: 'weekly', nextRun: '2026-11-24T04:00:00.000Z' });

    const { schedules, reports } = await import('./index.ts');
    const scheduled = async () => (await t.api.call('listShopPerformanceReports')).body.data.filter((r) => r.startedBy === 'schedule');
    await schedules.tick();
    expect(await scheduled()).toEqual([]);
    t.portal.clock.set('2026-11-24T04:01:00Z'); // 05:01 in Berlin
    await schedules.tick();
    await reports.settled();
    expect(await scheduled()).toMatchObject([{ status: 'done' }]);
    await schedules.tick();
    expect(await scheduled()).toHaveLength(1);
    await t.api.call('setShopPerformanceSchedule', { body: { mode: 'off', weekday: 1, hour: 3 } });
  });
});
