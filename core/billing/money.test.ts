import { centsToDecimal, vatCents, withVat } from './money.ts';
import { clusterMonthlyPrice, clusterPriceLines, storageSteps } from './pricing.ts';

describe('money', () => {
  it('R9.007 VAT is 19 % of the net amount, rounded half up to whole cents', () => {
    expect(vatCents(10000)).toBe(1900);
    expect(vatCents(1)).toBe(0); // 0.19 ct
    expect(vatCents(3)).toBe(1); // 0.57 ct
    expect(vatCents(50)).toBe(10); // 9.5 ct → 10
    expect(vatCents(-50)).toBe(-10);
    expect(withVat(123456)).toEqual({ netCents: 123456, vatCents: 23457, grossCents: 146913 });
  });

  it('R9.025 amounts are decimal strings of euro cents', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('R9.018 NVMe storage is billed in 5 GB steps', () => {
    expect(storageSteps(0)).toBe(0);
    expect(storageSteps(5)).toBe(1);
    expect(storageSteps(12)).toBe(3);
    expect(storageSteps(100)).toBe(20);
  });

  it('R3.027 R3.028 a cluster price counts architecture, SLA, hardware, extra IPs and add-ons', () => {
    const cluster = {
      architecture: 'web_cluster',
      sla: 'business',
      cpu: 2,
      ramGb: 4,
      nvmeSsdGb: 25,
      nvmeDatabaseGb: 0,
      nvmeStorageGb: 12,
      ipv4Count: 2,
      ipv6Count: 1,
      addonTwoFactor: true,
      addonVpn: false,
      addonPhpExtendedSupport: false,
    } as const;
    expect(clusterPriceLines(cluster).map((l) => l.kind)).toEqual(['base', 'sla', 'cpu', 'ram', 'nvme_ssd', 'nvme_storage', 'ipv4', 'addon_two_factor']);
    // 49 + 149 + 2·12 + 4·4 + 25·0.20 + 3·0.50 + 3 + 5 = 252.50
    expect(clusterMonthlyPrice(cluster)).toEqual({ netCents: 25250, vatCents: 4798, grossCents: 30048 });
  });
});
