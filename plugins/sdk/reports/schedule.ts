/**
 * Scheduled runs of a report module (issue 25: shop-security, shop-performance): one schedule per server, stored as
 * the plugin's settings (`<pluginId>_report_schedules`) — off, daily at an hour, or weekly on a weekday at an hour,
 * wall-clock times of Europe/Berlin (the portal's time zone) — and the scheduler that starts the due runs through the
 * plugin's `defineReports` runner with `startedBy: 'schedule'`. The scheduler is the platform's poller
 * (`startPoller`, like backups' scheduler): which slot is due is pure (`lastReportSlot`, `dueReportRun`), its tick
 * is exposed for tests (`tick()`), a slot is run once (a report started by the schedule at or after it), never a
 * slot from before the schedule was saved, and one a run of the server still blocks is tried again next minute.
 *
 * Outside a request the host hands a plugin no server facts, so the schedule keeps the server as the last request
 * saw it (`server`, refreshed by `remember` on every read of the section): the SLA a price depends on is at most as
 * old as the last visit of the section.
 */
import { defineEntity, p, type EntityName } from '@mikro-orm/core';
import type { FieldErrors } from '../errors.ts';
import { startPoller } from '../poller.ts';
import type { ManagedServer, PluginDatabase, PluginPorts } from '../server.ts';
import type { ReportRow } from './server.ts';

export type ReportScheduleMode = 'off' | 'daily' | 'weekly';
/** What the schedule form sends. `weekday` 1 (Monday) … 7 (Sunday), ISO 8601; used when `mode` is `weekly`. */
export interface ReportScheduleInput {
  mode: ReportScheduleMode;
  weekday: number;
  hour: number;
}

/** One row of `<pluginId>_report_schedules`. */
export interface ReportScheduleRow extends ReportScheduleInput {
  id: number;
  serverId: number;
  /** The price per run (net cents) the user confirmed when saving; `null`: none confirmed (only free runs start). */
  confirmedCents: number | null;
  server: ManagedServer;
  updatedAt: Date;
  updatedBy: string;
}

export const reportScheduleZone = 'Europe/Berlin';
const snakeOf = (pluginId: string) => pluginId.replace(/-/g, '_');
const pascal = (pluginId: string) => pluginId.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The plugin's schedule entity (list it in the plugin's `entities`). */
export function defineReportScheduleEntity(pluginId: string) {
  return defineEntity({
    name: `${pascal(pluginId)}ReportSchedule`,
    tableName: `${snakeOf(pluginId)}_report_schedules`,
    properties: {
      id: p.integer().primary().autoincrement(),
      serverId: p.integer().unique(),
      mode: p.string().length(8),
      weekday: p.integer(),
      hour: p.integer(),
      confirmedCents: p.integer().nullable(),
      server: p.json<ManagedServer>(),
      updatedAt: p.datetime(),
      updatedBy: p.string().length(255),
    },
  });
}

/** The SQL of the schedule table's migration. */
export function reportScheduleTableSql(pluginId: string): string[] {
  const t = `${snakeOf(pluginId)}_report_schedules`;
  return [
    `create table "${t}" ("id" serial primary key, "server_id" int not null, "mode" varchar(8) not null, "weekday" int not null, "hour" int not null, "confirmed_cents" int null, "server" jsonb not null, "updated_at" timestamptz not null, "updated_by" varchar(255) not null);`,
    `alter table "${t}" add constraint "${t}_server_id_unique" unique ("server_id");`,
  ];
}

/** Field errors of a schedule (keys of the portal's `validation.*`); empty when it is valid. */
export function reportScheduleErrors(input: ReportScheduleInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!['off', 'daily', 'weekly'].includes(input.mode)) errors.mode = ['validation.enum'];
  if (!Number.isInteger(input.weekday) || input.weekday < 1 || input.weekday > 7) errors.weekday = ['validation.range'];
  if (!Number.isInteger(input.hour) || input.hour < 0 || input.hour > 23) errors.hour = ['validation.range'];
  return errors;
}

// Wall-clock times of Europe/Berlin.
const parts = new Intl.DateTimeFormat('en-GB', { timeZone: reportScheduleZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
function wall(at: Date): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const v = Object.fromEntries(parts.formatToParts(at).filter((x) => x.type !== 'literal').map((x) => [x.type, Number(x.value)]));
  return { y: v.year!, m: v.month!, d: v.day!, h: v.hour!, min: v.minute!, s: v.second! };
}
/** The instant of a Berlin wall-clock hour (a skipped hour of the spring change falls to the next one). */
function fromWall(y: number, m: number, d: number, h: number): Date {
  const guess = Date.UTC(y, m - 1, d, h);
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const w = wall(new Date(t));
    t += guess - Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  }
  return new Date(t);
}
/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
const isoWeekday = (y: number, m: number, d: number) => ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;

/** The slots of the schedule on the days `from`…`to` days away from `now`'s Berlin day (negative: before). */
function slots(s: ReportScheduleInput, now: Date, days: number[]): Date[] {
  const today = wall(now);
  const out: Date[] = [];
  for (const k of days) {
    const day = new Date(Date.UTC(today.y, today.m - 1, today.d + k));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (s.mode === 'weekly' && isoWeekday(y, m, d) !== s.weekday) continue;
    out.push(fromWall(y, m, d, s.hour));
  }
  return out;
}
const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from < to ? from + i : from - i));

/** The newest slot of the schedule at or before `now` (`null` when off). */
export function lastReportSlot(s: ReportScheduleInput, now: Date): Date | null {
  if (s.mode === 'off') return null;
  return slots(s, now, range(0, -8)).find((slot) => slot.getTime() <= now.getTime()) ?? null;
}

