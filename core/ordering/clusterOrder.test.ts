import { clusterMonthlyPrice, hardwareRanges, VAT_PERCENT, CURRENCY } from '../billing/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { clusterDetailsOf, clusterDraftErrors, clusterOrderPrice, type ClusterOrderDraft } from './clusterOrder.ts';
import { orderStatuses } from './Order.ts';
import { loadPriceTable, type PriceTable } from './pricing.ts';

let db: TestDatabase;
let table: PriceTable;
beforeAll(async () => {
  db = await createTestDatabase();
  table = await loadPriceTable(db.orm.em.fork());
});
afterAll(() => db.close());

/** A complete draft of the cheapest web cluster; tests change what they look at. */
const draftOf = (extra: Partial<ClusterOrderDraft> = {}): ClusterOrderDraft => ({
  customerId: 1,
  architecture: 'web_cluster',
  sla: 'basic',
  cpu: 1,
  ramGb: 2,
  nvmeSsdGb: 25,
  nvmeStorageGb: 10,
  additionalIpv4: 0,
  additionalIpv6: 0,
  addons: {},
  contractMode: 'production',
  clusterName: 'Shop',
  acceptTerms: true,
  ...extra,
});

describe('cluster order: validation per step (§2 cluster order wizard, §9 hardware ranges)', () => {
  it('R2.046 each step checks its own fields and those before it, not those after it', () => {
    expect(clusterDraftErrors({}, 'customer')).toEqual({ customerId: ['validation.required'] });
    expect(clusterDraftErrors({ customerId: 1 }, 'architecture')).toEqual({ architecture: ['validation.required'] });
    expect(clusterDraftErrors({ customerId: 1, architecture: 'web_cluster' }, 'service')).toEqual({ sla: ['validation.required'] });
    expect(clusterDraftErrors(draftOf({ clusterName: '', acceptTerms: false }), 'configuration')).toEqual({});
    expect(clusterDraftErrors(draftOf({ clusterName: ' ', acceptTerms: false }), 'order')).toEqual({ clusterName: ['validation.required'], acceptTerms: ['errors.order_terms_required'] });
    expect(clusterDraftErrors(draftOf({ clusterName: 'x'.repeat(65) }), 'order')).toEqual({ clusterName: ['validation.maxLength'] });
  });

  it.each([
    ['R9.026', 'web_cluster', hardwareRanges.web_cluster, { cpu: [1, 16], ramGb: [2, 48], nvmeSsdGb: [25, 250], nvmeStorageGb: [10, 500] }],
    ['R9.027', 'extended_web_cluster', hardwareRanges.extended_web_cluster, { cpu: [2, 32], ramGb: [4, 96], nvmeSsdGb: [50, 500], nvmeStorageGb: [20, 500] }],
    ['R9.028', 'cloud_web_cluster', hardwareRanges.cloud_web_cluster, { cpu: [4, 192], ramGb: [4, 512], nvmeSsdGb: [50, 500], nvmeStorageGb: [20, 500] }],
  ] as const)('%s %s: CPU, RAM, NVMe SSD and NVMe storage within the ranges of §9', (_id, architecture, ranges, expected) => {
    expect(ranges).toEqual(expected);
    const at = (pick: 0 | 1) => ({ cpu: expected.cpu[pick], ramGb: expected.ramGb[pick], nvmeSsdGb: expected.nvmeSsdGb[pick], nvmeStorageGb: expected.nvmeStorageGb[pick] });
    expect(clusterDraftErrors(draftOf({ architecture, ...at(0) }), 'configuration')).toEqual({});
    expect(clusterDraftErrors(draftOf({ architecture, ...at(1) }), 'configuration')).toEqual({});
    const below = { cpu: expected.cpu[0] - 1, ramGb: expected.ramGb[0] - 1, nvmeSsdGb: expected.nvmeSsdGb[0] - 1, nvmeStorageGb: expected.nvmeStorageGb[0] - 1 };
    expect(clusterDraftErrors(draftOf({ architecture, ...below }), 'configuration')).toEqual({
      cpu: ['validation.minimum'],
      ramGb: ['validation.minimum'],
      nvmeSsdGb: ['validation.minimum'],
      nvmeStorageGb: ['validation.minimum'],
    });
    const above = { cpu: expected.cpu[1] + 1, ramGb: expected.ramGb[1] + 1, nvmeSsdGb: expected.nvmeSsdGb[1] + 1, nvmeStorageGb: expected.nvmeStorageGb[1] + 1 };
    expect(clusterDraftErrors(draftOf({ architecture, ...above, additionalIpv4: 17, cpu: 2.5 }), 'configuration')).toEqual({
      cpu: ['validation.type'],
      ramGb: ['validation.maximum'],
      nvmeSsdGb: ['validation.maximum'],
      nvmeStorageGb: ['validation.maximum'],
      additionalIpv4: ['validation.maximum'],
    });
  });
});

