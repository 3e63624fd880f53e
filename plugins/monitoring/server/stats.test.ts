/** Monitoring's history on the stats family (the family's own store is tested in plugins/sdk/stats). */
// eslint-disable-next-line no-restricted-imports -- test files may use the host's test helpers (docs/plugins.md, Tests)
import { createTestDatabase, type TestDatabase } from '@portal/core/testing';
import { pluginDatabase } from '@portal/plugin-sdk/testing';
import { demoHistory } from './demo.ts';
import plugin from './index.ts';
import { MonitoringStats, monitoringStats, presentSeries } from './stats.ts';

const GiB = 1024 ** 3;
const t = (iso: string) => new Date(iso);
const sample = {
  cpu: 10,
  load1: 1,
  load5: 0.5,
  load15: 0.25,
  cpuCount: 4,
  memoryUsed: 4 * GiB,
  memoryTotal: 16 * GiB,
  diskUsed: 40e9,
  diskTotal: 100e9,
  rx: 1000,
  tx: 2000,
};

describe('monitoring history', () => {
  let db: TestDatabase;
  const em = () => pluginDatabase(db.orm.em.fork(), 'monitoring', plugin.entities!);

  beforeAll(async () => {
    db = await createTestDatabase({ entities: [...plugin.entities!], migrations: [...plugin.migrations!] });
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await em().nativeDelete(MonitoringStats, {});
  });

  it('R2.026 a range reads as the contract series: averages and maxima per figure, capacities of the newest bucket', async () => {
    const now = t('2026-11-22T12:00:35Z');
    await monitoringStats.record(em(), 7, t('2026-11-22T12:00:10Z'), { ...sample, load1: 1, cpu: null, rx: null, tx: null });
    await monitoringStats.record(em(), 7, t('2026-11-22T12:00:30Z'), { ...sample, load1: 3, memoryTotal: 32 * GiB });
    const day = presentSeries('24h', await monitoringStats.read(em(), 7, '24h', now));
    expect(day).toMatchObject({
      range: '24h',
      resolutionSeconds: 60,
      cpuCount: 4,
      memoryTotalBytes: 32 * GiB,
      diskTotalBytes: 100e9,
      filled: 1,
    });
    expect([day.load.avg.at(-1), day.load.max.at(-1), day.cpu.avg.at(-1), day.networkRx.max.at(-1)]).toEqual([2, 3, 10, 1000]);
    expect(Date.parse(day.end) - Date.parse(day.start)).toBe(1439 * 60_000);
    const hour = presentSeries('1h', await monitoringStats.read(em(), 7, '1h', now));
    expect(hour.cpu.avg.slice(-3)).toEqual([null, null, 10]);
    expect(hour.memory.avg.slice(-3)).toEqual([4 * GiB, null, 4 * GiB]);
  });

  it('R7.017 demo history fills every range of a demo server and live samples continue it', async () => {
    const now = t('2026-11-22T19:03:27Z');
    const started = performance.now();
    await monitoringStats.replace(em(), 7, demoHistory({ id: 7, role: 'web' }, now));
    expect(performance.now() - started).toBeLessThan(5000);
    const hour = await monitoringStats.read(em(), 7, '1h', now);
    expect(hour.filled).toBe(359); // every bucket but the current one, which the live sampler fills
    expect((await monitoringStats.read(em(), 7, '24h', now)).filled).toBe(1440);
    const week = presentSeries('7d', await monitoringStats.read(em(), 7, '7d', now));
    expect(week.filled).toBe(1008);
    expect(week.cpuCount).toBe(8);
    const i = week.cpu.avg.findIndex((v) => v !== null);
    expect(week.cpu.max[i]).toBeGreaterThanOrEqual(week.cpu.avg[i]!);

    await monitoringStats.record(em(), 7, now, { ...sample, load1: 3 });
    const after = await monitoringStats.read(em(), 7, '1h', now);
    expect(after.filled).toBe(360);
    expect(after.avg.load1.at(-1)).toBe(3);
  });
});