/** The first slot after `now` (`null` when off). */
export function nextReportSlot(s: ReportScheduleInput, now: Date): Date | null {
  if (s.mode === 'off') return null;
  return slots(s, now, range(0, 8)).find((slot) => slot.getTime() > now.getTime()) ?? null;
}

/** The slot a run is due for: the last slot, when it is not before the schedule was saved and no scheduled run started at or after it. */
export function dueReportSlot(s: Pick<ReportScheduleRow, 'mode' | 'weekday' | 'hour' | 'updatedAt'>, scheduledRuns: readonly Pick<ReportRow, 'startedAt'>[], now: Date): Date | null {
  const slot = lastReportSlot(s, now);
  if (!slot || slot < s.updatedAt) return null;
  return scheduledRuns.some((r) => r.startedAt >= slot) ? null : slot;
}

/** What the section shows of a schedule (`<Pascal>ReportSchedule` of the contracts), `nextRun` ISO or `null`. */
export interface ReportScheduleView extends ReportScheduleInput {
  nextRun: string | null;
  zone: string;
  confirmedCents: number | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Who starts a scheduled run (`ReportRow.startedBy`). */
export const scheduledBy = 'schedule';

type Runner = {
  start(ports: PluginPorts, c: { em: PluginDatabase; server: ManagedServer; user: { email: string } }): Promise<unknown>;
  entity: unknown;
};

/**
 * The schedules of a plugin: read, save (a `check` may refuse with field errors, e.g. a price not confirmed), keep
 * the server facts fresh, and the scheduler (`start`/`stop`/`tick`) that starts the due runs through `reports`.
 * `allowed(row, slot)` decides whether a due run may start (a paid run without a confirmed price may not).
 */
export function defineReportSchedules(options: {
  pluginId: string;
  entity: ReturnType<typeof defineReportScheduleEntity>;
  reports: Runner;
  allowed?: (schedule: ReportScheduleRow, slot: Date) => boolean;
}) {
  const E = options.entity as unknown as EntityName<ReportScheduleRow>;
  const R = options.reports.entity as EntityName<ReportRow>;
  const row = (em: PluginDatabase, serverId: number) => em.findOne(E, { serverId }) as Promise<ReportScheduleRow | null>;

  const view = (r: ReportScheduleRow | null, now: Date): ReportScheduleView => {
    const s: ReportScheduleInput = r ? { mode: r.mode, weekday: r.weekday, hour: r.hour } : { mode: 'off', weekday: 1, hour: 3 };
    return { ...s, nextRun: nextReportSlot(s, now)?.toISOString() ?? null, zone: reportScheduleZone, confirmedCents: r?.confirmedCents ?? null, updatedAt: r?.updatedAt.toISOString() ?? null, updatedBy: r?.updatedBy ?? null };
  };

  /** The due runs at `now`: each schedule's slot, when allowed. */
  async function tick(ports: PluginPorts): Promise<void> {
    const em = ports.database.fork();
    const now = ports.clock.now();
    for (const s of (await em.find(E, { mode: { $ne: 'off' } })) as ReportScheduleRow[]) {
      const since = lastReportSlot(s, now);
      if (!since) continue;
      const runs = (await em.find(R, { serverId: s.serverId, startedBy: scheduledBy, startedAt: { $gte: since } })) as ReportRow[];
      const slot = dueReportSlot(s, runs, now);
      if (!slot || (options.allowed && !options.allowed(s, slot))) continue;
      try {
        await options.reports.start(ports, { em, server: s.server, user: { email: scheduledBy } });
      } catch (e) {
        // A run of the server still going (409): the slot stays due, the next tick tries again.
        if ((e as { code?: string }).code !== 'conflict') throw e;
      }
    }
  }

  const pollers = new Map<PluginPorts, () => void>();
  return {
    entity: options.entity,
    async get(em: PluginDatabase, serverId: number): Promise<ReportScheduleRow | null> {
      return row(em, serverId);
    },
    view,
    /** Keeps the server facts of the schedule as this request sees them (call on the section's reads). */
    async remember(em: PluginDatabase, server: ManagedServer): Promise<void> {
      const r = await row(em, server.id);
      if (r && JSON.stringify(r.server) !== JSON.stringify(server)) {
        em.assign(r, { server: { ...server } });
        await em.flush();
      }
    },
    /** Saves a server's schedule (422 with field errors from the form's values or `check`). */
    async save(em: PluginDatabase, c: { server: ManagedServer; user: { email: string }; now: Date }, input: ReportScheduleInput, confirmedCents: number | null): Promise<ReportScheduleRow> {
      const values = { mode: input.mode, weekday: input.weekday, hour: input.hour, confirmedCents, server: { ...c.server }, updatedAt: c.now, updatedBy: c.user.email };
      const r = await row(em, c.server.id);
      if (r) em.assign(r, values);
      const saved = r ?? (em.create(E, { serverId: c.server.id, ...values } as ReportScheduleRow) as ReportScheduleRow);
      await em.flush();
      return saved;
    },
    /** Starts the scheduler of a portal (the plugin's `start`), once a minute. */
    start(ports: PluginPorts, everyMs = 60_000): void {
      pollers.get(ports)?.();
      pollers.set(ports, startPoller(ports, `${options.pluginId} report scheduler`, everyMs, () => tick(ports)));
    },
    stop(): void {
      for (const stop of pollers.values()) stop();
      pollers.clear();
    },
    /** One tick of every started scheduler now (tests drive the clock, then the scheduler). */
    async tick(): Promise<void> {
      for (const ports of pollers.keys()) await tick(ports);
    },
  };
}
