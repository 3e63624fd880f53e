/** The history table of the stats family over a real database: the entity a plugin instantiates and the migration SQL it runs. */
import { Migration } from '@mikro-orm/migrations';
import { createTestDatabase, pluginDatabase, type TestDatabase } from '../testing/index.ts';
import { defineStatsEntity, statsTableSql, StatsStore } from './store.ts';
import { rollupOfSample } from './rollup.ts';

const StatsTest = defineStatsEntity('stats-test');
class Migration20260101000000StatsTest extends Migration {
  override up(): void {
    for (const sql of statsTableSql('stats-test')) this.addSql(sql);
  }
}
const store = new StatsStore(StatsTest, { load: { digits: 3 }, hits: {}, memoryTotal: {} });
const t = (iso: string) => new Date(iso);

describe('stats family: store', () => {
  let db: TestDatabase;
  const em = () => pluginDatabase(db.orm.em.fork(), 'stats-test', [StatsTest]);

  beforeAll(async () => {
    db = await createTestDatabase({ entities: [StatsTest], migrations: [Migration20260101000000StatsTest] });
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await em().nativeDelete(StatsTest, {});
  });

  it('the migration SQL creates exactly the table the entity describes, named with the plugin prefix', async () => {
    expect(StatsTest.meta.tableName ?? StatsTest.meta.collection).toBe('stats_test_stats');
    expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
  });

  it('R2.026 each stored sample refreshes its minute and its ten minutes with exact averages and maxima', async () => {
    for (const [i, load] of [1, 2, 3, 4, 5, 6].entries())
      await store.record(em(), 7, t(`2026-11-22T12:00:${String(i * 10).padStart(2, '0')}.400Z`), { load, hits: load * 10 });
    await store.record(em(), 7, t('2026-11-22T12:01:00Z'), { load: 12, hits: null });
    const minutes = await store.rows(em(), 7, 'minute');
    expect(
      minutes.map((m) => [m.bucket.toISOString(), m.samples, m.stats.load?.avg, m.stats.load?.max, m.stats.hits?.avg, m.stats.hits?.n]),
    ).toEqual([
      ['2026-11-22T12:00:00.000Z', 6, 3.5, 6, 35, 6],
      ['2026-11-22T12:01:00.000Z', 1, 12, 12, undefined, undefined],
    ]);
    const [ten] = await store.rows(em(), 7, 'tenMinutes');
    expect([ten.samples, ten.stats.load?.avg, ten.stats.load?.max, ten.stats.hits?.avg]).toEqual([
      7,
      (1 + 2 + 3 + 4 + 5 + 6 + 12) / 7,
      12,
      35,
    ]);
  });

  it('R2.026 a second sample for a stored bucket (another portal instance) changes nothing', async () => {
    expect(await store.record(em(), 7, t('2026-11-22T12:00:00Z'), { load: 1 })).toBe(true);
    expect(await store.record(em(), 7, t('2026-11-22T12:00:05Z'), { load: 9 })).toBe(false);
    expect(await store.rows(em(), 7, 'raw')).toHaveLength(1);
    const [m] = await store.rows(em(), 7, 'minute');
    expect([m.samples, m.stats.load?.avg]).toEqual([1, 1]);
  });

  it('R2.026 reads each range from its resolution as a dense series; other servers stay apart', async () => {
    const now = t('2026-11-22T12:00:35Z');
    await store.record(em(), 7, t('2026-11-22T12:00:10Z'), { load: 1, memoryTotal: 16 });
    await store.record(em(), 7, t('2026-11-22T12:00:30Z'), { load: 3, memoryTotal: 16 });
    await store.record(em(), 8, t('2026-11-22T12:00:20Z'), { load: 50 });
    const hour = await store.read(em(), 7, '1h', now);
    expect(hour.resolutionSeconds).toBe(10);
    expect(hour.avg.load).toHaveLength(360);
    expect(hour.avg.load.slice(-3)).toEqual([1, null, 3]);
    expect(hour.filled).toBe(2);
    const day = await store.read(em(), 7, '24h', now);
    expect([day.avg.load.length, day.avg.load.at(-1), day.max.load.at(-1), day.filled]).toEqual([1440, 2, 3, 1]);
    const week = await store.read(em(), 7, '7d', now);
    expect([week.avg.load.length, week.avg.load.at(-1), week.last.memoryTotal]).toEqual([1008, 2, 16]);
    expect((await store.read(em(), 9, '1h', now)).filled).toBe(0);
  });

  it('R2.026 pruning removes raw samples after an hour, minutes after a day, ten minutes after a week', async () => {
    const now = t('2026-11-22T12:00:00Z');
    const h = 3_600_000;
    const at = (msAgo: number) => rollupOfSample(new Date(now.getTime() - msAgo), { load: 1 });
    await store.replace(em(), 7, {
      raw: [at(1.2 * h), at(0.5 * h)],
      minute: [at(25 * h), at(23 * h)],
      tenMinutes: [at(7.2 * 24 * h), at(6 * 24 * h)],
    });
    await store.replace(em(), 8, { raw: [at(2 * h)], minute: [], tenMinutes: [] });
    expect(await store.prune(em(), now, 7)).toEqual({ raw: 1, minute: 1, tenMinutes: 1 });
    expect(await store.rows(em(), 8, 'raw')).toHaveLength(1);
    expect(await store.prune(em(), now)).toEqual({ raw: 1, minute: 0, tenMinutes: 0 });
    expect((await store.rows(em(), 7, 'raw')).map((r) => r.bucket)).toEqual([at(0.5 * h).bucket]);
    expect((await store.rows(em(), 7, 'minute')).map((r) => r.bucket)).toEqual([at(23 * h).bucket]);
    expect((await store.rows(em(), 7, 'tenMinutes')).map((r) => r.bucket)).toEqual([at(6 * 24 * h).bucket]);
  });
});
