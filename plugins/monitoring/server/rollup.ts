/**
 * Downsampling, pure: raw samples (one per 10 s bucket) are rolled up into 1-minute buckets, and
 * those into 10-minute buckets. A rollup keeps the number of samples it stands for, so averages of
 * averages stay exact (weighted by count) and maxima stay the maxima of the raw samples.
 */

/** Seconds per bucket of each stored resolution. */
export const RAW_SECONDS = 10;
export const MINUTE_SECONDS = 60;
export const TEN_MINUTES_SECONDS = 600;

/** The history ranges the API answers, with the resolution and number of buckets each reads. */
export const ranges = {
  '1h': { resolutionSeconds: RAW_SECONDS, buckets: 360 },
  '24h': { resolutionSeconds: MINUTE_SECONDS, buckets: 1440 },
  '7d': { resolutionSeconds: TEN_MINUTES_SECONDS, buckets: 1008 },
} as const;
export type RangeId = keyof typeof ranges;

/** How long each resolution is kept (a little more than the range it serves, so a range never starts in a pruned hole). */
export const retentionSeconds = {
  raw: 3600 + 5 * 60,
  minute: 24 * 3600 + 30 * 60,
  tenMinutes: 7 * 24 * 3600 + 3 * 3600,
} as const;

/** One measurement of a server, as stored at raw resolution. Bytes are bytes; network is bytes per second. */
export interface Sample {
  /** Start of its 10-second bucket. */
  bucket: Date;
  /** Share of CPU time not idle since the previous reading, 0–100; `null` when the server gives no CPU counters. */
  cpuPercent: number | null;
  load1: number;
  load5: number;
  load15: number;
  cpuCount: number;
  memoryUsedBytes: number;
  memoryTotalBytes: number;
  diskUsedBytes: number;
  diskTotalBytes: number;
  /** Received / sent bytes per second over all interfaces but loopback; `null` without network counters. */
  netRxBytesPerSecond: number | null;
  netTxBytesPerSecond: number | null;
}

/** Several samples of one bucket, downsampled. */
export interface Rollup {
  bucket: Date;
  /** How many raw samples it stands for. */
  samples: number;
  /** How many of them had CPU figures (`cpuAvg`/`cpuMax` are `null` when none). */
  cpuSamples: number;
  cpuAvg: number | null;
  cpuMax: number | null;
  /** Load average over 1 minute. */
  loadAvg: number;
  loadMax: number;
  cpuCount: number;
  memoryAvg: number;
  memoryMax: number;
  memoryTotal: number;
  diskAvg: number;
  diskMax: number;
  diskTotal: number;
  /** How many of them had network figures. */
  netSamples: number;
  rxAvg: number | null;
  rxMax: number | null;
  txAvg: number | null;
  txMax: number | null;
}

/** The start of the bucket of `resolutionSeconds` that `at` falls in (buckets are aligned to the Unix epoch, so to UTC). */
export function bucketOf(at: Date | number, resolutionSeconds: number): Date {
  const ms = typeof at === 'number' ? at : at.getTime();
  const size = resolutionSeconds * 1000;
  return new Date(Math.floor(ms / size) * size);
}

/** A raw sample seen as a rollup of one. */
export function rollupOfSample(s: Sample): Rollup {
  const hasNet = s.netRxBytesPerSecond !== null && s.netTxBytesPerSecond !== null;
  return {
    bucket: s.bucket,
    samples: 1,
    cpuSamples: s.cpuPercent === null ? 0 : 1,
    cpuAvg: s.cpuPercent,
    cpuMax: s.cpuPercent,
    loadAvg: s.load1,
    loadMax: s.load1,
    cpuCount: s.cpuCount,
    memoryAvg: s.memoryUsedBytes,
    memoryMax: s.memoryUsedBytes,
    memoryTotal: s.memoryTotalBytes,
    diskAvg: s.diskUsedBytes,
    diskMax: s.diskUsedBytes,
    diskTotal: s.diskTotalBytes,
    netSamples: hasNet ? 1 : 0,
    rxAvg: hasNet ? s.netRxBytesPerSecond : null,
    rxMax: hasNet ? s.netRxBytesPerSecond : null,
    txAvg: hasNet ? s.netTxBytesPerSecond : null,
    txMax: hasNet ? s.netTxBytesPerSecond : null,
  };
}

/** Weighted mean of `avg` values by their counts; `null` when no part has any. */
function mean(parts: readonly Rollup[], avg: (r: Rollup) => number | null, count: (r: Rollup) => number): number | null {
  let sum = 0;
  let n = 0;
  for (const r of parts) {
    const a = avg(r);
    const c = count(r);
    if (a === null || c === 0) continue;
    sum += a * c;
    n += c;
  }
  return n === 0 ? null : sum / n;
}

function maxOf(parts: readonly Rollup[], value: (r: Rollup) => number | null): number | null {
  let best: number | null = null;
  for (const r of parts) {
    const v = value(r);
    if (v !== null && (best === null || v > best)) best = v;
  }
  return best;
}

/**
 * Combines rollups (or samples as rollups of one) into one for `bucket`. The capacities (memory and
 * disk total, CPU count) are the latest part's: a resized server shows its new size.
 */
