import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { provider, VAT_PERCENT, withVat } from '../billing/index.ts';
import type { CommissionCredit } from './CommissionCredit.ts';
import type { Partner } from './Partner.ts';

export type CreditNoteLanguage = 'de' | 'en';

const texts = {
  de: {
    title: 'Gutschrift',
    number: 'Gutschriftsnummer',
    date: 'Datum',
    paidOn: 'Ausgezahlt am',
    period: 'Leistungszeitraum',
    partner: 'Partnernummer',
    customer: 'Vermittelter Kunde',
    purpose: 'Verwendungszweck',
    revenue: 'Provisionsrelevanter Umsatz (netto)',
    net: 'Provision netto',
    vat: `zzgl. ${VAT_PERCENT} % MwSt.`,
    gross: 'Gutschriftsbetrag',
    note: 'Der Betrag wird auf Ihr hinterlegtes Konto überwiesen.',
  },
  en: {
    title: 'Credit note',
    number: 'Credit note number',
    date: 'Date',
    paidOn: 'Paid out on',
    period: 'Service period',
    partner: 'Partner number',
    customer: 'Referred customer',
    purpose: 'Purpose',
    revenue: 'Revenue earning commission (net)',
    net: 'Commission net',
    vat: `plus ${VAT_PERCENT} % VAT`,
    gross: 'Credit total',
    note: 'The amount is transferred to your account on file.',
  },
} as const;

const locale = (l: CreditNoteLanguage) => (l === 'de' ? 'de-DE' : 'en-GB');
const ansi = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const euro = (cents: number, l: CreditNoteLanguage) => ansi(new Intl.NumberFormat(locale(l), { style: 'currency', currency: 'EUR' }).format(cents / 100));
const day = (d: string, l: CreditNoteLanguage) => new Intl.DateTimeFormat(locale(l), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

/** Renders the credit note of a commission credit (A4, standard fonts, German or English), like an invoice. */
export async function renderCreditNotePdf(credit: CommissionCredit, partner: Partner, language: CreditNoteLanguage): Promise<Uint8Array> {
  const t = texts[language];
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} ${credit.number}`);
  doc.setAuthor(provider.name);
  doc.setLanguage(language);
  doc.setCreationDate(new Date(`${credit.createdOn}T00:00:00Z`));
  doc.setModificationDate(new Date(`${credit.createdOn}T00:00:00Z`));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const text = (s: string, x: number, y: number, opts: { font?: PDFFont; size?: number; right?: boolean } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 9;
    const value = ansi(s);
    page.drawText(value, { x: opts.right ? x - font.widthOfTextAtSize(value, size) : x, y, font, size, color: rgb(0.12, 0.16, 0.22) });
  };
  text(`${provider.name} · ${provider.street} · ${provider.city}`, 50, 790, { size: 7 });
  text(partner.name, 50, 766, { size: 10 });
  text(`${t.title} ${credit.number}`, 50, 640, { font: bold, size: 16 });
  const meta: [string, string][] = [
    [t.number, credit.number],
    [t.date, day(credit.createdOn, language)],
    [t.paidOn, credit.paidOn ? day(credit.paidOn, language) : '–'],
    [t.period, `${day(credit.periodStart, language)} – ${day(credit.periodEnd, language)}`],
    [t.partner, String(partner.number)],
  ];
  let my = 790;
  for (const [k, v] of meta) {
    text(k, 360, my, { size: 8 });
    text(v, 545, my, { size: 8, right: true });
    my -= 12;
  }
  let y = 600;
  for (const [k, v] of [
    [t.purpose, credit.purpose],
    [t.customer, `${credit.customer.company} (${credit.customer.number})`],
    [t.revenue, euro(credit.revenueCents, language)],
  ] as const) {
    text(k, 50, y, { font: bold });
    text(v, 250, y);
    y -= 16;
  }
  const amounts = withVat(credit.amountCents);
  y -= 10;
  page.drawLine({ start: { x: 300, y: y + 10 }, end: { x: 545, y: y + 10 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  for (const [label, cents, font] of [
    [t.net, amounts.netCents, regular],
    [t.vat, amounts.vatCents, regular],
    [t.gross, amounts.grossCents, bold],
  ] as const) {
    text(label, 300, y, { font });
    text(euro(cents, language), 545, y, { font, right: true });
    y -= 14;
  }
  text(t.note, 50, y - 16);
  text(`${provider.name} · USt-IdNr. ${provider.vatId}`, 50, 40, { size: 7 });
  return doc.save({ useObjectStreams: false });
}
