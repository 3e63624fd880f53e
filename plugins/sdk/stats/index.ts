/**
 * The stats service family (server side): the live-feed lease lifecycle, sample → rates → rollups,
 * the history table a plugin instantiates with its prefix. Exported from `@portal/plugin-sdk/server`.
 */
export { LiveFeeds, stopAllLiveFeeds, type Lease, type LiveFeedOptions } from './lease.ts';
export { counterRates, share, roundTo, type CounterReading } from './rates.ts';
export {
  MINUTE_SECONDS,
  RAW_SECONDS,
  TEN_MINUTES_SECONDS,
  retentionSeconds,
  statsRangeIds,
  statsRanges,
  type StatsRange,
} from './ranges.ts';
export {
  bucketOf,
  combine,
  densify,
  pruneBefore,
  rangeWindow,
  rollup,
  rollupOfSample,
  type DenseSeries,
  type FigureSpecs,
  type FigureStat,
  type Figures,
  type Rollup,
} from './rollup.ts';
export {
  defineStatsEntity,
  maxSubjectLength,
  statsSubjectsSql,
  statsTableSql,
  StatsStore,
  type StatsEntity,
  type StatsHistory,
  type StatsKey,
  type StatsTableOptions,
} from './store.ts';
export { StatsSampler, type StatsReadContext, type StatsReading, type StatsSamplerOptions, type StatsSource } from './sampler.ts';
export {
  defineStatsService,
  type StatsSampleView,
  type StatsSeriesView,
  type StatsServiceDefinition,
  type StatsSubjects,
  type StatsWatchView,
} from './service.ts';
