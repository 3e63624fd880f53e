/** Pure helpers over a range's dense series: slot times, live samples merged in, summaries, table rows. */
import type { LiveSample, Series } from './model.ts';

export const metricKeys = ['cpu', 'load', 'memory', 'disk', 'networkRx', 'networkTx'] as const;
export type MetricKey = (typeof metricKeys)[number];

/** The start time of every slot. */
export function slotTimes(s: Pick<Series, 'start' | 'resolutionSeconds' | 'load'>): Date[] {
  const start = Date.parse(s.start);
  const step = s.resolutionSeconds * 1000;
  return s.load.avg.map((_, i) => new Date(start + i * step));
}

/** What a live sample contributes to each metric (a raw sample: average = maximum). */
export function sampleValues(sample: LiveSample): Record<MetricKey, number | null> {
  return {
    cpu: sample.cpuPercent,
    load: sample.load[0],
    memory: sample.memory.usedBytes,
    disk: sample.disk.usedBytes,
    networkRx: sample.network?.rxBytesPerSecond ?? null,
    networkTx: sample.network?.txBytesPerSecond ?? null,
  };
}

const shifted = (values: (number | null)[], by: number) =>
  by >= values.length ? values.map(() => null) : [...values.slice(by), ...Array.from<null>({ length: by }).fill(null)];

/**
 * Live samples placed into a 10-second series (the 1 h range): when the newest sample lies beyond
 * the window's end, the window moves on (old slots fall out at the start). Other resolutions and
 * samples outside the window are left alone. Returns a new series.
 */
export function mergeLive(series: Series, samples: readonly LiveSample[]): Series {
  if (series.resolutionSeconds !== 10 || samples.length === 0) return series;
  const step = series.resolutionSeconds * 1000;
  const newest = samples.reduce((a, b) => (Date.parse(b.at) > Date.parse(a.at) ? b : a));
  const by = Math.max(0, Math.round((Date.parse(newest.at) - Date.parse(series.end)) / step));
  const start = Date.parse(series.start) + by * step;
  const out: Series = {
    ...series,
    start: new Date(start).toISOString(),
    end: new Date(Date.parse(series.end) + by * step).toISOString(),
  };
  for (const key of metricKeys) out[key] = { avg: shifted(series[key].avg, by), max: shifted(series[key].max, by) };
  const n = series.load.avg.length;
  for (const sample of samples) {
    const offset = Date.parse(sample.at) - start;
    const i = offset / step;
    if (offset < 0 || !Number.isInteger(i) || i >= n) continue;
    const values = sampleValues(sample);
    for (const key of metricKeys) {
      out[key].avg[i] = values[key];
      out[key].max[i] = values[key];
    }
  }
  out.filled = out.load.avg.filter((v) => v !== null).length;
  if (Date.parse(newest.at) >= Date.parse(out.start)) {
    out.cpuCount = newest.cpuCount;
    out.memoryTotalBytes = newest.memory.totalBytes;
    out.diskTotalBytes = newest.disk.totalBytes;
  }
  return out;
}

export interface Summary {
  /** The newest slot with a value. */
  latest: number | null;
  /** The mean of the slots' averages. */
  average: number | null;
  /** The highest maximum. */
  peak: number | null;
  /** How many slots have a value. */
  count: number;
}

export function summarize(values: { avg: (number | null)[]; max: (number | null)[] }): Summary {
  let sum = 0;
  let count = 0;
  let peak: number | null = null;
  let latest: number | null = null;
  values.avg.forEach((v, i) => {
    if (v === null) return;
    sum += v;
    count += 1;
    latest = v;
    const m = values.max[i] ?? v;
    if (peak === null || m > peak) peak = m;
  });
  return { latest, average: count ? sum / count : null, peak, count };
}

export interface TableRow {
  at: Date;
  values: Record<MetricKey, { avg: number | null; max: number | null }>;
}

/** The slots that have data, newest first (the table alternative to the charts). */
export function tableRows(series: Series): TableRow[] {
  const times = slotTimes(series);
  const rows: TableRow[] = [];
  for (let i = times.length - 1; i >= 0; i--) {
    if (series.load.avg[i] === null) continue;
    const values = {} as TableRow['values'];
    for (const key of metricKeys) values[key] = { avg: series[key].avg[i], max: series[key].max[i] };
    rows.push({ at: times[i], values });
  }
  return rows;
}
