import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Customer } from '../customers/index.ts';
import type { Invoice, InvoicePosition } from './Invoice.ts';
import { centsToDecimal, VAT_PERCENT } from './money.ts';

export type InvoiceLanguage = 'de' | 'en';

const texts = {
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    due: 'Fällig am',
    period: 'Leistungszeitraum',
    customer: 'Kundennummer',
    position: 'Pos.',
    description: 'Leistung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    net: 'Summe netto',
    vat: `zzgl. ${VAT_PERCENT} % MwSt.`,
    gross: 'Rechnungsbetrag',
    payment: { transfer: 'Bitte überweisen Sie den Betrag bis zum Fälligkeitsdatum.', debit: 'Der Betrag wird per SEPA-Lastschrift eingezogen.', credit_card: 'Der Betrag wird Ihrer Kreditkarte belastet.' },
    unit: { month: 'Monat(e)', day: 'Tag(e)', piece: 'Stück', year: 'Jahr(e)' },
    page: 'Seite',
    kind: { base: 'Grundpreis', sla: 'Managed Service', cpu: 'CPU (vCPU-Tage)', ram: 'RAM (GB-Tage)', nvme_ssd: 'NVMe SSD (GB-Tage)', nvme_database: 'NVMe Datenbank (GB-Tage)', nvme_storage: 'NVMe Storage (5-GB-Schritt-Tage)', ipv4: 'Zusätzliche IPv4', ipv6: 'Zusätzliche IPv6', addon_two_factor: 'Add-on Zwei-Faktor-Authentifizierung', addon_vpn: 'Add-on VPN', addon_php_extended_support: 'Add-on PHP Extended Support' } as Record<string, string>,
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    due: 'Due on',
    period: 'Service period',
    customer: 'Customer number',
    position: 'No.',
    description: 'Service',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    net: 'Total net',
    vat: `plus ${VAT_PERCENT} % VAT`,
    gross: 'Invoice total',
    payment: { transfer: 'Please transfer the amount by the due date.', debit: 'The amount will be collected by SEPA direct debit.', credit_card: 'The amount will be charged to your credit card.' },
    unit: { month: 'month(s)', day: 'day(s)', piece: 'piece(s)', year: 'year(s)' },
    page: 'Page',
    kind: { base: 'Base price', sla: 'Managed service', cpu: 'CPU (vCPU days)', ram: 'RAM (GB days)', nvme_ssd: 'NVMe SSD (GB days)', nvme_database: 'NVMe database (GB days)', nvme_storage: 'NVMe storage (5 GB step days)', ipv4: 'Additional IPv4', ipv6: 'Additional IPv6', addon_two_factor: 'Add-on two-factor authentication', addon_vpn: 'Add-on VPN', addon_php_extended_support: 'Add-on PHP Extended Support' } as Record<string, string>,
  },
} as const;

