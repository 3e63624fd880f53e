/** Monitoring's figures in the stats family's series helpers (`@portal/plugin-sdk/web`). */
import {
  mergeLive as mergeLiveSamples,
  slotTimes as statsSlotTimes,
  tableRows as statsTableRows,
  type LiveSpec,
} from '@portal/plugin-sdk/web';
import type { LiveSample, Series } from './model.ts';

export { summarize } from '@portal/plugin-sdk/web';

export const metricKeys = ['cpu', 'load', 'memory', 'disk', 'networkRx', 'networkTx'] as const;
export type MetricKey = (typeof metricKeys)[number];

/** How a live sample lands in the 1 h series: its figures, and the capacities of the newest one. */
const live: LiveSpec<Series, LiveSample, MetricKey> = {
  keys: metricKeys,
  presence: 'load',
  values: (sample) => ({
    cpu: sample.cpuPercent,
    load: sample.load[0],
    memory: sample.memory.usedBytes,
    disk: sample.disk.usedBytes,
    networkRx: sample.network?.rxBytesPerSecond ?? null,
    networkTx: sample.network?.txBytesPerSecond ?? null,
  }),
  newest: (sample) => ({ cpuCount: sample.cpuCount, memoryTotalBytes: sample.memory.totalBytes, diskTotalBytes: sample.disk.totalBytes }),
};

export const slotTimes = (series: Series): Date[] => statsSlotTimes(series, series.load.avg.length);
export const mergeLive = (series: Series, samples: readonly LiveSample[]): Series => mergeLiveSamples(series, samples, live);
export const tableRows = (series: Series) => statsTableRows(series, metricKeys, 'load');
