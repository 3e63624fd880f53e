import type { EntityManager } from '@mikro-orm/core';
import { centsToDecimal } from '../billing/index.ts';
import type { Customer } from '../customers/index.ts';
import { NotFound } from '../platform/index.ts';
import { countsAsOutstanding, countsAsPaid, type PayoutStatus } from './commissionRules.ts';
import { CommissionCredit } from './CommissionCredit.ts';
import type { Partner } from './Partner.ts';
import { PartnerContract } from './PartnerContract.ts';

export interface CreditList {
  credits: CommissionCredit[];
  /** The partner's referred customers (the payouts filter), by number. */
  customers: Customer[];
  sums: { totalCents: number; paidCents: number; outstandingCents: number };
}

/** The partner's commission credits, newest first, optionally of one referred customer, with their sums (§2 payouts). */
export async function listCommissionCredits(em: EntityManager, partner: Partner, customerId?: number): Promise<CreditList> {
  const contracts = await em.find(PartnerContract, { partner: partner.id }, { populate: ['customer'] });
  const customers = [...new Map(contracts.map((c) => [c.customer.id, c.customer])).values()].sort((a, b) => a.number - b.number);
  const credits = await em.find(
    CommissionCredit,
    { partner: partner.id, ...(customerId ? { customer: customerId } : {}) },
    { populate: ['customer'], orderBy: { createdOn: 'desc', id: 'desc' } },
  );
  const sum = (f: (s: PayoutStatus) => boolean) => credits.filter((c) => f(c.status)).reduce((a, c) => a + c.amountCents, 0);
  return {
    credits,
    customers,
    sums: { totalCents: sum((s) => s !== 'cancelled'), paidCents: sum(countsAsPaid), outstandingCents: sum(countsAsOutstanding) },
  };
}

/** One credit of the partner, else 404 (another partner's credit looks like an unknown one). */
export async function findCommissionCredit(em: EntityManager, partner: Partner, creditId: number): Promise<CommissionCredit> {
  const credit = await em.findOne(CommissionCredit, { id: creditId, partner: partner.id }, { populate: ['customer', 'partner'] });
  if (!credit) throw NotFound('errors.credit_not_found');
  return credit;
}

const csvHeaders = {
  de: ['Gutschrift', 'Erstellt am', 'Ausgezahlt am', 'Verwendungszweck', 'Kundennummer', 'Kunde', 'Betrag (EUR)', 'Status'],
  en: ['Credit note', 'Created on', 'Paid out on', 'Purpose', 'Customer number', 'Customer', 'Amount (EUR)', 'Status'],
} as const;

const statusNames: Record<'de' | 'en', Record<PayoutStatus, string>> = {
  de: { open: 'Offen', approved: 'Freigegeben', paid: 'Ausgezahlt', cancelled: 'Storniert' },
  en: { open: 'Open', approved: 'Approved', paid: 'Paid out', cancelled: 'Cancelled' },
};

/** A field for CSV: quoted when needed, and never read as a formula by a spreadsheet. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The credits as CSV (semicolon-separated, UTF-8 with BOM, so spreadsheet programs in both languages
 * open it); amounts as decimal numbers with a point (German: comma).
 */
export function commissionCreditsCsv(credits: CommissionCredit[], language: 'de' | 'en'): string {
  const amount = (cents: number) => (language === 'de' ? centsToDecimal(cents).replace('.', ',') : centsToDecimal(cents));
  const lines = [csvHeaders[language].map(csvField).join(';')];
  for (const c of credits)
    lines.push(
      [c.number, c.createdOn, c.paidOn ?? '', c.purpose, String(c.customer.number), c.customer.company, amount(c.amountCents), statusNames[language][c.status]]
        .map(csvField)
        .join(';'),
    );
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
