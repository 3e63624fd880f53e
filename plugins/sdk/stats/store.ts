/**
 * The history of a stats service in one table of the plugin, `<pluginId>_stats`: a row per server,
 * resolution (10 s, 1 min, 10 min) and bucket, with the bucket's figures as JSON (`FigureStat` per
 * figure), so a service declares its figures in code and needs no column per figure. The SDK owns no
 * table: `defineStatsEntity(pluginId)` builds the plugin's entity and `statsTableSql(pluginId)` the SQL
 * of its migration. A service with several things per server to measure (redis's instances) keys its rows by
 * a **subject** too (`{ subjects: true }`): `''` is the server's service itself, so a table that gains subjects
 * (`statsSubjectsSql`) keeps its history as it was.
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

/** Whether a table keys its rows by subject too (`defineStatsEntity(id, { subjects: true })`). */
export interface StatsTableOptions {
  subjects?: boolean;
}

/** Longest subject (e.g. an instance name). */
export const maxSubjectLength = 64;

const subjectProperty = { subject: p.string().length(maxSubjectLength).primary().default('') };

/** The plugin's history entity (call once, in a module of its own, and list it in the plugin's `entities`). */
export function defineStatsEntity(pluginId: string, options: StatsTableOptions = {}) {
  return defineEntity({
    name: `${pascal(pluginId)}Stats`,
    tableName: tableOf(pluginId),
    properties: {
      serverId: p.integer().primary(),
      // What on the server the figures are of ('': the server's service itself); only with `subjects`.
      ...((options.subjects ? subjectProperty : {}) as Partial<typeof subjectProperty>),
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

const subjectColumn = `"subject" varchar(${maxSubjectLength}) not null default ''`;

/** The statements that create the table of `defineStatsEntity(pluginId, options)` (for the plugin's migration). */
export function statsTableSql(pluginId: string, options: StatsTableOptions = {}): string[] {
  const t = tableOf(pluginId);
  const [subject, key] = options.subjects ? [`${subjectColumn}, `, '"server_id", "subject"'] : ['', '"server_id"'];
  return [
    `create table "${t}" ("server_id" int not null, ${subject}"resolution" int not null, "bucket" timestamptz not null, "samples" int not null, "stats" jsonb not null, primary key (${key}, "resolution", "bucket"));`,
    `create index "${t}_resolution_bucket_index" on "${t}" ("resolution", "bucket");`,
  ];
}

/**
 * The statements that give the existing table of `defineStatsEntity(pluginId)` its subjects (a migration, when the
 * entity becomes `{ subjects: true }`): every stored row becomes the server's own (`''`), so no history moves.
 */
export function statsSubjectsSql(pluginId: string): string[] {
  const t = tableOf(pluginId);
  return [
    `alter table "${t}" add column ${subjectColumn};`,
    `alter table "${t}" drop constraint "${t}_pkey";`,
    `alter table "${t}" add constraint "${t}_pkey" primary key ("server_id", "subject", "resolution", "bucket");`,
  ];
}

/**
 * Whose history: a server (its service itself), or one subject of it — e.g. `{ serverId: 4, subject: 'shop2' }`.
 * A plain server id and `subject: ''` are the same rows; a table without subjects takes only those.
 */
export type StatsKey = number | { serverId: number; subject: string };

/** `''` for a plain server id. */
export const subjectOf = (key: StatsKey) => (typeof key === 'number' ? '' : key.subject);
export const serverOf = (key: StatsKey) => (typeof key === 'number' ? key : key.serverId);

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
  /** Whether the table keys its rows by subject (`defineStatsEntity(id, { subjects: true })`). */
  readonly subjects: boolean;

  constructor(entity: StatsEntity, figures: FigureSpecs<F>) {
    this.entity = entity;
    this.figures = figures;
    this.subjects = 'subject' in (entity.meta.properties as object);
  }

  /** The rows of a key: a server's (subject `''` when the table has subjects) or one subject's. */
  #key(key: StatsKey): { serverId: number; subject?: string } {
    if (!this.subjects) {
      if (subjectOf(key) !== '') throw new Error(`stats: the table ${this.entity.meta.tableName} has no subjects`);
      return { serverId: serverOf(key) };
    }
    return { serverId: serverOf(key), subject: subjectOf(key) };
  }

  get #conflict() {
    return (this.subjects ? ['serverId', 'subject', 'resolution', 'bucket'] : ['serverId', 'resolution', 'bucket']) as ['serverId', 'resolution', 'bucket'];
  }

  async #between(em: PluginDatabase, key: StatsKey, resolution: number, from: Date, to: Date): Promise<Rollup<F>[]> {
    const rows = await em.find(this.entity, { ...this.#key(key), resolution, bucket: { $gte: from, $lt: to } }, { orderBy: { bucket: 'asc' } });
    return rows.map((r) => ({ bucket: r.bucket, samples: r.samples, stats: r.stats as Rollup<F>['stats'] }));
  }

  /** Recomputes one rollup bucket from its parts (idempotent: any instance may do it any number of times). */
  async #refresh(em: PluginDatabase, key: StatsKey, resolution: number, bucket: Date, parts: Rollup<F>[]): Promise<void> {
    if (!parts.length) return;
    const r = combine(bucket, parts);
    await em.upsert(
      this.entity,
      { ...this.#key(key), resolution, bucket, samples: r.samples, stats: r.stats },
      { onConflictFields: this.#conflict, onConflictAction: 'merge' },
    );
  }

  /**
   * Stores a raw sample (ignored when its bucket is already stored, e.g. by another portal instance)
   * and recomputes the minute and the ten minutes it falls in. Returns whether the sample was new.
   */
  async record(em: PluginDatabase, key: StatsKey, at: Date, figures: Figures<F>): Promise<boolean> {
    const bucket = bucketOf(at, RAW_SECONDS);
    const fresh = (await em.count(this.entity, { ...this.#key(key), resolution: RAW_SECONDS, bucket })) === 0;
    if (fresh)
      await em.upsert(
        this.entity,
        { ...this.#key(key), resolution: RAW_SECONDS, bucket, samples: 1, stats: rollupOfSample(bucket, figures).stats },
        { onConflictFields: this.#conflict, onConflictAction: 'ignore' },
      );
    const minute = bucketOf(bucket, MINUTE_SECONDS);
    await this.#refresh(
      em,
      key,
      MINUTE_SECONDS,
      minute,
      await this.#between(em, key, RAW_SECONDS, minute, new Date(minute.getTime() + MINUTE_SECONDS * 1000)),
    );
    const ten = bucketOf(bucket, TEN_MINUTES_SECONDS);
    await this.#refresh(
      em,
      key,
      TEN_MINUTES_SECONDS,
      ten,
      await this.#between(em, key, MINUTE_SECONDS, ten, new Date(ten.getTime() + TEN_MINUTES_SECONDS * 1000)),
    );
    em.clear();
    return fresh;
  }

  /** The stored history of a range as a dense series (one slot per bucket, `null` where nothing was measured). */
  async read(em: PluginDatabase, key: StatsKey, range: StatsRange, now: Date): Promise<DenseSeries<F>> {
    const window = rangeWindow(range, now);
    const until = new Date(window.end.getTime() + window.resolutionSeconds * 1000);
    return densify(window, await this.#between(em, key, rangeResolution[range], window.start, until), this.figures);
  }

  /** The rows of one resolution in [from, to), oldest first (tests, exports). */
  rows(
    em: PluginDatabase,
    key: StatsKey,
    resolution: keyof typeof resolutions,
    from = new Date(0),
    to = new Date('9999-12-31T00:00:00Z'),
  ): Promise<Rollup<F>[]> {
    return this.#between(em, key, resolutions[resolution], from, to);
  }

  /** Deletes what is older than each resolution's retention — of one server (every subject of it), or of all servers. Returns the rows removed per resolution. */
  async prune(em: PluginDatabase, now: Date, serverId?: number): Promise<{ raw: number; minute: number; tenMinutes: number }> {
    const before = pruneBefore(now);
    const scope = serverId === undefined ? {} : { serverId };
    const removed = { raw: 0, minute: 0, tenMinutes: 0 };
    for (const key of ['raw', 'minute', 'tenMinutes'] as const)
      removed[key] = await em.nativeDelete(this.entity, { ...scope, resolution: resolutions[key], bucket: { $lt: before[key] } });
    return removed;
  }

  /** Replaces a server's (or one subject's) history (demo fixtures). */
  async replace(em: PluginDatabase, key: StatsKey, history: StatsHistory<F>): Promise<void> {
    const where = this.#key(key);
    await em.nativeDelete(this.entity, where);
    const rows = (['raw', 'minute', 'tenMinutes'] as const).flatMap((r) =>
      history[r].map((b) => ({ ...where, resolution: resolutions[r], bucket: b.bucket, samples: b.samples, stats: b.stats })),
    );
    // In chunks: a week of history is thousands of rows.
    for (let i = 0; i < rows.length; i += 1000) await em.insertMany(this.entity, rows.slice(i, i + 1000));
  }
}
