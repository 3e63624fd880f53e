/**
 * Server part of the `shop-performance` plugin: performance reports of a server (`shop_performance_reports`,
 * the SDK's report part) from its access logs and php-fpm's log and probes of its sites' key pages through its
 * private web server, each compared with the one before; list,
 * detail (`report/{reportId}`) and "measure now" in the background with progress events (`shop-performance.report`).
 */
import {
  defineReportSchedules,
  defineReports,
  defineServerPlugin,
  presentReportSummary,
  reportScheduleErrors,
  validationFailed,
  type PluginHandlers,
  type ReportRow,
} from '@portal/plugin-sdk/server';
import { Migration20261129120100ShopPerformanceSchedule } from './migrations/Migration20261129120100ShopPerformanceSchedule.ts';
import { ShopPerformanceSchedule } from './Schedule.ts';
import type { Operations } from '../generated/operations.ts';
import type { PerformanceResult } from '../shared/result.ts';
import { measure } from './analyse.ts';
import { Migration20261128121100ShopPerformance } from './migrations/Migration20261128121100ShopPerformance.ts';
import programs from './program.ts';
import { ShopPerformanceReport } from './Report.ts';

export const reports = defineReports<PerformanceResult>({
  pluginId: 'shop-performance',
  entity: ShopPerformanceReport,
  run: (c) =>
    measure(c.gateway, c.previous, (fraction, step) => c.progress(5 + fraction * 90, step), c.server, async () => {
      // A web server's database runs on the cluster's database server: its slow log, read-only.
      const peer = await c.peer('mysql');
      return peer && { gateway: peer.gateway, server: { id: peer.server.id, name: peer.server.name } };
    }),
});

/** Scheduled reports (the SDK's report schedules; a performance report costs nothing, so every slot runs). */
export const schedules = defineReportSchedules({ pluginId: 'shop-performance', entity: ShopPerformanceSchedule, reports });

const present = (r: ReportRow<PerformanceResult>) => ({
  ...presentReportSummary(r),
  requests: r.result?.overall?.count ?? 0,
  p95Ms: r.result?.overall?.p95Ms ?? null,
  p95DeltaMs: r.result?.comparison?.p95DeltaMs ?? null,
});

/**
 * Reports stored before the page probes have none (and their comparison no page deltas); those from before the slow
 * log and profile links none of those (`queries: null`, no profiles).
 */
const withProbes = (r: PerformanceResult): PerformanceResult => ({
  ...r,
  urls: r.urls.map((u) => ({ ...u, profiles: u.profiles ?? [] })),
  slowest: r.slowest.map((s) => ({ ...s, profiles: s.profiles ?? [] })),
  pages: r.pages ?? [],
  images: r.images ?? [],
  findings: r.findings ?? [],
  queries: r.queries ? { ...r.queries, server: r.queries.server ?? null } : null,
  comparison: r.comparison && { ...r.comparison, pages: r.comparison.pages ?? [], queries: r.comparison.queries ?? null },
});

export default defineServerPlugin<Operations>({
  entities: [ShopPerformanceReport, ShopPerformanceSchedule],
  migrations: [Migration20261128121100ShopPerformance, Migration20261129120100ShopPerformanceSchedule],
  programs,
  handlers: (ports): PluginHandlers<Operations> => ({
    listShopPerformanceReports: async (c) => {
      await schedules.remember(c.em, c.server);
      return { data: (await reports.list(c.em, c.server.id, ports.clock.now())).map(present) };
    },
    getShopPerformanceSchedule: async (c) => {
      await schedules.remember(c.em, c.server);
      return schedules.view(await schedules.get(c.em, c.server.id), ports.clock.now());
    },
    setShopPerformanceSchedule: async (c) => {
      const now = ports.clock.now();
      const input = { mode: c.body.mode, weekday: c.body.weekday, hour: c.body.hour };
      const errors = reportScheduleErrors(input);
      if (Object.keys(errors).length) throw validationFailed(errors);
      return schedules.view(await schedules.save(c.em, { server: c.server, user: c.user, now }, input, null), now);
    },
    getShopPerformanceReport: async (c) => {
      const r = await reports.get(c.em, c.server.id, c.params.reportId);
      return { ...present(r), result: r.result && withProbes(r.result) };
    },
    runShopPerformanceReport: async (c) => present(await reports.start(ports, c)),
  }),
  start: (ports) => schedules.start(ports),
  stop: async () => {
    schedules.stop();
    await reports.settled();
  },
});
