/**
 * The payloads of a stats service (`defineStatsService`): what its watch and history operations answer
 * and its live event carries. Types only, shared by the server and the web kit (`StatsPanel`).
 */
import type { StatsRange } from './ranges.ts';

/** A live sample (the watch answer and the `<id>.sample` event): its bucket's start and every figure. */
export interface StatsSampleView<F extends string> {
  at: string;
  figures: Record<F, number | null>;
}

/** A range of the history: one slot per bucket from `start` to `end`, `null` where nothing was measured. */
export interface StatsSeriesView<F extends string> {
  range: StatsRange;
  resolutionSeconds: number;
  start: string;
  end: string;
  /** How many slots have data. */
  filled: number;
  figures: Record<F, { avg: (number | null)[]; max: (number | null)[] }>;
}

/** The watch operation's answer. */
export interface StatsWatchView<F extends string> {
  intervalSeconds: number;
  leaseSeconds: number;
  sample: StatsSampleView<F>;
}
