/**
 * Server part of the `redis` module, a member of two families: the config service (its settings — the
 * contract's `x-config` — rendered into `/etc/redis/redis.conf`, checked by `redis-server` and applied as
 * `program.ts` says; stored, rolled back and checked for drift by the family) and the stats service (the live
 * figures of `INFO`, `sampler.ts`, with their history in `redis_stats`); besides, what the running instance
 * reports and flushing it (`instance.ts`).
 */
import { defineConfigService, defineStatsService, withFamilies } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { instanceHandlers } from './instance.ts';
import { Migration20261128080947Redis } from './migrations/Migration20261128080947Redis.ts';
import programs, { redisAddress, reload, render, type Prepared } from './program.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

export default withFamilies(
  defineConfigService<Operations, Settings, Prepared>(
    {
      config,
      migrations: [Migration20261128080947Redis],
      // The port the instance listens on (the private instance's loopback port on the `local` gateway).
      prepare: async ({ gateway }) => ({ port: (await redisAddress(gateway)).port }),
      render,
      programs,
      steps: { service: 'redis', reload },
    },
    instanceHandlers,
  ),
  defineStatsService<Operations, Gauge, Counter, Figure>({
    id: 'redis',
    figures,
    source,
    migrations: [],
    operations: { watch: 'watchRedis', history: 'getRedisStats' },
  }),
);
