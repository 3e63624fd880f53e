/**
 * Reports of a server (shop-security, shop-performance; next: anything that measures instead of configures):
 * a table of the plugin, `<pluginId>_reports`, one row per run with its progress and its result as JSON, and
 * a runner that starts a run in the background, moves its progress (`<pluginId>.report` events to room
 * `server:<id>`, typed by `./shared.ts` and followed by the web's `ReportList`/`ReportDetail`; and the row, which
 * the pages poll slowly as a fallback) and stores the result. The plugin
 * supplies only what a run measures (`run`) and how its result is presented; the list, the detail and
 * "run now" (one run per server at a time: 409 while one runs) are these helpers.
 *
 * A run is not an apply job: it writes nothing on the server, so it takes no apply lock and keeps no
 * version. It runs in the portal instance that accepted the request; a run that instance did not finish
 * (the portal stopped) is shown as failed (`interrupted`) once it is older than `staleAfterMs` (15 minutes).
 */
import { defineEntity, p, type EntityName } from '@mikro-orm/core';
import { conflict, found } from '../errors.ts';
import type { ManagedServer, PluginDatabase, PluginPorts } from '../server.ts';
import type { ServerGateway } from '../gateway.ts';
import type { PluginEvents } from '../events.ts';
import type { ReportError, ReportEvent, ReportEvents, ReportStatus } from './shared.ts';

export type { ReportError, ReportEvent, ReportEvents, ReportStatus } from './shared.ts';

/** One row of `<pluginId>_reports`. */
export interface ReportRow<Result = unknown> {
  id: number;
  serverId: number;
  status: ReportStatus;
  /** 0–100. */
  progress: number;
  /** The step running now (a key of the plugin's namespace, without it), `null` when done. */
  step: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  /** E-mail address of who started it (`schedule` for a scheduled run). */
  startedBy: string;
  /** Why it failed. */
  error: ReportError | null;
  result: Result | null;
}

const snakeOf = (pluginId: string) => pluginId.replace(/-/g, '_');
const pascal = (pluginId: string) => pluginId.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The plugin's report entity (call once, in a module of its own, and list it in the plugin's `entities`). */
export function defineReportEntity(pluginId: string) {
  return defineEntity({
    name: `${pascal(pluginId)}Report`,
    tableName: `${snakeOf(pluginId)}_reports`,
    properties: {
      id: p.integer().primary().autoincrement(),
      serverId: p.integer().index(),
      status: p.string().length(16),
      progress: p.integer(),
      step: p.string().length(64).nullable(),
      startedAt: p.datetime(),
      finishedAt: p.datetime().nullable(),
      startedBy: p.string().length(255),
      error: p.string().length(32).nullable(),
      result: p.json<unknown>().nullable(),
    },
  });
}

/** The SQL of the report table's migration (what `defineReportEntity(pluginId)` maps). */
export function reportTableSql(pluginId: string): string[] {
  const t = `${snakeOf(pluginId)}_reports`;
  return [
    `create table "${t}" ("id" serial primary key, "server_id" int not null, "status" varchar(16) not null, "progress" int not null, "step" varchar(64) null, "started_at" timestamptz not null, "finished_at" timestamptz null, "started_by" varchar(255) not null, "error" varchar(32) null, "result" jsonb null);`,
    `create index "${t}_server_id_index" on "${t}" ("server_id");`,
  ];
}

/** What a run gets. */
export interface ReportRunContext<Result> {
  server: ManagedServer;
  gateway: ServerGateway;
  /**
   * Another server of the same cluster that runs `service` (the first by name), with its **read-only** gateway
   * (`PluginPorts.peerGateway`: reads and lists within the plugin's declared paths, nothing else); `null` when no
   * other server of the cluster runs it. For what lives on the cluster's database server (its slow log).
   */
  peer(service: string): Promise<{ server: ManagedServer; gateway: ServerGateway } | null>;
  /** The result of the newest finished run before this one (for "before/after"), or `null`. */
  previous: { id: number; finishedAt: Date; result: Result } | null;
  now: Date;
  /** Moves the progress (0–100) and names the step; sent to the browsers of the server's room. */
  progress(percent: number, step: string): Promise<void>;
}

/** A report as the contracts present it (`<Pascal>ReportSummary`): the row without its result. */
export interface ReportSummaryView {
  id: number;
  status: ReportStatus;
  progress: number;
  step: string | null;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  error: ReportError | null;
}

export const presentReportSummary = (r: ReportRow): ReportSummaryView => ({
  id: r.id,
  status: r.status,
  progress: r.progress,
  step: r.step,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  startedBy: r.startedBy,
  error: r.error,
});

type ReportEntity = ReturnType<typeof defineReportEntity>;

/**
 * The reports of a plugin: `list`, `get` (404 for another server's), `start` (409 while a run of the server
 * is running; answers the new row at once and runs in the background) and `settled` (tests: the run's end).
 */
