/**
 * Monitoring on the stats family: its figures, its history table (`monitoring_stats`, the family's
 * entity with the plugin's prefix) and the contract's series.
 */
import { defineStatsEntity, StatsStore, type DenseSeries, type StatsRange } from '@portal/plugin-sdk/server';
import type { Schemas } from '@portal/openapi';

/** What is stored per sample. Bytes are bytes; `rx`/`tx` are bytes per second, `cpu` busy percent. */
export const figures = {
  cpu: { digits: 2 },
  load1: { digits: 3 },
  load5: { digits: 3 },
  load15: { digits: 3 },
  cpuCount: {},
  memoryUsed: {},
  memoryTotal: {},
  diskUsed: {},
  diskTotal: {},
  rx: {},
  tx: {},
};
export type Figure = keyof typeof figures;

export const MonitoringStats = defineStatsEntity('monitoring');
export const monitoringStats = new StatsStore<Figure>(MonitoringStats, figures);

/** A stored range as the contract's series. */
export function presentSeries(range: StatsRange, s: DenseSeries<Figure>): Schemas['MonitoringSeries'] {
  const pair = (f: Figure) => ({ avg: s.avg[f], max: s.max[f] });
  return {
    range,
    resolutionSeconds: s.resolutionSeconds as 10 | 60 | 600,
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    cpuCount: s.last.cpuCount,
    memoryTotalBytes: s.last.memoryTotal,
    diskTotalBytes: s.last.diskTotal,
    filled: s.filled,
    cpu: pair('cpu'),
    load: pair('load1'),
    memory: pair('memoryUsed'),
    disk: pair('diskUsed'),
    networkRx: pair('rx'),
    networkTx: pair('tx'),
  };
}
