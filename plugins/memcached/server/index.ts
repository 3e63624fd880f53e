/**
 * Server part of the `memcached` module, a member of two families: the config service (its settings — the
 * contract's `x-config` — rendered as the options of `/etc/memcached.conf`, checked by starting `memcached` with
 * them and applied by a restart, as `program.ts` says; stored, rolled back and checked for drift by the family)
 * and the stats service (the live figures of `stats`, `sampler.ts`, with their history in `memcached_stats`);
 * besides, what the running instance reports and flushing it (`instance.ts`).
 */
import { defineConfigService, defineStatsService, withFamilies } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { instanceHandlers } from './instance.ts';
import { Migration20261128114829Memcached } from './migrations/Migration20261128114829Memcached.ts';
import programs, { memcachedAddress, reload, render, type Prepared } from './program.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

export default withFamilies(
  defineConfigService<Operations, Settings, Prepared>(
    {
      config,
      migrations: [Migration20261128114829Memcached],
      // The port the instance listens on (the private instance's loopback port on the `local` gateway).
      prepare: async ({ gateway }) => ({ port: (await memcachedAddress(gateway)).port }),
      render,
      programs,
      steps: { service: 'memcached', reload },
    },
    instanceHandlers,
  ),
  defineStatsService<Operations, Gauge, Counter, Figure>({
    id: 'memcached',
    figures,
    source,
    migrations: [],
    operations: { watch: 'watchMemcached', history: 'getMemcachedStats' },
  }),
);
