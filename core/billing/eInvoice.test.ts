import type { Customer } from '../customers/index.ts';
import { renderFacturX, renderXRechnung, unitPrice } from './eInvoice.ts';
import type { Invoice, InvoicePosition } from './Invoice.ts';

const invoice = { id: 1, number: 'R202611-10001', issuedOn: '2026-11-01', dueOn: '2026-11-15', periodStart: '2026-10-01', periodEnd: '2026-10-31', status: 'open', paymentMethod: 'transfer', netCents: 12000, vatCents: 2280, grossCents: 14280 } as Invoice;
const positions = [
  { position: 1, kind: 'base', subject: 'Grundpreis Extended Web Cluster', periodStart: '2026-10-01', periodEnd: '2026-10-31', quantity: 1, unit: 'month', unitPrice4: 1_000_000, netCents: 10000 },
  { position: 2, kind: 'cpu', subject: 'vCPU (täglich)', periodStart: '2026-10-01', periodEnd: '2026-10-31', quantity: 31, unit: 'day', unitPrice4: 6452, netCents: 2000 },
] as InvoicePosition[];
const settings = { creditorId: 'DE98ZZZ09999999999' };
const customer = { id: 1, number: 10001, company: 'Müller & Schmidt Online GmbH', street: 'Hauptstraße 5', zip: '80331', city: 'München', country: 'de', vatId: 'DE136695976', invoiceEmails: 'rechnung@mueller.example', referenceSign: null } as unknown as Customer;

describe('e-invoice (ZUGFeRD/Factur-X and XRechnung)', () => {
  // Schema and business-rule validation of these documents: bff/src/handlers/invoices.test.ts and the e2e spec.
  test('BR-CO-10 a daily price becomes the monthly price per 30 days (two decimals, base quantity), so lines compute exactly', () => {
    expect(unitPrice({ unit: 'month', unitPrice4: 1_000_000 })).toEqual({ amount: '100.00', baseQuantity: 1 });
    expect(unitPrice({ unit: 'day', unitPrice4: 6452 })).toEqual({ amount: '19.36', baseQuantity: 30 });
    expect(unitPrice({ unit: 'day', unitPrice4: 4000 })).toEqual({ amount: '12.00', baseQuantity: 30 });
  });

  test('R9.007 the XRechnung names the XRechnung 3.0 CIUS, the buyer reference, totals with 19 % VAT and daily prices as the monthly price per 30 days', async () => {
    const xml = await renderXRechnung(invoice, positions, customer, 'de', settings);
    expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toMatch(/<ram:BuyerReference>10001<\/ram:BuyerReference>/);
    expect(xml).toContain('<ram:LineTotalAmount>120.00</ram:LineTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">22.80</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>142.80</ram:GrandTotalAmount>');
    expect(xml).toMatch(/<ram:ChargeAmount>19.36<\/ram:ChargeAmount>\s*<ram:BasisQuantity unitCode="DAY">30<\/ram:BasisQuantity>/);
    expect(xml).toContain('<ram:TypeCode>58</ram:TypeCode>');
  });

  test('BR-DE-30 a direct debit invoice carries the creditor identifier (BT-90), the mandate and the debited account, and no payee besides the seller (BR-17); the Factur-X is a PDF', async () => {
    const debit = { ...customer, iban: 'DE02120300000000202051', mandateReference: 'M10001-20260101-AB12' } as Customer;
    const xml = await renderXRechnung({ ...invoice, paymentMethod: 'debit' } as Invoice, positions, debit, 'en', settings);
    expect(xml).toContain('<ram:TypeCode>59</ram:TypeCode>');
    expect(xml).toContain('M10001-20260101-AB12');
    expect(xml).toContain('DE02120300000000202051');
    expect(xml).toContain('<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>');
    expect(xml).not.toContain('PayeeTradeParty');
    // A transfer names no creditor identifier.
    expect(await renderXRechnung(invoice, positions, customer, 'en', settings)).not.toContain('CreditorReferenceID');
    const pdf = await renderFacturX(invoice, positions, customer, 'en', settings);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
