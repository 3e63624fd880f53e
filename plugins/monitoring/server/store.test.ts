// eslint-disable-next-line no-restricted-imports -- test files may use the host's test helpers (docs/plugins.md, Tests)
import { createTestDatabase, type TestDatabase } from '@portal/core/testing';
import { pluginDatabase } from '@portal/plugin-sdk/testing';
import { demoHistory } from './demo.ts';
import plugin from './index.ts';
import { MonitoringMinuteRollup, MonitoringTenMinuteRollup } from './MonitoringRollup.ts';
import { MonitoringSample } from './MonitoringSample.ts';
import type { Sample } from './rollup.ts';
import { latestSample, prune, readSeries, recordSample, replaceHistory } from './store.ts';

const GiB = 1024 ** 3;

const sample = (at: Date, over: Partial<Sample> = {}): Sample => ({
  bucket: at,
  cpuPercent: 10,
  load1: 1,
  load5: 0.5,
  load15: 0.25,
  cpuCount: 4,
  memoryUsedBytes: 4 * GiB,
  memoryTotalBytes: 16 * GiB,
  diskUsedBytes: 40e9,
  diskTotalBytes: 100e9,
  netRxBytesPerSecond: 1000,
  netTxBytesPerSecond: 2000,
  ...over,
});

const t = (iso: string) => new Date(iso);

