/**
 * Server part of the `shop-security` plugin: security scans of a server's document roots as reports
 * (`shop_security_reports`, the SDK's report part): list with the price of the next scan, a report's findings
 * (`report/{reportId}`), and "scan now", which runs in the background with progress events (`shop-security.report`).
 */
import {
  defineReportSchedules,
  defineReports,
  defineServerPlugin,
  nextReportSlot,
  presentReportSummary,
  reportScheduleErrors,
  validationFailed,
  type ManagedServer,
  type PluginHandlers,
  type ReportRow,
  type ReportScheduleRow,
} from '@portal/plugin-sdk/server';
import { scanCrontabs } from './cron.ts';
import { Migration20261129120000ShopSecuritySchedule } from './migrations/Migration20261129120000ShopSecuritySchedule.ts';
import { ShopSecuritySchedule } from './Schedule.ts';
import { checkSites, listSites } from './web.ts';
import type { Operations } from '../generated/operations.ts';
import type { SecurityResult } from '../shared/findings.ts';
import { demoSecurityResult } from './demo.ts';
import { Migration20261128121000ShopSecurity } from './migrations/Migration20261128121000ShopSecurity.ts';
import { scanPrice, scanPriceCents } from './price.ts';
import programs from './program.ts';
import { ShopSecurityReport } from './Report.ts';
import { scanDocumentRoots, sortFindings } from './scanner.ts';
import { listVersion } from './signatures.ts';

export type ShopSecurityResult = SecurityResult & { truncated: boolean };

export const reports = defineReports<ShopSecurityResult>({
  pluginId: 'shop-security',
  entity: ShopSecurityReport,
  run: async (c) => {
    // The price is decided when the scan starts (what the user was shown), and kept with the report.
    const price = scanPrice(c.server.sla, c.now);
    const { tree, ...outcome } = await scanDocumentRoots(c.gateway, (fraction, step) => c.progress(5 + fraction * 70, step));
    await c.progress(80, 'web');
    const sites = await listSites(c.gateway);
    const web = await checkSites(c.gateway, sites, tree);
    await c.progress(95, 'cron');
    const cron = await scanCrontabs(c.gateway);
    const findings = sortFindings([...outcome.findings, ...web.findings, ...cron.findings]);
    return { ...outcome, findings, sites: sites.map((s) => `${s.https ? 'https' : 'http'}://${s.host}`), crontabs: cron.files, tls: web.tls, listVersion, price: { free: price.free, cents: price.cents } };
  },
});

/** A scheduled scan starts when it is free at its slot or its price was confirmed when the schedule was saved (R9.023). */
const allowed = (s: Pick<ReportScheduleRow, 'server' | 'confirmedCents'>, slot: Date) => scanPrice(s.server.sla, slot).free || (s.confirmedCents ?? -1) >= scanPriceCents;

export const schedules = defineReportSchedules({ pluginId: 'shop-security', entity: ShopSecuritySchedule, reports, allowed });

/** The schedule as the section shows it: when the next scan runs, what it costs, and whether it waits for a confirmation. */
const presentSchedule = (row: ReportScheduleRow | null, server: ManagedServer, now: Date) => {
  const view = schedules.view(row, now);
  const next = view.nextRun ? new Date(view.nextRun) : null;
  const price = scanPrice(server.sla, next ?? now);
  return { ...view, price, paused: !!next && !allowed({ server, confirmedCents: view.confirmedCents }, next) };
};

const present = (r: ReportRow<ShopSecurityResult>) => {
  const findings = r.result?.findings ?? [];
  const count = (s: string) => findings.filter((f) => f.severity === s).length;
  return {
    ...presentReportSummary(r),
    counts: { critical: count('critical'), high: count('high'), medium: count('medium'), low: count('low') },
  };
};

export default defineServerPlugin<Operations>({
  entities: [ShopSecurityReport, ShopSecuritySchedule],
  migrations: [Migration20261128121000ShopSecurity, Migration20261129120000ShopSecuritySchedule],
  programs,
  handlers: (ports): PluginHandlers<Operations> => ({
    listShopSecurityReports: async (c) => {
      await schedules.remember(c.em, c.server);
      return { data: (await reports.list(c.em, c.server.id, ports.clock.now())).map(present), price: scanPrice(c.server.sla, ports.clock.now()) };
    },
    getShopSecuritySchedule: async (c) => {
      await schedules.remember(c.em, c.server);
      return presentSchedule(await schedules.get(c.em, c.server.id), c.server, ports.clock.now());
    },
    setShopSecuritySchedule: async (c) => {
      const now = ports.clock.now();
      const input = { mode: c.body.mode, weekday: c.body.weekday, hour: c.body.hour };
      const errors = reportScheduleErrors(input);
      if (Object.keys(errors).length) throw validationFailed(errors);
      // A paid scan on the schedule is confirmed once, here, with the price shown in the form (R9.023).
      const next = nextReportSlot(input, now);
      if (next && !scanPrice(c.server.sla, next).free && !c.body.confirmPrice) throw validationFailed({ confirmPrice: ['shop-security:errors.price_not_confirmed'] });
      const row = await schedules.save(c.em, { server: c.server, user: c.user, now }, input, c.body.confirmPrice ? scanPriceCents : null);
      return presentSchedule(row, c.server, now);
    },
    getShopSecurityReport: async (c) => {
      const r = await reports.get(c.em, c.server.id, c.params.reportId);
      return { ...present(r), result: r.result };
    },
    runShopSecurityScan: async (c) => present(await reports.start(ports, c)),
  }),
  start: (ports) => schedules.start(ports),
  stop: async () => {
    schedules.stop();
    await reports.settled();
  },
  // A finished scan for the demo servers, so the list and a report's page show something at once.
  fixtures: async ({ em, server, clock }) => {
    const at = clock.now();
    em.create(ShopSecurityReport, { serverId: server.id, status: 'done', progress: 100, step: null, startedAt: new Date(at.getTime() - 3_600_000), finishedAt: new Date(at.getTime() - 3_540_000), startedBy: 'admin@demo.example', error: null, result: demoSecurityResult });
    await em.flush();
  },
});
