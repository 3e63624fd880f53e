/**
 * Downsampling, pure: raw samples (one per 10-second bucket) are rolled up into 1-minute buckets, and
 * those into 10-minute buckets. Each figure of a bucket keeps its average, its maximum, how many
 * samples had it and its newest value, so averages of averages stay exact (weighted by count), maxima
 * stay the maxima of the raw samples, and capacities (memory size, CPU count) read as the newest.
 */
import { retentionSeconds, statsRanges, type StatsRange } from './ranges.ts';

/** The figures of one sample by name; `null` (or absent) where the service gave none. */
export type Figures<F extends string = string> = Partial<Record<F, number | null>>;

/** One figure of a bucket. */
export interface FigureStat {
  avg: number;
  max: number;
  /** How many samples had the figure. */
  n: number;
  /** The value of the newest of them. */
  last: number;
}

/** Several samples of one bucket, downsampled; a figure no sample had is absent. */
export interface Rollup<F extends string = string> {
  bucket: Date;
  /** How many raw samples it stands for. */
  samples: number;
  stats: Partial<Record<F, FigureStat>>;
}

/** The start of the bucket of `resolutionSeconds` that `at` falls in (buckets are aligned to the Unix epoch, so to UTC). */
export function bucketOf(at: Date | number, resolutionSeconds: number): Date {
  const ms = typeof at === 'number' ? at : at.getTime();
  const size = resolutionSeconds * 1000;
  return new Date(Math.floor(ms / size) * size);
}

/** A raw sample seen as a rollup of one. */
export function rollupOfSample<F extends string>(bucket: Date, figures: Figures<F>): Rollup<F> {
  const stats: Partial<Record<F, FigureStat>> = {};
  for (const [name, v] of Object.entries(figures) as [F, number | null | undefined][])
    if (typeof v === 'number' && Number.isFinite(v)) stats[name] = { avg: v, max: v, n: 1, last: v };
  return { bucket, samples: 1, stats };
}

/** Combines rollups (or samples as rollups of one) into one for `bucket`. */
export function combine<F extends string>(bucket: Date, parts: readonly Rollup<F>[]): Rollup<F> {
  if (parts.length === 0) throw new Error('combine() needs at least one part');
  const ordered = [...parts].sort((a, b) => a.bucket.getTime() - b.bucket.getTime());
  const stats: Partial<Record<F, FigureStat>> = {};
  for (const part of ordered)
    for (const [name, s] of Object.entries(part.stats) as [F, FigureStat][]) {
      const before = stats[name];
      stats[name] = before
        ? {
            avg: (before.avg * before.n + s.avg * s.n) / (before.n + s.n),
            max: Math.max(before.max, s.max),
            n: before.n + s.n,
            last: s.last,
          }
        : { ...s };
    }
  return { bucket, samples: parts.reduce((n, r) => n + r.samples, 0), stats };
}

/** Groups rollups (or samples) into buckets of `resolutionSeconds`, oldest first. */
export function rollup<F extends string>(parts: readonly Rollup<F>[], resolutionSeconds: number): Rollup<F>[] {
  const groups = new Map<number, Rollup<F>[]>();
  for (const r of parts) {
    const key = bucketOf(r.bucket, resolutionSeconds).getTime();
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([key, group]) => combine(new Date(key), group));
}

/** The buckets a range shows: the current bucket of its resolution and the ones before it. */
export function rangeWindow(range: StatsRange, now: Date): { start: Date; end: Date; resolutionSeconds: number; buckets: number } {
  const { resolutionSeconds, buckets } = statsRanges[range];
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

/** How a figure is presented in a series: decimal places (default 0). */
export type FigureSpecs<F extends string> = Record<F, { digits?: number }>;

/** A dense series of one range: one slot per bucket from `start`, `null` where nothing was measured. */
export interface DenseSeries<F extends string = string> {
  start: Date;
  /** Start of the last (current) bucket. */
  end: Date;
  resolutionSeconds: number;
  avg: Record<F, (number | null)[]>;
  max: Record<F, (number | null)[]>;
  /** Each figure's newest value in the newest bucket with data (capacities: memory size, CPU count); `null` when the range is empty. */
  last: Record<F, number | null>;
  /** How many buckets have data. */
  filled: number;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Places rollups into the slots of a window; rollups outside it are ignored. */
export function densify<F extends string>(
  window: { start: Date; resolutionSeconds: number; buckets: number },
  rows: readonly Rollup<F>[],
  figures: FigureSpecs<F>,
): DenseSeries<F> {
  const n = window.buckets;
  const names = Object.keys(figures) as F[];
  const slots = () =>
    Object.fromEntries(names.map((f) => [f, Array.from<number | null>({ length: n }).fill(null)])) as Record<F, (number | null)[]>;
  const out: DenseSeries<F> = {
    start: window.start,
    end: new Date(window.start.getTime() + (n - 1) * window.resolutionSeconds * 1000),
    resolutionSeconds: window.resolutionSeconds,
    avg: slots(),
    max: slots(),
    last: Object.fromEntries(names.map((f) => [f, null])) as Record<F, number | null>,
    filled: 0,
  };
  const size = window.resolutionSeconds * 1000;
  const seen = new Set<number>();
  let newest = -1;
  for (const r of rows) {
    const offset = r.bucket.getTime() - window.start.getTime();
    if (offset < 0 || offset % size !== 0) continue;
    const i = offset / size;
    if (i >= n) continue;
    if (!seen.has(i)) {
      seen.add(i);
      out.filled += 1;
    }
    for (const f of names) {
      const s = r.stats[f];
      const digits = figures[f].digits ?? 0;
      out.avg[f][i] = s ? round(s.avg, digits) : null;
      out.max[f][i] = s ? round(s.max, digits) : null;
    }
    if (i > newest) {
      newest = i;
      for (const f of names) out.last[f] = r.stats[f]?.last ?? null;
    }
  }
  return out;
}
