/**
 * Server part of the `shop-security` plugin: security scans of a server's document roots as reports
 * (`shop_security_reports`, the SDK's report part): list with the price of the next scan, a report's findings
 * (`report/{reportId}`), and "scan now", which runs in the background with progress events (`shop-security.report`).
 */
import { defineReports, defineServerPlugin, presentReportSummary, type PluginHandlers, type ReportRow } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import type { SecurityResult } from '../shared/findings.ts';
import { demoSecurityResult } from './demo.ts';
import { Migration20261128121000ShopSecurity } from './migrations/Migration20261128121000ShopSecurity.ts';
import { scanPrice } from './price.ts';
import programs from './program.ts';
import { ShopSecurityReport } from './Report.ts';
import { scanDocumentRoots } from './scanner.ts';
import { listVersion } from './signatures.ts';

export type ShopSecurityResult = SecurityResult & { truncated: boolean };

export const reports = defineReports<ShopSecurityResult>({
  pluginId: 'shop-security',
  entity: ShopSecurityReport,
  run: async (c) => {
    // The price is decided when the scan starts (what the user was shown), and kept with the report.
    const price = scanPrice(c.server.sla, c.now);
    const outcome = await scanDocumentRoots(c.gateway, (fraction, step) => c.progress(5 + fraction * 90, step));
    return { ...outcome, listVersion, price: { free: price.free, cents: price.cents } };
  },
});

const present = (r: ReportRow<ShopSecurityResult>) => {
  const findings = r.result?.findings ?? [];
  const count = (s: string) => findings.filter((f) => f.severity === s).length;
  return {
    ...presentReportSummary(r),
    counts: { critical: count('critical'), high: count('high'), medium: count('medium'), low: count('low') },
  };
};

export default defineServerPlugin<Operations>({
  entities: [ShopSecurityReport],
  migrations: [Migration20261128121000ShopSecurity],
  programs,
  handlers: (ports): PluginHandlers<Operations> => ({
    listShopSecurityReports: async (c) => ({
      data: (await reports.list(c.em, c.server.id, ports.clock.now())).map(present),
      price: scanPrice(c.server.sla, ports.clock.now()),
    }),
    getShopSecurityReport: async (c) => {
      const r = await reports.get(c.em, c.server.id, c.params.reportId);
      return { ...present(r), result: r.result };
    },
    runShopSecurityScan: async (c) => present(await reports.start(ports, c)),
  }),
  stop: () => reports.settled(),
  // A finished scan for the demo servers, so the list and a report's page show something at once.
  fixtures: async ({ em, server, clock }) => {
    const at = clock.now();
    em.create(ShopSecurityReport, { serverId: server.id, status: 'done', progress: 100, step: null, startedAt: new Date(at.getTime() - 3_600_000), finishedAt: new Date(at.getTime() - 3_540_000), startedBy: 'admin@demo.example', error: null, result: demoSecurityResult });
    await em.flush();
  },
});
