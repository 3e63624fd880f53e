/** The stats family's web kit: live lease, live samples, live figures, charts, history section, table, series helpers and formats. */
export { useLiveLease, type LiveLeaseOptions } from './useLiveLease.ts';
export { useLiveSamples, type LiveSamples, type WatchAnswer } from './useLiveSamples.ts';
export { LiveFigures, SrOnly, type LiveFigure } from './LiveFigures.tsx';
export { MetricChart, type ChartLine, type MetricChartProps } from './MetricChart.tsx';
export { StatsHistory, statsRefreshMs, useRefetchWhenVisible, useStatsView } from './StatsHistory.tsx';
export { StatsTable, type StatsColumn } from './StatsTable.tsx';
export {
  mergeLive,
  slotTimes,
  summarize,
  tableRows,
  type AvgMax,
  type LiveSpec,
  type SeriesFrame,
  type Summary,
  type TableRow,
} from './series.ts';
export { formatBitRate, formatBytes, formatClock, formatCount, formatDecimal, formatGiB, formatPercent, formatUptime, timeFormat } from './format.ts';
export { statsRangeIds, statsRanges, type StatsRange } from '../../stats/ranges.ts';
export { StatsPanel, type StatsFormat, type StatsHistoryQuery, type StatsPanelFigure } from './StatsPanel.tsx';
export type { StatsSampleView, StatsSeriesView, StatsWatchView } from '../../stats/views.ts';
