/**
 * The monitoring tables: store a raw sample and refresh the two rollups it belongs to, read a
 * range as a dense series, prune what is older than its retention.
 */
import type { PluginDatabase } from '@portal/plugin-sdk/server';
import { MonitoringMinuteRollup, MonitoringTenMinuteRollup } from './MonitoringRollup.ts';
import { MonitoringSample } from './MonitoringSample.ts';
import {
  bucketOf,
  combine,
  densify,
  MINUTE_SECONDS,
  pruneBefore,
  rangeWindow,
  rollupOfSample,
  TEN_MINUTES_SECONDS,
  type DenseSeries,
  type RangeId,
  type Rollup,
  type Sample,
} from './rollup.ts';

type RollupEntity = typeof MonitoringMinuteRollup | typeof MonitoringTenMinuteRollup;

const sampleOf = (row: MonitoringSample): Sample => ({
  bucket: row.bucket,
  cpuPercent: row.cpuPercent ?? null,
  load1: row.load1,
  load5: row.load5,
  load15: row.load15,
  cpuCount: row.cpuCount,
  memoryUsedBytes: row.memoryUsedBytes,
  memoryTotalBytes: row.memoryTotalBytes,
  diskUsedBytes: row.diskUsedBytes,
  diskTotalBytes: row.diskTotalBytes,
  netRxBytesPerSecond: row.netRxBytesPerSecond ?? null,
  netTxBytesPerSecond: row.netTxBytesPerSecond ?? null,
});

const rollupOf = (row: MonitoringMinuteRollup | MonitoringTenMinuteRollup): Rollup => ({
  bucket: row.bucket,
  samples: row.samples,
  cpuSamples: row.cpuSamples,
  cpuAvg: row.cpuAvg ?? null,
  cpuMax: row.cpuMax ?? null,
  loadAvg: row.loadAvg,
  loadMax: row.loadMax,
  cpuCount: row.cpuCount,
  memoryAvg: row.memoryAvg,
  memoryMax: row.memoryMax,
  memoryTotal: row.memoryTotal,
  diskAvg: row.diskAvg,
  diskMax: row.diskMax,
  diskTotal: row.diskTotal,
  netSamples: row.netSamples,
  rxAvg: row.rxAvg ?? null,
  rxMax: row.rxMax ?? null,
  txAvg: row.txAvg ?? null,
  txMax: row.txMax ?? null,
});

const sampleRow = (serverId: number, s: Sample) => ({ serverId, ...s });
const rollupRow = (serverId: number, r: Rollup) => ({ serverId, ...r });

/** Raw samples of a server in [from, to), oldest first. */
async function samplesBetween(em: PluginDatabase, serverId: number, from: Date, to: Date): Promise<Rollup[]> {
  const rows = await em.find(MonitoringSample, { serverId, bucket: { $gte: from, $lt: to } }, { orderBy: { bucket: 'asc' } });
  return rows.map((r) => rollupOfSample(sampleOf(r)));
}

/** Rollups of one resolution of a server in [from, to), oldest first. */
async function rollupsBetween(em: PluginDatabase, entity: RollupEntity, serverId: number, from: Date, to: Date): Promise<Rollup[]> {
  const where = { serverId, bucket: { $gte: from, $lt: to } };
  const rows =
    entity === MonitoringMinuteRollup
      ? await em.find(MonitoringMinuteRollup, where, { orderBy: { bucket: 'asc' } })
      : await em.find(MonitoringTenMinuteRollup, where, { orderBy: { bucket: 'asc' } });
  return rows.map(rollupOf);
}

/** Recomputes one rollup bucket from its parts (idempotent: any instance may do it any number of times). */
async function refresh(em: PluginDatabase, entity: RollupEntity, serverId: number, bucket: Date, parts: Rollup[]): Promise<void> {
  if (!parts.length) return;
  const row = rollupRow(serverId, combine(bucket, parts));
  const options = { onConflictFields: ['serverId' as const, 'bucket' as const], onConflictAction: 'merge' as const };
  if (entity === MonitoringMinuteRollup) await em.upsert(MonitoringMinuteRollup, row, options);
  else await em.upsert(MonitoringTenMinuteRollup, row, options);
}

