/**
 * The resolutions and ranges of the stats family (server and web): 10-second samples for the last
 * hour, one-minute buckets for 24 hours, ten-minute buckets for 7 days. Pure, no Node.
 */

/** Seconds per bucket of each stored resolution. */
export const RAW_SECONDS = 10;
export const MINUTE_SECONDS = 60;
export const TEN_MINUTES_SECONDS = 600;

/** The history ranges a stats panel offers, with the resolution and number of buckets each reads. */
export const statsRanges = {
  '1h': { resolutionSeconds: RAW_SECONDS, buckets: 360 },
  '24h': { resolutionSeconds: MINUTE_SECONDS, buckets: 1440 },
  '7d': { resolutionSeconds: TEN_MINUTES_SECONDS, buckets: 1008 },
} as const;
export type StatsRange = keyof typeof statsRanges;
export const statsRangeIds: readonly StatsRange[] = ['1h', '24h', '7d'];

/** How long each resolution is kept (a little more than the range it serves, so a range never starts in a pruned hole). */
export const retentionSeconds = {
  raw: 3600 + 5 * 60,
  minute: 24 * 3600 + 30 * 60,
  tenMinutes: 7 * 24 * 3600 + 3 * 3600,
} as const;
