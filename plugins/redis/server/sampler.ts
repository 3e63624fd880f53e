/**
 * The live figures of a redis instance of the server (the family's subject: `''` is `default`, else the named
 * instance, reached at its configured port), as a source of the stats family: one `INFO` per sample through
 * node-redis (`client.ts`). Memory, clients and keys are gauges; commands, keyspace hits and misses and
 * evictions are counters, which the family turns into per-second rates — so the hit rate is the share of
 * reads that found their key since the previous sample, not since the instance started.
 */
import { roundTo, share, type StatsSource } from '@portal/plugin-sdk/server';
import { infoNumber, keyspace, parseInfo, withRedis } from './client.ts';
import { RedisInstance } from './entities.ts';

/** What is stored per sample, with its decimal places (the names are the contract's `RedisFigures`). */
export const figures = {
  memoryBytes: {},
  opsPerSecond: { digits: 1 },
  hitRatePercent: { digits: 1 },
  clients: {},
  keys: {},
  evictionsPerSecond: { digits: 1 },
};
export type Figure = keyof typeof figures;
export type Gauge = 'memoryBytes' | 'clients' | 'keys';
export type Counter = 'commands' | 'hits' | 'misses' | 'evicted';

/** `INFO` fields → gauges and counters (a field redis did not report is left out). */
export function readingOf(info: Record<string, string>) {
  const pick = <K extends string>(map: Record<K, string>) =>
    Object.fromEntries(Object.entries<string>(map).flatMap(([k, field]) => (infoNumber(info, field) === undefined ? [] : [[k, infoNumber(info, field)!]]))) as Partial<
      Record<K, number>
    >;
  return {
    gauges: {
      ...pick<'memoryBytes' | 'clients'>({ memoryBytes: 'used_memory', clients: 'connected_clients' }),
      keys: keyspace(info).reduce((sum, db) => sum + db.keys, 0),
    },
    counters: pick<Counter>({ commands: 'total_commands_processed', hits: 'keyspace_hits', misses: 'keyspace_misses', evicted: 'evicted_keys' }),
  };
}

export const source: Omit<StatsSource<Gauge, Counter, Figure, unknown>, 'present'> = {
  counters: ['commands', 'hits', 'misses', 'evicted'],
  async read(gateway, serverId, context) {
    const subject = context?.subject ?? '';
    // A named instance is read where it listens now (a changed port counts from its next sample); one deleted meanwhile has no figures.
    const port = subject && context ? (await context.em.findOne(RedisInstance, { serverId, name: subject }))?.port : undefined;
    if (subject && port === undefined) return { gauges: {} };
    const info = await withRedis(gateway, serverId, async (client) => parseInfo(await client.info()), port);
    return info ? readingOf(info) : { gauges: {} };
  },
  figures: (g, rates) => {
    const reads = rates.hits === null || rates.misses === null ? null : rates.hits + rates.misses;
    return {
      memoryBytes: g.memoryBytes ?? null,
      opsPerSecond: roundTo(rates.commands, 1),
      hitRatePercent: roundTo(share(rates.hits, reads), 1), // no reads since the previous sample: none
      clients: g.clients ?? null,
      keys: g.keys ?? null,
      evictionsPerSecond: roundTo(rates.evicted, 1),
    };
  },
};
