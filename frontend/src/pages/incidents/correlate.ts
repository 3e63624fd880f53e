import type { ResponseOf } from '@portal/openapi';

export type MonitoringSeries = ResponseOf<'getMonitoringMetrics'>;
export type ManagedChangeView = ResponseOf<'listManagedChanges'>['data'][number];

export type Metric = 'cpu' | 'load' | 'memory' | 'disk';

/** A run of buckets whose maximum crossed a metric's threshold. */
export interface ThresholdAlert {
  metric: Metric;
  from: Date;
  /** Start of the last bucket over the threshold. */
  to: Date;
  /** The highest value of the run, in the metric's unit (%, or the load). */
  peak: number;
  limit: number;
}

/**
 * The thresholds of the timeline: CPU 80 %, load at the number of CPUs, memory and disk 90 % of the
 * total. Memory and disk arrive in bytes and are compared as shares of the total.
 */
export function thresholdsOf(series: Pick<MonitoringSeries, 'cpuCount'>): Record<Metric, number> {
  return { cpu: 80, load: series.cpuCount ?? 4, memory: 90, disk: 90 };
}

const percentOf = (value: number | null, total: number | null) => (value === null || !total ? null : (value / total) * 100);

/** The bucket maxima of a metric in its unit (CPU %, load, memory %, disk %). */
function valuesOf(series: MonitoringSeries, metric: Metric): (number | null)[] {
  switch (metric) {
    case 'cpu':
      return series.cpu.max;
    case 'load':
      return series.load.max;
    case 'memory':
      return series.memory.max.map((v) => percentOf(v, series.memoryTotalBytes));
    case 'disk':
      return series.disk.max.map((v) => percentOf(v, series.diskTotalBytes));
  }
}

/** Threshold alerts of a series: each contiguous run of buckets at or above a threshold is one alert. */
export function detectThresholdAlerts(series: MonitoringSeries): ThresholdAlert[] {
  const limits = thresholdsOf(series);
  const start = new Date(series.start).getTime();
  const at = (i: number) => new Date(start + i * series.resolutionSeconds * 1000);
  const alerts: ThresholdAlert[] = [];
  for (const metric of ['cpu', 'load', 'memory', 'disk'] as const) {
    const limit = limits[metric];
    let run: ThresholdAlert | undefined;
    valuesOf(series, metric).forEach((v, i) => {
      if (v !== null && v >= limit) {
        if (run) {
          run.to = at(i);
          run.peak = Math.max(run.peak, v);
        } else run = { metric, from: at(i), to: at(i), peak: v, limit };
      } else if (run) {
        alerts.push(run);
        run = undefined;
      }
    });
    if (run) alerts.push(run);
  }
  return alerts;
}

/** How long before an alert a change may have caused it. */
export const CAUSE_WINDOW_MINUTES = 30;

/** The latest change made at most {@link CAUSE_WINDOW_MINUTES} before the alert began, and the minutes between. */
export function likelyCause(alert: ThresholdAlert, changes: readonly ManagedChangeView[]): { change: ManagedChangeView; minutesAfter: number } | undefined {
  const begin = alert.from.getTime();
  let best: ManagedChangeView | undefined;
  for (const c of changes) {
    const t = new Date(c.createdAt).getTime();
    if (t <= begin && begin - t <= CAUSE_WINDOW_MINUTES * 60_000 && (!best || t > new Date(best.createdAt).getTime())) best = c;
  }
  return best ? { change: best, minutesAfter: Math.round((begin - new Date(best.createdAt).getTime()) / 60_000) } : undefined;
}

export type TimelineEntry = { at: Date; kind: 'change'; change: ManagedChangeView } | { at: Date; kind: 'alert'; alert: ThresholdAlert; cause?: { change: ManagedChangeView; minutesAfter: number } };

/** Changes and threshold alerts of a window in one list, newest first; each alert names its likely cause. */
export function buildTimeline(changes: readonly ManagedChangeView[], series: MonitoringSeries | undefined, window: { from: Date; to: Date }): TimelineEntry[] {
  const inWindow = (d: Date) => d >= window.from && d <= window.to;
  const entries: TimelineEntry[] = changes.map((c) => ({ at: new Date(c.createdAt), kind: 'change' as const, change: c })).filter((e) => inWindow(e.at));
  if (series) for (const alert of detectThresholdAlerts(series)) if (inWindow(alert.from)) entries.push({ at: alert.from, kind: 'alert', alert, cause: likelyCause(alert, changes) });
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.kind === 'alert' ? -1 : 1));
}

/**
 * The change a rollback undoes for each section: the newest change of the plugin that reached the server
 * (a failed one did not: the server still runs the version before it), when it is an apply. The rollback
 * restores the version before it; older changes cannot be rolled back from here.
 */
export function rollbackTargets(changes: readonly ManagedChangeView[]): Set<number> {
  const newest = new Map<string, ManagedChangeView>();
  for (const c of changes) {
    if (c.status === 'pending' || c.status === 'failed') continue;
    const seen = newest.get(c.pluginId);
    if (!seen || new Date(c.createdAt) > new Date(seen.createdAt) || (c.createdAt === seen.createdAt && c.id > seen.id)) newest.set(c.pluginId, c);
  }
  return new Set([...newest.values()].filter((c) => c.status === 'applied' && c.kind === 'apply').map((c) => c.id));
}
