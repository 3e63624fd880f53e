/**
 * The history of a stats service in one table of the plugin, `<pluginId>_stats`: a row per server,
 * resolution (10 s, 1 min, 10 min) and bucket, with the bucket's figures as JSON (`FigureStat` per
 * figure), so a service declares its figures in code and needs no column per figure. The SDK owns no
 * table: `defineStatsEntity(pluginId)` builds the plugin's entity and `statsTableSql(pluginId)` the SQL
 * of its migration.
 */
import { defineEntity, p } from '@mikro-orm/core';
import type { PluginDatabase } from '../server.ts';
import { MINUTE_SECONDS, RAW_SECONDS, TEN_MINUTES_SECONDS, type StatsRange } from './ranges.ts';
import {
  bucketOf,
  combine,
  densify,
  pruneBefore,
  rangeWindow,
  rollupOfSample,
  type DenseSeries,
  type FigureSpecs,
  type FigureStat,
  type Figures,
  type Rollup,
} from './rollup.ts';

const tableOf = (pluginId: string) => `${pluginId.replace(/-/g, '_')}_stats`;
const pascal = (pluginId: string) => pluginId.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The plugin's history entity (call once, in a module of its own, and list it in the plugin's `entities`). */
export function defineStatsEntity(pluginId: string) {
  return defineEntity({
    name: `${pascal(pluginId)}Stats`,
    tableName: tableOf(pluginId),
    properties: {
      serverId: p.integer().primary(),
      /** Seconds per bucket: 10 (raw samples), 60 or 600. */
      resolution: p.integer().primary(),
      bucket: p.datetime().primary(),
      samples: p.integer(),
      stats: p.json<Partial<Record<string, FigureStat>>>(),
    },
    // Pruning across servers, per resolution.
    indexes: [{ properties: ['resolution', 'bucket'] }],
  });
}
export type StatsEntity = ReturnType<typeof defineStatsEntity>;

/** The statements that create the table of `defineStatsEntity(pluginId)` (for the plugin's migration). */
export function statsTableSql(pluginId: string): string[] {
  const t = tableOf(pluginId);
  return [
    `create table "${t}" ("server_id" int not null, "resolution" int not null, "bucket" timestamptz not null, "samples" int not null, "stats" jsonb not null, primary key ("server_id", "resolution", "bucket"));`,
    `create index "${t}_resolution_bucket_index" on "${t}" ("resolution", "bucket");`,
  ];
}

/** The rows of each resolution, e.g. the demo history of a server. */
export interface StatsHistory<F extends string = string> {
  raw: Rollup<F>[];
  minute: Rollup<F>[];
  tenMinutes: Rollup<F>[];
}

const resolutions = { raw: RAW_SECONDS, minute: MINUTE_SECONDS, tenMinutes: TEN_MINUTES_SECONDS } as const;
const rangeResolution: Record<StatsRange, number> = { '1h': RAW_SECONDS, '24h': MINUTE_SECONDS, '7d': TEN_MINUTES_SECONDS };

/** Stores samples, keeps the rollups, reads ranges and prunes, over the plugin's `defineStatsEntity`. */
export class StatsStore<F extends string> {
  readonly entity: StatsEntity;
  readonly figures: FigureSpecs<F>;

  constructor(entity: StatsEntity, figures: FigureSpecs<F>) {
    this.entity = entity;
    this.figures = figures;
  }

