/** Pure helpers over a range's dense series of the stats family: slot times, live samples merged in, summaries, table rows. */

/** One figure of a dense series: average and maximum per slot, `null` where nothing was measured. */
export interface AvgMax {
  avg: (number | null)[];
  max: (number | null)[];
}

/** What every series of the stats family has, next to its figures. */
export interface SeriesFrame {
  start: string;
  /** Start of the last (current) slot. */
  end: string;
  resolutionSeconds: number;
  /** How many slots have data. */
  filled: number;
}

/** The start time of each of `count` slots. */
export function slotTimes(s: Pick<SeriesFrame, 'start' | 'resolutionSeconds'>, count: number): Date[] {
  const start = Date.parse(s.start);
  const step = s.resolutionSeconds * 1000;
  return Array.from({ length: count }, (_, i) => new Date(start + i * step));
}

/** How live samples land in a series: the figures they fill and what else the newest one updates (capacities). */
export interface LiveSpec<S, L, K extends string> {
  keys: readonly K[];
  /** The figure whose values say a slot has data. */
  presence: K;
  /** What a live sample contributes to each figure (a raw sample: average = maximum). */
  values(sample: L): Record<K, number | null>;
  /** What the newest sample changes besides the figures (e.g. the memory size). */
  newest?(sample: L): Partial<S>;
}

const shifted = (values: (number | null)[], by: number) =>
  by >= values.length ? values.map(() => null) : [...values.slice(by), ...Array.from<null>({ length: by }).fill(null)];

/**
 * Live samples placed into a 10-second series (the 1 h range): when the newest sample lies beyond
 * the window's end, the window moves on (old slots fall out at the start). Other resolutions and
 * samples outside the window are left alone. Returns a new series.
 */
export function mergeLive<S extends SeriesFrame & Record<K, AvgMax>, L extends { at: string }, K extends string>(
  series: S,
  samples: readonly L[],
  spec: LiveSpec<S, L, K>,
): S {
  if (series.resolutionSeconds !== 10 || samples.length === 0) return series;
  const step = series.resolutionSeconds * 1000;
  const newest = samples.reduce((a, b) => (Date.parse(b.at) > Date.parse(a.at) ? b : a));
  const by = Math.max(0, Math.round((Date.parse(newest.at) - Date.parse(series.end)) / step));
  const start = Date.parse(series.start) + by * step;
  const out: S = { ...series, start: new Date(start).toISOString(), end: new Date(Date.parse(series.end) + by * step).toISOString() };
  const figures = out as Record<K, AvgMax>;
  for (const key of spec.keys) figures[key] = { avg: shifted(series[key].avg, by), max: shifted(series[key].max, by) };
  const n = series[spec.presence].avg.length;
  for (const sample of samples) {
    const offset = Date.parse(sample.at) - start;
    const i = offset / step;
    if (offset < 0 || !Number.isInteger(i) || i >= n) continue;
    const values = spec.values(sample);
    for (const key of spec.keys) {
      figures[key].avg[i] = values[key];
      figures[key].max[i] = values[key];
    }
  }
  out.filled = figures[spec.presence].avg.filter((v) => v !== null).length;
  if (spec.newest && Date.parse(newest.at) >= Date.parse(out.start)) Object.assign(out, spec.newest(newest));
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

export function summarize(values: AvgMax): Summary {
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

export interface TableRow<K extends string> {
  at: Date;
  values: Record<K, { avg: number | null; max: number | null }>;
}

/** The slots that have data (by the `presence` figure), newest first (the table alternative to the charts). */
export function tableRows<K extends string>(series: SeriesFrame & Record<K, AvgMax>, keys: readonly K[], presence: K): TableRow<K>[] {
  const times = slotTimes(series, series[presence].avg.length);
  const rows: TableRow<K>[] = [];
  for (let i = times.length - 1; i >= 0; i--) {
    if (series[presence].avg[i] === null) continue;
    const values = {} as TableRow<K>['values'];
    for (const key of keys) values[key] = { avg: series[key].avg[i], max: series[key].max[i] };
    rows.push({ at: times[i], values });
  }
  return rows;
}
