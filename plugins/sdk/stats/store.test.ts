/** The history table of the stats family over a real database: the entity a plugin instantiates and the migration SQL it runs. */
import { Migration } from '@mikro-orm/migrations';
import { createTestDatabase, pluginDatabase, type TestDatabase } from '../testing/index.ts';
import { defineStatsEntity, statsSubjectsSql, statsTableSql, StatsStore } from './store.ts';
import { rollupOfSample } from './rollup.ts';

const StatsTest = defineStatsEntity('stats-test');
class Migration20260101000000StatsTest extends Migration {
  override up(): void {
    for (const sql of statsTableSql('stats-test')) this.addSql(sql);
  }
}

// Subjects (e.g. redis's instances): one table made with them, one that gains them later (its rows stay the server's).
const SubjectTest = defineStatsEntity('subject-test', { subjects: true });
const GainedTest = defineStatsEntity('gained-test', { subjects: true });
class Migration20260101000001SubjectTest extends Migration {
  override up(): void {
    for (const sql of statsTableSql('subject-test', { subjects: true })) this.addSql(sql);
    for (const sql of statsTableSql('gained-test')) this.addSql(sql);
    this.addSql(`insert into "gained_test_stats" ("server_id", "resolution", "bucket", "samples", "stats") values (7, 10, '2026-11-22T12:00:00Z', 1, '{}');`);
  }
}
class Migration20260101000002GainedTest extends Migration {
  override up(): void {
    for (const sql of statsSubjectsSql('gained-test')) this.addSql(sql);
  }
}
const store = new StatsStore(StatsTest, { load: { digits: 3 }, hits: {}, memoryTotal: {} });
const t = (iso: string) => new Date(iso);

describe('stats family: store', () => {
  let db: TestDatabase;
  const em = () => pluginDatabase(db.orm.em.fork(), 'stats-test', [StatsTest]);

  beforeAll(async () => {
    db = await createTestDatabase({
      entities: [StatsTest, SubjectTest, GainedTest],
      migrations: [Migration20260101000000StatsTest, Migration20260101000001SubjectTest, Migration20260101000002GainedTest],
    });
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await em().nativeDelete(StatsTest, {});
  });

  it('the migration SQL creates exactly the table the entity describes, named with the plugin prefix (with subjects too, and gained later)', async () => {
    expect(StatsTest.meta.tableName ?? StatsTest.meta.collection).toBe('stats_test_stats');
    expect((await db.orm.schema.getUpdateSchemaSQL()).trim()).toBe('');
    expect(new StatsStore(StatsTest, {}).subjects).toBe(false);
    expect(new StatsStore(SubjectTest, {}).subjects).toBe(true);
  });

  it('a table that gains subjects keeps its rows as the server\'s own (subject \'\'), read by server id as before', async () => {
    const gained = new StatsStore(GainedTest, { load: {} });
    const em = () => pluginDatabase(db.orm.em.fork(), 'gained-test', [GainedTest]);
    expect(await gained.rows(em(), 7, 'raw')).toHaveLength(1);
    expect(await gained.rows(em(), { serverId: 7, subject: '' }, 'raw')).toHaveLength(1);
    expect(await gained.rows(em(), { serverId: 7, subject: 'shop2' }, 'raw')).toHaveLength(0);
  });

  it('subjects keep apart: a subject\'s samples are never the server\'s own nor another subject\'s; pruning a server takes all of them', async () => {
    const subjects = new StatsStore(SubjectTest, { load: { digits: 3 } });
    const sem = () => pluginDatabase(db.orm.em.fork(), 'subject-test', [SubjectTest]);
    await sem().nativeDelete(SubjectTest, {});
    const shop2 = { serverId: 7, subject: 'shop2' };
    const at = t('2026-11-22T12:00:10Z');
    expect(await subjects.record(sem(), 7, at, { load: 1 })).toBe(true);
    // The same bucket of another subject is a sample of its own, not a second one of the server's.
    expect(await subjects.record(sem(), shop2, at, { load: 50 })).toBe(true);
    expect(await subjects.record(sem(), { serverId: 7, subject: 'sessions' }, at, { load: 9 })).toBe(true);
    expect(await subjects.record(sem(), shop2, t('2026-11-22T12:00:12Z'), { load: 99 })).toBe(false);
    const now = t('2026-11-22T12:00:15Z');
    expect((await subjects.read(sem(), 7, '1h', now)).avg.load.at(-1)).toBe(1);
    expect((await subjects.read(sem(), { serverId: 7, subject: '' }, '1h', now)).avg.load.at(-1)).toBe(1);
    expect((await subjects.read(sem(), shop2, '1h', now)).avg.load.at(-1)).toBe(50);
    expect((await subjects.read(sem(), shop2, '24h', now)).max.load.at(-1)).toBe(50);
    expect((await subjects.rows(sem(), 7, 'minute')).map((m) => m.stats.load?.avg)).toEqual([1]);
    expect((await subjects.rows(sem(), shop2, 'tenMinutes')).map((m) => m.stats.load?.avg)).toEqual([50]);
    // Replacing a subject's history leaves the server's own.
    await subjects.replace(sem(), shop2, { raw: [], minute: [], tenMinutes: [] });
    expect(await subjects.rows(sem(), shop2, 'raw')).toEqual([]);
    expect(await subjects.rows(sem(), 7, 'raw')).toHaveLength(1);
    expect(await subjects.prune(sem(), t('2026-11-23T13:00:00Z'), 7)).toEqual({ raw: 2, minute: 2, tenMinutes: 0 });
  });

  it('a table without subjects takes no subject', async () => {
    await expect(store.read(em(), { serverId: 7, subject: 'shop2' }, '1h', t('2026-11-22T12:00:35Z'))).rejects.toThrow('has no subjects');
    expect((await store.read(em(), { serverId: 7, subject: '' }, '1h', t('2026-11-22T12:00:35Z'))).filled).toBe(0);
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
