import type { Cluster } from '../clusters/index.ts';
import { monthlyPositions } from './demoInvoices.ts';
import { unitPrice } from './eInvoice.ts';
import { clusterMonthlyPrice, type ClusterHardware } from './pricing.ts';
import { prorateCents } from './proration.ts';

const hardware = (h: Partial<ClusterHardware>): ClusterHardware => ({
  architecture: 'extended_web_cluster', sla: 'business', cpu: 4, ramGb: 16, nvmeSsdGb: 100, nvmeDatabaseGb: 50, nvmeStorageGb: 40,
  ipv4Count: 2, ipv6Count: 1, addonTwoFactor: true, addonVpn: true, addonPhpExtendedSupport: false, ...h,
});
// The demo customer 10001's two clusters and more shapes whose daily prices are not whole 1/10,000 euro.
const clusters = [
  hardware({}),
  hardware({ architecture: 'web_cluster', sla: 'basic', cpu: 2, ramGb: 4, nvmeSsdGb: 50, nvmeDatabaseGb: 0, nvmeStorageGb: 10, ipv4Count: 1, addonTwoFactor: false, addonVpn: false }),
  hardware({ architecture: 'cloud_web_cluster', sla: 'enterprise', cpu: 7, ramGb: 13, nvmeSsdGb: 77, nvmeDatabaseGb: 33, nvmeStorageGb: 23, ipv4Count: 3, ipv6Count: 4, addonPhpExtendedSupport: true }),
].map((h, i) => ({ ...h, number: 20011 + i, name: `Cluster ${i}` }) as unknown as Cluster);
const contractCents = (cs: Cluster[]) => cs.reduce((a, c) => a + clusterMonthlyPrice(c).netCents, 0);
const invoiceCents = (positions: { netCents: number }[]) => positions.reduce((a, p) => a + p.netCents, 0);

describe('invoice amounts follow the contract prices (walk finding 11)', () => {
  test('R9.007 a full 30-day month is billed at exactly the contracts’ monthly prices, per cluster and in total', () => {
    for (const c of clusters) expect(invoiceCents(monthlyPositions([c], '2026-09-01'))).toBe(contractCents([c]));
    expect(invoiceCents(monthlyPositions(clusters, '2026-09-01'))).toBe(contractCents(clusters));
  });

  test('R9.007 a pro-rata period is the exact share of each monthly price line, rounded once per line', () => {
    // 15 of 30 days: half of every line; 7 days: 7/30 of 939.00 € (219.10 €).
    for (const c of clusters) expect(prorateCents(contractCents([c]), 15)).toBe(Math.round(contractCents([c]) / 2));
    expect(prorateCents(93900, 7)).toBe(21910);
    // 939.17 € × 29/30 = 907.864…: once rounded 907.86 € (a daily price rounded first gave 907.87 €).
    expect(prorateCents(93917, 29)).toBe(90786);
    expect(prorateCents(-93917, 29)).toBe(-90786);
  });

  test('BR-CO-10 each e-invoice line amount is quantity × price ÷ base quantity, rounded once (daily lines: the monthly price per 30 days)', () => {
    for (const p of monthlyPositions(clusters, '2026-10-01')) {
      const price = unitPrice(p);
      expect(Math.round((p.quantity * Math.round(Number(price.amount) * 100)) / price.baseQuantity)).toBe(p.netCents);
      expect(price.amount).toMatch(/^\d+\.\d{2}$/);
    }
  });
});
