/**
 * Server part of the `__id__` stats service: what it measures is `sampler.ts`; the family
 * (`defineStatsService`) keeps the history (`__snake___stats`), samples while someone watches and answers
 * both operations. Read-only: it never changes the server.
 */
import { defineStatsService } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { Migration__timestamp____Pascal__ } from './migrations/Migration__timestamp____Pascal__.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

export default defineStatsService<Operations, Gauge, Counter, Figure>({
  id: '__id__',
  figures,
  source,
  migrations: [Migration__timestamp____Pascal__],
  operations: { watch: 'watch__Pascal__', history: 'get__Pascal__Stats' },
});