describe('monitoring store', () => {
  let db: TestDatabase;
  const em = () => pluginDatabase(db.orm.em.fork(), 'monitoring', plugin.entities!);

  beforeAll(async () => {
    db = await createTestDatabase({ entities: [...plugin.entities!], migrations: [...plugin.migrations!] });
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    const e = em();
    await e.nativeDelete(MonitoringSample, {});
    await e.nativeDelete(MonitoringMinuteRollup, {});
    await e.nativeDelete(MonitoringTenMinuteRollup, {});
  });

  it('R2.026 each stored sample refreshes its minute and its ten minutes with exact averages and maxima', async () => {
    const loads = [1, 2, 3, 4, 5, 6];
    for (const [i, load1] of loads.entries())
      await recordSample(em(), 7, sample(t(`2026-11-22T12:00:${String(i * 10).padStart(2, '0')}.400Z`), { load1, cpuPercent: load1 * 10 }));
    await recordSample(em(), 7, sample(t('2026-11-22T12:01:00Z'), { load1: 12, cpuPercent: null }));

    const minutes = await em().find(MonitoringMinuteRollup, { serverId: 7 }, { orderBy: { bucket: 'asc' } });
    expect(minutes.map((m) => [m.bucket.toISOString(), m.samples, m.loadAvg, m.loadMax, m.cpuAvg, m.cpuSamples])).toEqual([
      ['2026-11-22T12:00:00.000Z', 6, 3.5, 6, 35, 6],
      ['2026-11-22T12:01:00.000Z', 1, 12, 12, null, 0],
    ]);
    const [ten] = await em().find(MonitoringTenMinuteRollup, { serverId: 7 });
    expect(ten.bucket.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(ten.samples).toBe(7);
    expect(ten.loadAvg).toBe((1 + 2 + 3 + 4 + 5 + 6 + 12) / 7);
    expect(ten.loadMax).toBe(12);
    expect(ten.cpuAvg).toBe(35);
    expect(typeof ten.memoryAvg).toBe('number');
  });

  it('R2.026 a second sample for a stored bucket (another portal instance) changes nothing', async () => {
    expect(await recordSample(em(), 7, sample(t('2026-11-22T12:00:00Z'), { load1: 1 }))).toBe(true);
    expect(await recordSample(em(), 7, sample(t('2026-11-22T12:00:05Z'), { load1: 9 }))).toBe(false);
    expect(await em().count(MonitoringSample, { serverId: 7 })).toBe(1);
    const [m] = await em().find(MonitoringMinuteRollup, { serverId: 7 });
    expect([m.samples, m.loadAvg]).toEqual([1, 1]);
    expect((await latestSample(em(), 7))?.load1).toBe(1);
  });

  it('R2.026 reads each range from its resolution as a dense series; other servers stay apart', async () => {
    const now = t('2026-11-22T12:00:35Z');
    await recordSample(em(), 7, sample(t('2026-11-22T12:00:10Z'), { load1: 1 }));
    await recordSample(em(), 7, sample(t('2026-11-22T12:00:30Z'), { load1: 3 }));
    await recordSample(em(), 8, sample(t('2026-11-22T12:00:20Z'), { load1: 50 }));

    const hour = await readSeries(em(), 7, '1h', now);
    expect(hour.resolutionSeconds).toBe(10);
    expect(hour.loadAvg).toHaveLength(360);
    expect(hour.loadAvg.slice(-3)).toEqual([1, null, 3]);
    expect(hour.filled).toBe(2);

    const day = await readSeries(em(), 7, '24h', now);
    expect(day.loadAvg).toHaveLength(1440);
    expect(day.loadAvg.at(-1)).toBe(2);
    expect(day.loadMax.at(-1)).toBe(3);
    expect(day.filled).toBe(1);

    const week = await readSeries(em(), 7, '7d', now);
    expect(week.loadAvg).toHaveLength(1008);
    expect(week.loadAvg.at(-1)).toBe(2);
    expect(week.memoryTotalBytes).toBe(16 * GiB);

    expect((await readSeries(em(), 9, '1h', now)).filled).toBe(0);
  });

  it('R2.026 pruning removes raw samples after an hour, minutes after a day, ten minutes after a week', async () => {
    const now = t('2026-11-22T12:00:00Z');
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    const h = 3_600_000;
    // Written straight into the tables, the way old history looks.
    await replaceHistory(em(), 7, {
      raw: [sample(at(1.2 * h)), sample(at(0.5 * h))],
      minute: [rollupAt(at(25 * h)), rollupAt(at(23 * h))],
      tenMinutes: [rollupAt(at(7.2 * 24 * h)), rollupAt(at(6 * 24 * h))],
    });
    await replaceHistory(em(), 8, { raw: [sample(at(2 * h))], minute: [], tenMinutes: [] });

    expect(await prune(em(), now, 7)).toEqual({ raw: 1, minute: 1, tenMinutes: 1 });
    expect(await em().count(MonitoringSample, { serverId: 8 })).toBe(1);
    expect(await prune(em(), now)).toEqual({ raw: 1, minute: 0, tenMinutes: 0 });
    expect((await em().find(MonitoringSample, {})).map((s) => s.bucket)).toEqual([at(0.5 * h)]);
    expect((await em().find(MonitoringMinuteRollup, {})).map((s) => s.bucket)).toEqual([at(23 * h)]);
    expect((await em().find(MonitoringTenMinuteRollup, {})).map((s) => s.bucket)).toEqual([at(6 * 24 * h)]);
  });

  it('R7.017 demo history fills every range of a demo server and live samples continue it', async () => {
    const now = t('2026-11-22T19:03:27Z');
    const started = performance.now();
    await replaceHistory(em(), 7, demoHistory({ id: 7, role: 'web' }, now));
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(5000);
    const hour = await readSeries(em(), 7, '1h', now);
    expect(hour.filled).toBe(359); // every bucket but the current one, which the live sampler fills
    expect((await readSeries(em(), 7, '24h', now)).filled).toBe(1440);
    expect((await readSeries(em(), 7, '7d', now)).filled).toBe(1008);

    await recordSample(em(), 7, sample(now, { load1: 3 }));
    const after = await readSeries(em(), 7, '1h', now);
    expect(after.filled).toBe(360);
    expect(after.loadAvg.at(-1)).toBe(3);
  });
});

function rollupAt(bucket: Date) {
  return {
    bucket,
    samples: 6,
    cpuSamples: 6,
    cpuAvg: 10,
    cpuMax: 20,
    loadAvg: 1,
    loadMax: 2,
    cpuCount: 4,
    memoryAvg: 1,
    memoryMax: 2,
    memoryTotal: 4,
    diskAvg: 1,
    diskMax: 1,
    diskTotal: 4,
    netSamples: 6,
    rxAvg: 1,
    rxMax: 2,
    txAvg: 1,
    txMax: 2,
  };
}
