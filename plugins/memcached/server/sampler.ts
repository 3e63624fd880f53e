/**
 * The live figures of the server's memcached, as a source of the stats family: one `stats` per sample
 * (`client.ts`). Memory, items and connections are gauges; get hits, get misses and evictions are counters, which
 * the family turns into per-second rates — so the hit rate is the share of reads that found their item since
 * the previous sample, not since the instance started.
 */
import { roundTo, share, type StatsSource } from '@portal/plugin-sdk/server';
import { statNumber, statsOf } from './client.ts';

/** What is stored per sample, with its decimal places (the names are the contract's `MemcachedFigures`). */
export const figures = { memoryBytes: {}, items: {}, connections: {}, hitRatePercent: { digits: 1 }, evictionsPerSecond: { digits: 1 } };
export type Figure = keyof typeof figures;
export type Gauge = 'memoryBytes' | 'items' | 'connections';
export type Counter = 'hits' | 'misses' | 'evictions';

const fields = {
  gauges: { memoryBytes: 'bytes', items: 'curr_items', connections: 'curr_connections' },
  counters: { hits: 'get_hits', misses: 'get_misses', evictions: 'evictions' },
} as const;

/** `stats` fields → gauges and counters (a field memcached did not report is left out). */
export function readingOf(stats: Record<string, string>) {
  const pick = <K extends string>(map: Record<K, string>) =>
    Object.fromEntries(Object.entries<string>(map).flatMap(([k, field]) => (statNumber(stats, field) === undefined ? [] : [[k, statNumber(stats, field)!]]))) as Partial<
      Record<K, number>
    >;
  return { gauges: pick<Gauge>(fields.gauges), counters: pick<Counter>(fields.counters) };
}

export const source: Omit<StatsSource<Gauge, Counter, Figure, unknown>, 'present'> = {
  counters: ['hits', 'misses', 'evictions'],
  async read(gateway) {
    const stats = await statsOf(gateway);
    return stats ? readingOf(stats) : { gauges: {} };
  },
  figures: (g, rates) => {
    const reads = rates.hits === null || rates.misses === null ? null : rates.hits + rates.misses;
    return {
      memoryBytes: g.memoryBytes ?? null,
      items: g.items ?? null,
      connections: g.connections ?? null,
      hitRatePercent: roundTo(share(rates.hits, reads), 1), // no reads since the previous sample: none
      evictionsPerSecond: roundTo(rates.evictions, 1),
    };
  },
};
