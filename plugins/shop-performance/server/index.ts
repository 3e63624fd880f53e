/**
 * Server part of the `shop-performance` plugin: performance reports of a server (`shop_performance_reports`,
 * the SDK's report part) from its access logs and php-fpm's log, each compared with the one before; list,
 * detail (`report/{reportId}`) and "measure now" in the background with progress events (`shop-performance.report`).
 */
import { defineReports, defineServerPlugin, presentReportSummary, type PluginHandlers, type ReportRow } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import type { PerformanceResult } from '../shared/result.ts';
import { measure } from './analyse.ts';
import { Migration20261128121100ShopPerformance } from './migrations/Migration20261128121100ShopPerformance.ts';
import programs from './program.ts';
import { ShopPerformanceReport } from './Report.ts';

export const reports = defineReports<PerformanceResult>({
  pluginId: 'shop-performance',
  entity: ShopPerformanceReport,
  run: (c) => measure(c.gateway, c.previous, (fraction, step) => c.progress(5 + fraction * 90, step)),
});

const present = (r: ReportRow<PerformanceResult>) => ({
  ...presentReportSummary(r),
  requests: r.result?.overall?.count ?? 0,
  p95Ms: r.result?.overall?.p95Ms ?? null,
  p95DeltaMs: r.result?.comparison?.p95DeltaMs ?? null,
});

export default defineServerPlugin<Operations>({
  entities: [ShopPerformanceReport],
  migrations: [Migration20261128121100ShopPerformance],
  programs,
  handlers: (ports): PluginHandlers<Operations> => ({
    listShopPerformanceReports: async (c) => ({ data: (await reports.list(c.em, c.server.id, ports.clock.now())).map(present) }),
    getShopPerformanceReport: async (c) => {
      const r = await reports.get(c.em, c.server.id, c.params.reportId);
      return { ...present(r), result: r.result };
    },
    runShopPerformanceReport: async (c) => present(await reports.start(ports, c)),
  }),
  stop: () => reports.settled(),
});