  async #between(em: PluginDatabase, serverId: number, resolution: number, from: Date, to: Date): Promise<Rollup<F>[]> {
    const rows = await em.find(this.entity, { serverId, resolution, bucket: { $gte: from, $lt: to } }, { orderBy: { bucket: 'asc' } });
    return rows.map((r) => ({ bucket: r.bucket, samples: r.samples, stats: r.stats as Rollup<F>['stats'] }));
  }

  /** Recomputes one rollup bucket from its parts (idempotent: any instance may do it any number of times). */
  async #refresh(em: PluginDatabase, serverId: number, resolution: number, bucket: Date, parts: Rollup<F>[]): Promise<void> {
    if (!parts.length) return;
    const r = combine(bucket, parts);
    await em.upsert(
      this.entity,
      { serverId, resolution, bucket, samples: r.samples, stats: r.stats },
      { onConflictFields: ['serverId', 'resolution', 'bucket'], onConflictAction: 'merge' },
    );
  }

  /**
   * Stores a raw sample (ignored when its bucket is already stored, e.g. by another portal instance)
   * and recomputes the minute and the ten minutes it falls in. Returns whether the sample was new.
   */
  async record(em: PluginDatabase, serverId: number, at: Date, figures: Figures<F>): Promise<boolean> {
    const bucket = bucketOf(at, RAW_SECONDS);
    const fresh = (await em.count(this.entity, { serverId, resolution: RAW_SECONDS, bucket })) === 0;
    if (fresh)
      await em.upsert(
        this.entity,
        { serverId, resolution: RAW_SECONDS, bucket, samples: 1, stats: rollupOfSample(bucket, figures).stats },
        { onConflictFields: ['serverId', 'resolution', 'bucket'], onConflictAction: 'ignore' },
      );
    const minute = bucketOf(bucket, MINUTE_SECONDS);
    await this.#refresh(
      em,
      serverId,
      MINUTE_SECONDS,
      minute,
      await this.#between(em, serverId, RAW_SECONDS, minute, new Date(minute.getTime() + MINUTE_SECONDS * 1000)),
    );
    const ten = bucketOf(bucket, TEN_MINUTES_SECONDS);
    await this.#refresh(
      em,
      serverId,
      TEN_MINUTES_SECONDS,
      ten,
      await this.#between(em, serverId, MINUTE_SECONDS, ten, new Date(ten.getTime() + TEN_MINUTES_SECONDS * 1000)),
    );
    em.clear();
    return fresh;
  }

  /** The stored history of a range as a dense series (one slot per bucket, `null` where nothing was measured). */
  async read(em: PluginDatabase, serverId: number, range: StatsRange, now: Date): Promise<DenseSeries<F>> {
    const window = rangeWindow(range, now);
    const until = new Date(window.end.getTime() + window.resolutionSeconds * 1000);
    return densify(window, await this.#between(em, serverId, rangeResolution[range], window.start, until), this.figures);
  }

  /** The rows of one resolution in [from, to), oldest first (tests, exports). */
  rows(
    em: PluginDatabase,
    serverId: number,
    resolution: keyof typeof resolutions,
    from = new Date(0),
    to = new Date('9999-12-31T00:00:00Z'),
  ): Promise<Rollup<F>[]> {
    return this.#between(em, serverId, resolutions[resolution], from, to);
  }

  /** Deletes what is older than each resolution's retention — of one server, or of all servers. Returns the rows removed per resolution. */
  async prune(em: PluginDatabase, now: Date, serverId?: number): Promise<{ raw: number; minute: number; tenMinutes: number }> {
    const before = pruneBefore(now);
    const scope = serverId === undefined ? {} : { serverId };
    const removed = { raw: 0, minute: 0, tenMinutes: 0 };
    for (const key of ['raw', 'minute', 'tenMinutes'] as const)
      removed[key] = await em.nativeDelete(this.entity, { ...scope, resolution: resolutions[key], bucket: { $lt: before[key] } });
    return removed;
  }

  /** Replaces a server's history (demo fixtures). */
  async replace(em: PluginDatabase, serverId: number, history: StatsHistory<F>): Promise<void> {
    await em.nativeDelete(this.entity, { serverId });
    const rows = (['raw', 'minute', 'tenMinutes'] as const).flatMap((key) =>
      history[key].map((r) => ({ serverId, resolution: resolutions[key], bucket: r.bucket, samples: r.samples, stats: r.stats })),
    );
    // In chunks: a week of history is thousands of rows.
    for (let i = 0; i < rows.length; i += 1000) await em.insertMany(this.entity, rows.slice(i, i + 1000));
  }
}
