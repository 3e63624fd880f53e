import type { EntityManager } from '@mikro-orm/core';
import { monthlyNetRevenue, type MonthlyRevenue } from '../billing/index.ts';
import { commissionCents, countsAsOutstanding, countsAsPaid, levelFor, levelProgress, rateOf, type PartnerLevel } from './commissionRules.ts';
import { CommissionCredit } from './CommissionCredit.ts';
import type { Partner } from './Partner.ts';
import { PartnerContract } from './PartnerContract.ts';

export interface PartnerMonth {
  /** `YYYY-MM`. */
  month: string;
  revenueCents: number;
  commissionCents: number;
}

export interface PartnerOverview {
  year: number;
  /** Years with referred customers, oldest first, up to the current year. */
  years: number[];
  level: PartnerLevel;
  nextLevel: PartnerLevel | null;
  progressPercent: number;
  rateBasisPoints: number;
  months: PartnerMonth[];
  totals: { revenueCents: number; commissionCents: number; paidCents: number; outstandingCents: number };
}

/**
 * Revenue of the partner's referred customers per customer and month, counted only inside each
 * customer's contract term (a customer may have had several terms). Read from the billing module.
 */
export async function referredRevenue(em: EntityManager, partner: Partner, from: string, to: string): Promise<MonthlyRevenue[]> {
  const contracts = await em.find(PartnerContract, { partner: partner.id });
  if (!contracts.length) return [];
  const rows = await monthlyNetRevenue(em, [...new Set(contracts.map((c) => c.customer.id))], from, to);
  return rows.filter((r) =>
    contracts.some((c) => c.customer.id === r.customerId && c.startsOn.slice(0, 7) <= r.month && (c.endsOn == null || c.endsOn.slice(0, 7) >= r.month)),
  );
}

/** Revenue per year (`YYYY` → cents) of the given monthly rows. */
export function revenueByYear(rows: MonthlyRevenue[]): Map<number, number> {
  const years = new Map<number, number>();
  for (const r of rows) years.set(Number(r.month.slice(0, 4)), (years.get(Number(r.month.slice(0, 4))) ?? 0) + r.netCents);
  return years;
}

/**
 * The overview of one partner and year (§2): the level the year's revenue reaches (year to date for
 * the current year) with the progress to the next one, revenue and commission per month at that
 * level's rate, and the totals including the commission credited (paid, outstanding) in that year.
 */
export async function partnerOverview(em: EntityManager, partner: Partner, year: number, today: string): Promise<PartnerOverview> {
  const contracts = await em.find(PartnerContract, { partner: partner.id });
  const currentYear = Number(today.slice(0, 4));
  const firstYear = Math.min(currentYear, ...contracts.map((c) => Number(c.startsOn.slice(0, 4))));
  const years = Array.from({ length: currentYear - firstYear + 1 }, (_, i) => firstYear + i);
  const rows = await referredRevenue(em, partner, `${year}-01-01`, `${year}-12-31`);
  const yearRevenue = rows.reduce((a, r) => a + r.netCents, 0);
  const progress = levelProgress(yearRevenue);
  const level = levelFor(yearRevenue);
  const months: PartnerMonth[] = Array.from({ length: 12 }, (_, m) => {
    const month = `${year}-${String(m + 1).padStart(2, '0')}`;
    const revenueCents = rows.filter((r) => r.month === month).reduce((a, r) => a + r.netCents, 0);
    return { month, revenueCents, commissionCents: commissionCents(revenueCents, level) };
  });
  const credits = await em.find(CommissionCredit, { partner: partner.id, periodStart: { $gte: `${year}-01-01`, $lte: `${year}-12-31` } });
  return {
    year,
    years,
    level,
    nextLevel: progress.next,
    progressPercent: progress.percent,
    rateBasisPoints: rateOf(level),
    months,
    totals: {
      revenueCents: yearRevenue,
      commissionCents: months.reduce((a, m) => a + m.commissionCents, 0),
      paidCents: credits.filter((c) => countsAsPaid(c.status)).reduce((a, c) => a + c.amountCents, 0),
      outstandingCents: credits.filter((c) => countsAsOutstanding(c.status)).reduce((a, c) => a + c.amountCents, 0),
    },
  };
}