export function defineReports<Result>(options: {
  pluginId: string;
  entity: ReportEntity;
  run: (c: ReportRunContext<Result>) => Promise<Result>;
  /** How many reports a server keeps (the oldest are removed when a run starts); default 50. */
  keep?: number;
  /** After how long a `running` row no instance of this portal reports as running counts as interrupted; default 15 minutes. */
  staleAfterMs?: number;
}) {
  const { entity } = options;
  const keep = options.keep ?? 50;
  const staleAfterMs = options.staleAfterMs ?? 15 * 60_000;
  const running = new Map<number, Promise<void>>();
  // The entity as the rows it maps (`result` as stored: unknown until handed to the plugin as its Result).
  const E = entity as unknown as EntityName<ReportRow>;
  const rows = async (em: PluginDatabase, where: Partial<Pick<ReportRow, 'id' | 'serverId' | 'status'>>, orderBy?: { id: 'desc' }): Promise<ReportRow[]> =>
    em.find(E, where, orderBy ? { orderBy } : {});
  const typed = (r: ReportRow) => r as ReportRow<Result>;

  /**
   * Rows this instance is not running that still say `running` after `staleAfterMs`: their portal stopped (another
   * instance's run is left alone until then).
   */
  const markInterrupted = async (em: PluginDatabase, serverId: number, now: Date) => {
    for (const r of await rows(em, { serverId, status: 'running' }))
      if (!running.has(r.id) && now.getTime() - r.startedAt.getTime() > staleAfterMs) em.assign(r, { status: 'failed', error: 'interrupted', step: null, finishedAt: now });
    await em.flush();
  };

  return {
    entity,
    async list(em: PluginDatabase, serverId: number, now: Date): Promise<ReportRow<Result>[]> {
      await markInterrupted(em, serverId, now);
      return (await rows(em, { serverId }, { id: 'desc' })).map(typed);
    },
    async get(em: PluginDatabase, serverId: number, reportId: number): Promise<ReportRow<Result>> {
      return typed(found((await rows(em, { serverId, id: reportId }))[0] ?? null));
    },
    /** Starts a run for `c.server`; 409 while another runs. */
    async start(ports: PluginPorts, c: { em: PluginDatabase; server: ManagedServer; user: { email: string } }): Promise<ReportRow<Result>> {
      const now = ports.clock.now();
      await markInterrupted(c.em, c.server.id, now);
      if ((await rows(c.em, { serverId: c.server.id, status: 'running' })).length > 0) throw conflict();
      const all = await rows(c.em, { serverId: c.server.id }, { id: 'desc' });
      for (const old of all.slice(keep - 1)) c.em.remove(old);
      const row = c.em.create(E, {
        serverId: c.server.id,
        status: 'running',
        progress: 0,
        step: null,
        startedAt: now,
        finishedAt: null,
        startedBy: c.user.email,
        error: null,
        result: null,
      });
      await c.em.flush();
      const previousRow = all.find((r) => r.status === 'done' && r.result !== null && r.finishedAt);
      const previous = previousRow ? { id: previousRow.id, finishedAt: previousRow.finishedAt!, result: previousRow.result as Result } : null;
      const server = c.server;
      const id = row.id;
      const events: PluginEvents<ReportEvents> = ports.events;
      const publish = (e: ReportEvent) => events.publish(server.id, 'report', e).catch(() => undefined);
      // Once the request committed (the row is visible), with a database port of its own.
      ports.background(async () => {
        let done = () => {};
        running.set(id, new Promise<void>((resolve) => (done = resolve)));
        const em = ports.database.fork();
        const load = async () => (await rows(em, { id }))[0]!;
        let last = 0;
        const progress = async (percent: number, step: string) => {
          last = Math.max(last, Math.min(99, Math.round(percent)));
          em.assign(await load(), { progress: last, step });
          await em.flush();
          await publish({ reportId: id, status: 'running', progress: last, step });
        };
        const peer = async (service: string) => {
          const other = (await em.clusterServers(server.clusterId)).find((s) => s.id !== server.id && s.services.includes(service));
          return other ? { server: other, gateway: await ports.peerGateway(server.id, other.id) } : null;
        };
        try {
          const result = await options.run({ server, gateway: ports.gateway(server.id), peer, previous, now, progress });
          em.assign(await load(), { status: 'done', progress: 100, step: null, result, finishedAt: ports.clock.now() });
          await em.flush();
          await publish({ reportId: id, status: 'done', progress: 100, step: null });
        } catch (e) {
          const unreachable = (e as { name?: string } | null)?.name === 'ServerUnreachable';
          ports.logger.warn({ err: e, reportId: id, serverId: server.id }, `${options.pluginId}: report failed`);
          em.assign(await load(), { status: 'failed', step: null, error: unreachable ? 'unreachable' : 'error', finishedAt: ports.clock.now() });
          await em.flush();
          await publish({ reportId: id, status: 'failed', progress: last, step: null });
        } finally {
          running.delete(id);
          done();
        }
      });
      return typed(row);
    },
    /** Resolves when every run this instance started has ended (tests, and `stop()`). */
    async settled(): Promise<void> {
      await Promise.all([...running.values()]);
    },
  };
}
