/**
 * Server part of the `rabbitmq` stats service: what it measures is `sampler.ts`; the family
 * (`defineStatsService`) keeps the history (`rabbitmq_stats`), samples while someone watches and answers
 * both operations. Read-only: it never changes the server.
 */
import { defineStatsService } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { Migration20261128150951Rabbitmq } from './migrations/Migration20261128150951Rabbitmq.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

export default defineStatsService<Operations, Gauge, Counter, Figure>({
  id: 'rabbitmq',
  figures,
  source,
  migrations: [Migration20261128150951Rabbitmq],
  operations: { watch: 'watchRabbitmq', history: 'getRabbitmqStats' },
});