/**
 * Stores a raw sample (ignored when its bucket is already stored, e.g. by another portal instance)
 * and recomputes the minute and the ten minutes it falls in. Returns whether the sample was new.
 */
export async function recordSample(em: PluginDatabase, serverId: number, sample: Sample): Promise<boolean> {
  const bucket = bucketOf(sample.bucket, 10);
  const fresh = (await em.count(MonitoringSample, { serverId, bucket })) === 0;
  if (fresh)
    await em.upsert(MonitoringSample, sampleRow(serverId, { ...sample, bucket }), {
      onConflictFields: ['serverId', 'bucket'],
      onConflictAction: 'ignore',
    });

  const minute = bucketOf(bucket, MINUTE_SECONDS);
  await refresh(
    em,
    MonitoringMinuteRollup,
    serverId,
    minute,
    await samplesBetween(em, serverId, minute, new Date(minute.getTime() + MINUTE_SECONDS * 1000)),
  );

  const ten = bucketOf(bucket, TEN_MINUTES_SECONDS);
  await refresh(
    em,
    MonitoringTenMinuteRollup,
    serverId,
    ten,
    await rollupsBetween(em, MonitoringMinuteRollup, serverId, ten, new Date(ten.getTime() + TEN_MINUTES_SECONDS * 1000)),
  );
  em.clear();
  return fresh;
}

/** The stored history of a range as a dense series (one slot per bucket, `null` where nothing was measured). */
export async function readSeries(em: PluginDatabase, serverId: number, range: RangeId, now: Date): Promise<DenseSeries> {
  const window = rangeWindow(range, now);
  const until = new Date(window.end.getTime() + window.resolutionSeconds * 1000);
  const rows =
    range === '1h'
      ? await samplesBetween(em, serverId, window.start, until)
      : await rollupsBetween(em, range === '24h' ? MonitoringMinuteRollup : MonitoringTenMinuteRollup, serverId, window.start, until);
  return densify(window, rows);
}

/** The newest raw sample of a server, or `null`. */
export async function latestSample(em: PluginDatabase, serverId: number): Promise<Sample | null> {
  const row = await em.findOne(MonitoringSample, { serverId }, { orderBy: { bucket: 'desc' } });
  return row ? sampleOf(row) : null;
}

/** Deletes what is older than each table's retention — of one server, or of all servers. Returns the rows removed per table. */
export async function prune(em: PluginDatabase, now: Date, serverId?: number): Promise<{ raw: number; minute: number; tenMinutes: number }> {
  const before = pruneBefore(now);
  const scope = serverId === undefined ? {} : { serverId };
  return {
    raw: await em.nativeDelete(MonitoringSample, { ...scope, bucket: { $lt: before.raw } }),
    minute: await em.nativeDelete(MonitoringMinuteRollup, { ...scope, bucket: { $lt: before.minute } }),
    tenMinutes: await em.nativeDelete(MonitoringTenMinuteRollup, { ...scope, bucket: { $lt: before.tenMinutes } }),
  };
}

/** Replaces a server's history (demo fixtures). */
export async function replaceHistory(
  em: PluginDatabase,
  serverId: number,
  history: { raw: Sample[]; minute: Rollup[]; tenMinutes: Rollup[] },
): Promise<void> {
  await em.nativeDelete(MonitoringSample, { serverId });
  await em.nativeDelete(MonitoringMinuteRollup, { serverId });
  await em.nativeDelete(MonitoringTenMinuteRollup, { serverId });
  if (history.raw.length)
    await em.insertMany(
      MonitoringSample,
      history.raw.map((s) => sampleRow(serverId, s)),
    );
  if (history.minute.length)
    await em.insertMany(
      MonitoringMinuteRollup,
      history.minute.map((r) => rollupRow(serverId, r)),
    );
  if (history.tenMinutes.length)
    await em.insertMany(
      MonitoringTenMinuteRollup,
      history.tenMinutes.map((r) => rollupRow(serverId, r)),
    );
}
