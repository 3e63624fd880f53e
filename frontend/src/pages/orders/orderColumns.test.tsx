import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import '../../i18n';
import { loadTranslations } from '../../i18n';
import { certificateValidation, isAmountColumn, orderColumns, useOrderCell } from './orderColumns';
import type { Order } from './ordersApi';

/** The table columns of §3 "Order". */
const specColumns = [
  'order_number', 'architecture', 'sla', 'customer_number', 'customer', 'monthly_fee', 'registration', 'order_date', 'domain', 'type', 'one_time_purchase', 'runtime',
  'cluster_number', 'hardware', 'nvme_storage', 'addons', 'total', 'regular_annual_fee', 'certificate', 'one_time_fee', 'verification', 'duration', 'authentication',
  'valid_until', 'basic_charge',
];

const eur = (amount: string) => ({ amount, currency: 'EUR' as const });
const sums = (net: string, vat: string, gross: string) => ({ net: eur(net), vat: eur(vat), gross: eur(gross) });
const base = { status: 'completed', orderedAt: '2026-03-02T10:00:00Z', customer: { id: 1, number: 10001, company: 'Müller & Schmidt Online GmbH' }, failureReason: null };

const clusterOrder = {
  ...base,
  type: 'cluster',
  number: 'B-100001',
  clusterNumber: '50001',
  domain: null,
  cluster: {
    architecture: 'extended_web_cluster', sla: 'business', cpu: 4, ramGb: 8, nvmeSsdGb: 100, nvmeStorageGb: 20, additionalIpv4: 0, additionalIpv6: 0,
    addons: { twoFactor: true, vpn: false, phpExtendedSupport: false }, contractMode: 'production', clusterName: 'Shop', referenceSign: null,
  },
  price: {
    lines: [
      { code: 'cluster.base.extended_web_cluster', quantity: 1, unitPrice: eur('99.00'), net: eur('99.00'), period: 'month' },
      { code: 'cluster.cpu', quantity: 4, unitPrice: eur('10.00'), net: eur('40.00'), period: 'month' },
    ],
    monthly: sums('139.00', '26.41', '165.41'),
    oneTime: sums('0.00', '0.00', '0.00'),
  },
} as unknown as Order;

const certificateOrder = (certificateType: string, number: string) =>
  ({
    ...base,
    type: 'certificate',
    number,
    clusterNumber: null,
    domain: 'shop.example',
    cluster: null,
    certificate: { certificateType, termMonths: 12, keyBits: 4096, domains: ['shop.example'], verifications: [{ domain: 'shop.example', method: 'dns' }], referenceSign: null },
    price: { lines: [], monthly: sums('0.00', '0.00', '0.00'), oneTime: sums('100.00', '19.00', '119.00') },
  }) as unknown as Order;

function Row({ order, columns }: { order: Order; columns: string[] }) {
  const cell = useOrderCell();
  return (
    <table>
      <tbody>
        <tr data-order={order.number}>
          {columns.map((c) => (
            <td key={c} data-column={c}>
              {cell(order, c)}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

const cellText = (order: string, column: string) => document.querySelector(`[data-order="${order}"] [data-column="${column}"]`)?.textContent?.replace(/\u00a0/g, ' ');

describe('order table columns (§3 Order)', () => {
  beforeAll(() => loadTranslations(['orders', 'ordersDomain']));

  it('R3.052 the three tabs together show every column of §3, each labelled in German and English', async () => {
    const shown = new Set<string>(Object.values(orderColumns).flat());
    expect(specColumns.filter((c) => !shown.has(c))).toEqual([]);
    for (const lang of ['de', 'en']) {
      await i18next.changeLanguage(lang);
      for (const c of specColumns) expect([lang, c, i18next.exists(`orders:columns.${c}`)]).toEqual([lang, c, true]);
    }
    expect(['basic_charge', 'monthly_fee', 'total'].every(isAmountColumn)).toBe(true);
  });

  it('R3.052 the basic charge is the monthly base price of the architecture; authentication is the validation level of the certificate type', async () => {
    await i18next.changeLanguage('en');
    render(
      <MemoryRouter>
        <Row order={clusterOrder} columns={orderColumns.cluster} />
        <Row order={certificateOrder('domain_ssl', 'Z-1')} columns={orderColumns.certificate} />
        <Row order={certificateOrder('organization_wildcard_ssl', 'Z-2')} columns={orderColumns.certificate} />
        <Row order={certificateOrder('multi_extended_ssl', 'Z-3')} columns={orderColumns.certificate} />
      </MemoryRouter>,
    );
    expect(cellText('B-100001', 'basic_charge')).toBe('€99.00');
    expect(cellText('B-100001', 'monthly_fee')).toBe('€139.00');
    expect(cellText('Z-1', 'authentication')).toBe('Domain validation');
    expect(cellText('Z-2', 'authentication')).toBe('Organisation validation');
    expect(cellText('Z-3', 'authentication')).toBe('Extended validation (EV)');
    expect(screen.getAllByRole('link', { name: /^Z-/ })).toHaveLength(3);
    expect(certificateValidation('wildcard_ssl')).toBe('domain');
    expect(certificateValidation('extended_ssl')).toBe('extended');
    cleanup();
    await i18next.changeLanguage('de');
  });
});
