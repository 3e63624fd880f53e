/**
 * A stats service in one call (docs/plugins.md, "Stats services"): the plugin supplies what it reads
 * (`source`: gauges and counters through the gateway, the figures it keeps) and its two operations; the
 * family brings the rest — the history entity `<id>_stats` (`defineStatsEntity`), the store, the sampler on
 * a lease, the handlers of the watch operation (the newest sample, live samples published as
 * `<id>.sample`) and of the history operation (a range as a dense series), and the stop hook. The payloads
 * are the family's shapes (`StatsSampleView`, `StatsSeriesView`, `StatsWatchView`): the plugin's contract
 * writes them with its figures as the properties of `figures`. With `subjects` (e.g. redis's instances) both
 * operations take a query parameter naming the subject, each subject has its own feed and history, and the
 * samples carry it under the parameter's name.
 */
import type { OperationId } from '@portal/openapi';
import { unavailable } from '../errors.ts';
import type { ManagedServer, MigrationClass, PluginDatabase, PluginHandlers, ServerPlugin, StateContext } from '../server.ts';
import { RAW_SECONDS, type StatsRange } from './ranges.ts';
import { bucketOf, type FigureSpecs, type Figures } from './rollup.ts';
import { StatsSampler, type StatsSource } from './sampler.ts';
import { defineStatsEntity, StatsStore, type StatsHistory } from './store.ts';
import type { StatsSampleView, StatsSeriesView, StatsWatchView } from './views.ts';

export type { StatsSampleView, StatsSeriesView, StatsWatchView } from './views.ts';

export interface StatsServiceDefinition<Ops extends OperationId, G extends string, C extends string, F extends string> {
  /** The plugin's id: the table `<id>_stats`, the event `<id>.sample`. */
  id: string;
  /** The figures kept per sample, with their decimal places (`{ cpuPercent: { digits: 1 } }`). */
  figures: FigureSpecs<F>;
  /** What is read from the server and how it becomes the figures (the live payload is the family's). */
  source: Omit<StatsSource<G, C, F, unknown>, 'present'>;
  /** The first creates the table: `for (const sql of statsTableSql('<id>')) this.addSql(sql)`. */
  migrations: readonly MigrationClass[];
  /** The plugin's two operations: `watch` (POST, answers `StatsWatchView`) and `history` (GET with `range`, answers `StatsSeriesView`). */
  operations: { watch: Ops; history: Ops };
  /** Demo history of a demo server (first start, `npm run seed`); default: none. */
  fixtures?(c: StateContext): StatsHistory<F> | undefined;
  /** Between two samples of a watched server (default 10 s). */
  intervalMs?: number;
  /**
   * Several things to measure per server (e.g. redis's instances): the table keys its rows by subject (its first
   * migration uses `statsTableSql(id, { subjects: true })`, an existing table `statsSubjectsSql(id)`).
   */
  subjects?: StatsSubjects;
}

/** How the operations name a subject. */
export interface StatsSubjects {
  /** The query parameter of both operations (e.g. `instance`); the samples carry the subject under this name too. */
  param: string;
  /** The subject when the parameter is absent: the server's service itself (stored as `''`, so its history stays where it was). */
  main: string;
  /** Throws (e.g. `found(…)`'s 404) when the server has no such subject; not called for `main`. */
  check?(em: PluginDatabase, serverId: number, subject: string): Promise<void>;
}

/**
 * The server part of a stats service: `export default defineStatsService<Operations, Gauge, Counter, Figure>({ id, figures, source, migrations, operations })`.
 */
export function defineStatsService<Ops extends OperationId, G extends string, C extends string, F extends string>(
  definition: StatsServiceDefinition<Ops, G, C, F>,
): ServerPlugin<Ops> {
  const { id, operations } = definition;
  const entity = defineStatsEntity(id, { subjects: !!definition.subjects });
  const names = Object.keys(definition.figures) as F[];
  const store = new StatsStore<F>(entity, definition.figures);
  const all = (f: Figures<F>) => Object.fromEntries(names.map((n) => [n, f[n] ?? null])) as Record<F, number | null>;
  const samplers = new Set<StatsSampler<G, C, F, StatsSampleView<F>>>();
  const subjects = definition.subjects;
  const source: StatsSource<G, C, F, StatsSampleView<F>> = {
    ...definition.source,
    present: ({ at, figures, subject }) => ({
      at: bucketOf(at, RAW_SECONDS).toISOString(),
      figures: all(figures),
      ...(subjects ? { [subjects.param]: subject || subjects.main } : {}),
    }),
  };
  /** The subject a call names (`''`: the main one), checked. */
  const subjectOf = async (c: { em: PluginDatabase; server: ManagedServer; query?: Record<string, unknown> }) => {
    if (!subjects) return '';
    const named = c.query?.[subjects.param];
    if (typeof named !== 'string' || named === subjects.main) return '';
    await subjects.check?.(c.em, c.server.id, named);
    return named;
  };
  return {
    entities: [entity],
    migrations: definition.migrations,
    // It reads the server and writes nothing: its gateway is scoped to no paths (commands with plain arguments only).
    programs: [],
    handlers: (ports) => {
      const sampler = new StatsSampler<G, C, F, StatsSampleView<F>>({ ports, source, store, intervalMs: definition.intervalMs });
      samplers.add(sampler);
      const handlers = {
        [operations.watch]: async (c: { em: PluginDatabase; server: ManagedServer; query?: Record<string, unknown> }): Promise<StatsWatchView<F>> => {
          const subject = await subjectOf(c);
          try {
            const sample = await sampler.watch(c.server.id, subject);
            return { intervalSeconds: sampler.intervalMs / 1000, leaseSeconds: sampler.leaseMs / 1000, sample };
          } catch (e) {
            ports.logger.warn({ err: e, serverId: c.server.id, subject }, `${id}: measuring failed`);
            throw unavailable('sdk:stats.errors.measure_failed');
          }
        },
        [operations.history]: async (c: {
          em: PluginDatabase;
          server: ManagedServer;
          query: { range?: StatsRange } & Record<string, unknown>;
        }): Promise<StatsSeriesView<F>> => {
          const range = c.query.range ?? '1h';
          const s = await store.read(c.em, { serverId: c.server.id, subject: await subjectOf(c) }, range, ports.clock.now());
          return {
            range,
            resolutionSeconds: s.resolutionSeconds,
            start: s.start.toISOString(),
            end: s.end.toISOString(),
            filled: s.filled,
            figures: Object.fromEntries(names.map((n) => [n, { avg: s.avg[n], max: s.max[n] }])) as StatsSeriesView<F>['figures'],
          };
        },
      };
      // The two operations are the plugin's contract; their answers are the family's shapes (checked by the router's response validation in tests).
      return handlers as unknown as PluginHandlers<Ops>;
    },
    // Sampling runs only while someone watches (the sampler is built with the handlers); the host calls `stop`
    // on close, so the leases end before the database closes.
    stop: () => {
      for (const s of samplers) s.stop();
      samplers.clear();
    },
    fixtures: definition.fixtures
      ? async (c) => {
          const history = definition.fixtures!(c);
          if (history) await store.replace(c.em, c.server.id, history);
        }
      : undefined,
  };
}