describe('cluster order: prices from the price list in the database (§9)', () => {
  it('R9.007 R9.025 monthly net, 19 % VAT and gross in EUR cents, and the set-up fee once', () => {
    expect(VAT_PERCENT).toBe(19);
    expect(CURRENCY).toBe('EUR');
    const price = clusterOrderPrice(table, draftOf());
    // base 49.00 + CPU 1×12.00 + RAM 2×4.00 + SSD 25×0.20 + storage 2 steps×0.50 = 75.00
    expect(price.monthly).toEqual({ netCents: 7500, vatCents: 1425, grossCents: 8925 });
    expect(price.oneTime).toEqual({ netCents: 9900, vatCents: 1881, grossCents: 11781 });
    expect(price.lines.map((l) => [l.code, l.quantity, l.period])).toEqual([
      ['cluster.base.web_cluster', 1, 'month'],
      ['cluster.sla.basic', 1, 'month'],
      ['cluster.cpu', 1, 'month'],
      ['cluster.ram_gb', 2, 'month'],
      ['cluster.nvme_ssd_gb', 25, 'month'],
      ['cluster.nvme_storage_5gb', 2, 'month'],
      ['cluster.setup.web_cluster', 1, 'once'],
    ]);
  });

  it('R9.018 NVMe storage is priced per started 5 GB step', () => {
    const storage = (gb: number) => clusterOrderPrice(table, draftOf({ nvmeStorageGb: gb })).lines.find((l) => l.code === 'cluster.nvme_storage_5gb')!.quantity;
    expect([storage(10), storage(11), storage(15), storage(16)]).toEqual([2, 3, 3, 4]);
  });

  it('R2.048 early steps show the price of the smallest hardware; no architecture, no price', () => {
    expect(clusterOrderPrice(table, { customerId: 1 }).monthly.netCents).toBe(0);
    expect(clusterOrderPrice(table, { architecture: 'web_cluster' }).monthly.netCents).toBe(7500);
  });

  it('R9.019 the order costs what the contract bills: every configuration priced like the billing module prices the cluster', () => {
    const configs: Partial<ClusterOrderDraft>[] = [
      {},
      { architecture: 'extended_web_cluster', sla: 'business', cpu: 8, ramGb: 32, nvmeSsdGb: 200, nvmeStorageGb: 123, additionalIpv4: 2, additionalIpv6: 3, addons: { twoFactor: true } },
      { architecture: 'cloud_web_cluster', sla: 'enterprise', cpu: 192, ramGb: 512, nvmeSsdGb: 500, nvmeStorageGb: 500, addons: { vpn: true, phpExtendedSupport: true } },
      { sla: 'dev', contractMode: 'development' },
    ];
    for (const extra of configs) {
      const d = clusterDetailsOf(draftOf(extra) as Parameters<typeof clusterDetailsOf>[0]);
      const billed = clusterMonthlyPrice({
        architecture: d.architecture,
        sla: d.sla,
        cpu: d.cpu,
        ramGb: d.ramGb,
        nvmeSsdGb: d.nvmeSsdGb,
        nvmeDatabaseGb: 0,
        nvmeStorageGb: d.nvmeStorageGb,
        ipv4Count: 1 + d.additionalIpv4,
        ipv6Count: 1 + d.additionalIpv6,
        addonTwoFactor: d.addons.twoFactor,
        addonVpn: d.addons.vpn,
        addonPhpExtendedSupport: d.addons.phpExtendedSupport,
      });
      expect(clusterOrderPrice(table, d).monthly).toEqual(billed);
    }
  });

  it('R3.051 every order status of §3 exists', () => {
    expect([...orderStatuses].sort()).toEqual(
      ['accepted', 'open', 'completed', 'declined', 'cancelled', 'preparation_in_progress', 'preparation_failed', 'preparation_completed', 'pending'].sort(),
    );
  });
});
