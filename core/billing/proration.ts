import { addDays, daysBetween, endOfMonth, type Day } from './calendar.ts';
import { withVat, type Amounts } from './money.ts';
import { clusterPriceLines, type ClusterHardware, type PriceLineKind } from './pricing.ts';

/** Hardware, add-ons and the package are billed per day at a 30-day month's share of the monthly price (docs/decisions.md). */
export const DAYS_PER_BILLING_MONTH = 30;

/** The rest of the billing period (the calendar month) from `from` on, both days included. */
export function restOfBillingPeriod(from: Day): { from: Day; to: Day; days: number } {
  const to = endOfMonth(from);
  return { from, to, days: daysBetween(from, to) + 1 };
}

/**
 * A monthly net price for `days` days at the exact daily rate (monthly ÷ 30), rounded once to cents, half away
 * from zero. No daily price is rounded first: that made invoices drift from the contract prices (issue 31).
 */
export function prorateCents(monthlyCents: number, days: number): number {
  const exact = monthlyCents * days; // in 1/30 cent
  return Math.sign(exact) * Math.round(Math.abs(exact) / DAYS_PER_BILLING_MONTH);
}

export interface ChangePreview {
  period: { from: Day; to: Day; days: number };
  /** Monthly price before and after the change. */
  currentMonthly: Amounts;
  proposedMonthly: Amounts;
  /** What the change adds (or saves, negative) for the rest of the billing period, per line and in total. */
  lines: { kind: PriceLineKind; netCents: number }[];
  difference: Amounts;
}

/**
 * Cost preview of a hardware, add-on or package change taking effect on `from`: the difference of every
 * price line, prorated for the rest of the billing period; VAT on the net sum (like an invoice).
 */
export function previewChange(current: ClusterHardware, proposed: ClusterHardware, from: Day): ChangePreview {
  const period = restOfBillingPeriod(from);
  const before = new Map(clusterPriceLines(current).map((l) => [l.kind, l.netCents]));
  const after = new Map(clusterPriceLines(proposed).map((l) => [l.kind, l.netCents]));
  const kinds = [...new Set([...before.keys(), ...after.keys()])];
  const lines = kinds
    .map((kind) => ({ kind, netCents: prorateCents((after.get(kind) ?? 0) - (before.get(kind) ?? 0), period.days) }))
    .filter((l) => l.netCents !== 0);
  const sum = (m: Map<PriceLineKind, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    period,
    currentMonthly: withVat(sum(before)),
    proposedMonthly: withVat(sum(after)),
    lines,
    difference: withVat(lines.reduce((a, l) => a + l.netCents, 0)),
  };
}

export interface TerminationCostPreview {
  /** The rest of the current billing period, prorated. */
  restOfPeriod: { from: Day; to: Day; days: number; amounts: Amounts };
  /** Whole months after the current one until the end of term. */
  fullMonths: number;
  /** Everything still billed until the end of term. */
  total: Amounts;
}

/**
 * What a cluster contract still costs when terminated on `today` with the end of term `endOfTerm` (a
 * month end): the rest of this month from tomorrow on, prorated, plus every full month until the end.
 */
export function previewTermination(hardware: ClusterHardware, today: Day, endOfTerm: Day): TerminationCostPreview {
  const monthly = clusterPriceLines(hardware).reduce((a, l) => a + l.netCents, 0);
  const from = addDays(today, 1);
  // On a month's last day nothing of this month is left.
  const lastDay = from > endOfMonth(today);
  const rest = lastDay ? { from, to: today, days: 0 } : restOfBillingPeriod(from);
  const restCents = prorateCents(monthly, rest.days);
  let fullMonths = 0;
  for (let m = endOfMonth(from, lastDay ? 0 : 1); m <= endOfTerm; m = endOfMonth(m, 1)) fullMonths++;
  return { restOfPeriod: { ...rest, amounts: withVat(restCents) }, fullMonths, total: withVat(restCents + fullMonths * monthly) };
}