const locale = (l: InvoiceLanguage) => (l === 'de' ? 'de-DE' : 'en-GB');
const euro = (cents: number, l: InvoiceLanguage) => new Intl.NumberFormat(locale(l), { style: 'currency', currency: 'EUR' }).format(Number(centsToDecimal(cents)));
const euro4 = (unitPrice4: number, l: InvoiceLanguage) =>
  new Intl.NumberFormat(locale(l), { style: 'currency', currency: 'EUR', minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(unitPrice4 / 10_000);
const day = (d: string, l: InvoiceLanguage) => new Intl.DateTimeFormat(locale(l), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

/** The provider named on every invoice (demo values, §9: the real bank details are configured, not reproduced). */
export const provider = {
  name: 'Managed Hosting GmbH',
  street: 'Beispielstraße 1',
  city: '10115 Berlin',
  vatId: 'DE123456789',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

/** Narrow non-breaking spaces from Intl are outside the standard fonts' WinAnsi encoding. */
const ansi = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** Renders an invoice as PDF (A4, standard fonts, German or English). */
export async function renderInvoicePdf(invoice: Invoice, positions: InvoicePosition[], customer: Customer, language: InvoiceLanguage): Promise<Uint8Array> {
  const t = texts[language];
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} ${invoice.number}`);
  doc.setAuthor(provider.name);
  doc.setLanguage(language);
  doc.setCreationDate(new Date(`${invoice.issuedOn}T00:00:00Z`));
  doc.setModificationDate(new Date(`${invoice.issuedOn}T00:00:00Z`));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595.28, 841.89]);
  let y = 790;
  const text = (p: PDFPage, s: string, x: number, yy: number, opts: { font?: PDFFont; size?: number; right?: boolean } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 9;
    const value = ansi(s);
    p.drawText(value, { x: opts.right ? x - font.widthOfTextAtSize(value, size) : x, y: yy, font, size, color: rgb(0.12, 0.16, 0.22) });
  };
  text(page, `${provider.name} · ${provider.street} · ${provider.city}`, 50, y, { size: 7 });
  y -= 24;
  for (const line of [customer.company, customer.department ?? '', customer.street, `${customer.zip} ${customer.city}`].filter(Boolean)) {
    text(page, line, 50, y, { size: 10 });
    y -= 13;
  }
  text(page, `${t.title} ${invoice.number}`, 50, 640, { font: bold, size: 16 });
  const meta: [string, string][] = [
    [t.number, invoice.number],
    [t.date, day(invoice.issuedOn, language)],
    [t.due, day(invoice.dueOn, language)],
    [t.period, `${day(invoice.periodStart, language)} – ${day(invoice.periodEnd, language)}`],
    [t.customer, String(customer.number)],
  ];
  let my = 790;
  for (const [k, v] of meta) {
    text(page, k, 360, my, { size: 8 });
    text(page, v, 545, my, { size: 8, right: true });
    my -= 12;
  }
  y = 610;
  const header = () => {
    text(page, t.position, 50, y, { font: bold });
    text(page, t.description, 80, y, { font: bold });
    text(page, t.quantity, 380, y, { font: bold, right: true });
    text(page, t.unitPrice, 465, y, { font: bold, right: true });
    text(page, t.amount, 545, y, { font: bold, right: true });
    y -= 6;
    page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    y -= 12;
  };
  header();
  for (const p of positions) {
    if (y < 120) {
      page = doc.addPage([595.28, 841.89]);
      y = 790;
      header();
    }
    text(page, String(p.position), 50, y);
    text(page, `${p.subject}: ${t.kind[p.kind] ?? p.kind}`.slice(0, 70), 80, y);
    text(page, `${p.quantity} ${t.unit[p.unit]}`, 380, y, { right: true });
    text(page, euro4(p.unitPrice4, language), 465, y, { right: true });
    text(page, euro(p.netCents, language), 545, y, { right: true });
    y -= 10;
    text(page, `${day(p.periodStart, language)} – ${day(p.periodEnd, language)}`, 80, y, { size: 7 });
    y -= 13;
  }
  y -= 6;
  page.drawLine({ start: { x: 300, y: y + 8 }, end: { x: 545, y: y + 8 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  for (const [label, cents, font] of [
    [t.net, invoice.netCents, regular],
    [t.vat, invoice.vatCents, regular],
    [t.gross, invoice.grossCents, bold],
  ] as const) {
    text(page, label, 300, y, { font });
    text(page, euro(cents, language), 545, y, { font, right: true });
    y -= 14;
  }
  y -= 10;
  text(page, t.payment[invoice.paymentMethod], 50, y);
  text(page, `${provider.name} · IBAN ${provider.iban} · BIC ${provider.bic} · USt-IdNr. ${provider.vatId}`, 50, 40, { size: 7 });
  return doc.save({ useObjectStreams: false });
}

/** A small cache of rendered PDFs (invoices do not change once issued); keyed by id, language and link-free content. */
const cache = new Map<string, Uint8Array>();
const CACHE_SIZE = 200;

export async function cachedInvoicePdf(invoice: Invoice, positions: InvoicePosition[], customer: Customer, language: InvoiceLanguage): Promise<Uint8Array> {
  const key = `${invoice.id}:${invoice.number}:${invoice.status}:${language}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const pdf = await renderInvoicePdf(invoice, positions, customer, language);
  cache.set(key, pdf);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return pdf;
}
