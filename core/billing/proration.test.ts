import { DAYS_PER_BILLING_MONTH, previewChange, previewTermination, prorateCents, restOfBillingPeriod } from './proration.ts';
import type { ClusterHardware } from './pricing.ts';

const cluster: ClusterHardware = {
  architecture: 'web_cluster',
  sla: 'basic',
  cpu: 2,
  ramGb: 4,
  nvmeSsdGb: 50,
  nvmeDatabaseGb: 0,
  nvmeStorageGb: 10,
  ipv4Count: 1,
  ipv6Count: 1,
  addonTwoFactor: false,
  addonVpn: false,
  addonPhpExtendedSupport: false,
};
// web_cluster 49.00 + 2 × 12.00 + 4 × 4.00 + 50 × 0.20 + 2 steps × 0.50 = 100.00 € a month

describe('cost preview with proration (rest of the billing period)', () => {
  test('the rest of the billing period is the rest of the calendar month, both days included', () => {
    expect(restOfBillingPeriod('2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-30', days: 7 });
    expect(restOfBillingPeriod('2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-02-28', days: 28 });
  });

  test('a monthly price is prorated per day at a 30-day share, rounded once to cents', () => {
    expect(DAYS_PER_BILLING_MONTH).toBe(30);
    expect(prorateCents(10000, 7)).toBe(2333); // 3.3333 €/day × 7
    expect(prorateCents(1200, 30)).toBe(1200);
    expect(prorateCents(-1200, 15)).toBe(-600);
    expect(prorateCents(1000, 1)).toBe(33); // 0.3333 €
  });

  test('R9.007 a hardware and add-on change costs the prorated difference for the rest of the month, net and gross (19 % VAT)', () => {
    const preview = previewChange(cluster, { ...cluster, cpu: 4, addonVpn: true }, '2026-11-24');
    expect(preview.period).toEqual({ from: '2026-11-24', to: '2026-11-30', days: 7 });
    expect(preview.currentMonthly.netCents).toBe(10000);
    expect(preview.proposedMonthly.netCents).toBe(10000 + 2 * 1200 + 1500);
    expect(preview.lines).toEqual([
      { kind: 'cpu', netCents: 560 }, // 24.00 € × 7 / 30
      { kind: 'addon_vpn', netCents: 350 }, // 15.00 € × 7 / 30
    ]);
    expect(preview.difference).toEqual({ netCents: 910, vatCents: 173, grossCents: 1083 });
  });

  test('a smaller cluster saves money: the difference is negative; no change costs nothing', () => {
    const preview = previewChange(cluster, { ...cluster, ramGb: 2 }, '2026-11-16');
    expect(preview.difference.netCents).toBe(-prorateCents(800, 15));
    expect(preview.difference.netCents).toBeLessThan(0);
    expect(previewChange(cluster, cluster, '2026-11-16').difference).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
  });

  test('R5.039 terminating costs the rest of this month from tomorrow plus every month until the end of term', () => {
    const p = previewTermination(cluster, '2026-11-24', '2027-01-31');
    expect(p.restOfPeriod).toMatchObject({ from: '2026-11-25', to: '2026-11-30', days: 6, amounts: { netCents: 2000 } });
    expect(p.fullMonths).toBe(2); // December, January
    expect(p.total).toEqual({ netCents: 22000, vatCents: 4180, grossCents: 26180 });
    const lastDay = previewTermination(cluster, '2026-11-30', '2026-12-31');
    expect(lastDay.restOfPeriod.days).toBe(0);
    expect(lastDay.fullMonths).toBe(1);
    expect(lastDay.total.netCents).toBe(10000);
  });
});