export function combine(bucket: Date, parts: readonly Rollup[]): Rollup {
  if (parts.length === 0) throw new Error('combine() needs at least one part');
  const latest = parts.reduce((a, b) => (b.bucket.getTime() >= a.bucket.getTime() ? b : a));
  const all = (r: Rollup) => r.samples;
  return {
    bucket,
    samples: parts.reduce((n, r) => n + r.samples, 0),
    cpuSamples: parts.reduce((n, r) => n + r.cpuSamples, 0),
    cpuAvg: mean(
      parts,
      (r) => r.cpuAvg,
      (r) => r.cpuSamples,
    ),
    cpuMax: maxOf(parts, (r) => r.cpuMax),
    loadAvg: mean(parts, (r) => r.loadAvg, all)!,
    loadMax: maxOf(parts, (r) => r.loadMax)!,
    cpuCount: latest.cpuCount,
    memoryAvg: mean(parts, (r) => r.memoryAvg, all)!,
    memoryMax: maxOf(parts, (r) => r.memoryMax)!,
    memoryTotal: latest.memoryTotal,
    diskAvg: mean(parts, (r) => r.diskAvg, all)!,
    diskMax: maxOf(parts, (r) => r.diskMax)!,
    diskTotal: latest.diskTotal,
    netSamples: parts.reduce((n, r) => n + r.netSamples, 0),
    rxAvg: mean(
      parts,
      (r) => r.rxAvg,
      (r) => r.netSamples,
    ),
    rxMax: maxOf(parts, (r) => r.rxMax),
    txAvg: mean(
      parts,
      (r) => r.txAvg,
      (r) => r.netSamples,
    ),
    txMax: maxOf(parts, (r) => r.txMax),
  };
}

/** Groups rollups (or samples) into buckets of `resolutionSeconds`, oldest first. */
export function rollup(parts: readonly Rollup[], resolutionSeconds: number): Rollup[] {
  const groups = new Map<number, Rollup[]>();
  for (const r of parts) {
    const key = bucketOf(r.bucket, resolutionSeconds).getTime();
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([key, group]) => combine(new Date(key), group));
}

/** The buckets a range shows: the current bucket of its resolution and the ones before it. */
export function rangeWindow(range: RangeId, now: Date): { start: Date; end: Date; resolutionSeconds: number; buckets: number } {
  const { resolutionSeconds, buckets } = ranges[range];
  const end = bucketOf(now, resolutionSeconds);
  return { start: new Date(end.getTime() - (buckets - 1) * resolutionSeconds * 1000), end, resolutionSeconds, buckets };
}

/** What pruning removes: everything with a bucket before these instants. */
export function pruneBefore(now: Date): { raw: Date; minute: Date; tenMinutes: Date } {
  const t = now.getTime();
  return {
    raw: new Date(t - retentionSeconds.raw * 1000),
    minute: new Date(t - retentionSeconds.minute * 1000),
    tenMinutes: new Date(t - retentionSeconds.tenMinutes * 1000),
  };
}

/** A dense series of one range: one slot per bucket from `start`, `null` where nothing was measured. */
export interface DenseSeries {
  start: Date;
  resolutionSeconds: number;
  cpuAvg: (number | null)[];
  cpuMax: (number | null)[];
  loadAvg: (number | null)[];
  loadMax: (number | null)[];
  memoryAvg: (number | null)[];
  memoryMax: (number | null)[];
  diskAvg: (number | null)[];
  diskMax: (number | null)[];
  rxAvg: (number | null)[];
  rxMax: (number | null)[];
  txAvg: (number | null)[];
  txMax: (number | null)[];
  /** The capacities of the newest bucket with data (`null` when the range is empty). */
  cpuCount: number | null;
  memoryTotalBytes: number | null;
  diskTotalBytes: number | null;
  /** How many buckets have data. */
  filled: number;
}

const round = (v: number | null, digits: number) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** Places rollups into the slots of a window; rollups outside it are ignored. */
export function densify(window: { start: Date; resolutionSeconds: number; buckets: number }, rows: readonly Rollup[]): DenseSeries {
  const n = window.buckets;
  const slots = () => Array.from<number | null>({ length: n }).fill(null);
  const out: DenseSeries = {
    start: window.start,
    resolutionSeconds: window.resolutionSeconds,
    cpuAvg: slots(),
    cpuMax: slots(),
    loadAvg: slots(),
    loadMax: slots(),
    memoryAvg: slots(),
    memoryMax: slots(),
    diskAvg: slots(),
    diskMax: slots(),
    rxAvg: slots(),
    rxMax: slots(),
    txAvg: slots(),
    txMax: slots(),
    cpuCount: null,
    memoryTotalBytes: null,
    diskTotalBytes: null,
    filled: 0,
  };
  const size = window.resolutionSeconds * 1000;
  let newest = -1;
  for (const r of rows) {
    const offset = r.bucket.getTime() - window.start.getTime();
    if (offset < 0 || offset % size !== 0) continue;
    const i = offset / size;
    if (i >= n) continue;
    if (out.loadAvg[i] === null) out.filled += 1;
    out.cpuAvg[i] = round(r.cpuAvg, 2);
    out.cpuMax[i] = round(r.cpuMax, 2);
    out.loadAvg[i] = round(r.loadAvg, 3);
    out.loadMax[i] = round(r.loadMax, 3);
    out.memoryAvg[i] = Math.round(r.memoryAvg);
    out.memoryMax[i] = Math.round(r.memoryMax);
    out.diskAvg[i] = Math.round(r.diskAvg);
    out.diskMax[i] = Math.round(r.diskMax);
    out.rxAvg[i] = round(r.rxAvg, 0);
    out.rxMax[i] = round(r.rxMax, 0);
    out.txAvg[i] = round(r.txAvg, 0);
    out.txMax[i] = round(r.txMax, 0);
    if (i > newest) {
      newest = i;
      out.cpuCount = r.cpuCount;
      out.memoryTotalBytes = r.memoryTotal;
      out.diskTotalBytes = r.diskTotal;
    }
  }
  return out;
}
