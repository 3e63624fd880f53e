/**
 * What a scan costs (shown before it starts, kept in its report). Spec §9 (R9.023): security scans are free
 * for customers with the Basic SLA from 15.05.2025 to 27.01.2026 (both days included, dates in the portal's
 * time zone, Europe/Berlin). The spec names no price otherwise; `scanPriceCents` is the portal's demo price
 * (net, like the demo price list of core's billing, docs/decisions.md).
 */
export const freeScans = { sla: 'basic', from: '2025-05-15', to: '2026-01-27' } as const;
export const scanPriceCents = 1900;

/** The calendar day of `at` in Europe/Berlin, `yyyy-mm-dd`. */
export const berlinDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export interface ScanPrice {
  free: boolean;
  /** Net euro cents; 0 when free. */
  cents: number;
  /** Why it is free (`basic_sla_offer`) or not (`sla_not_basic`, `offer_ended`, `offer_not_started`). */
  reason: 'basic_sla_offer' | 'sla_not_basic' | 'offer_ended' | 'offer_not_started';
  freeFrom: string;
  freeUntil: string;
}

export function scanPrice(sla: string, at: Date): ScanPrice {
  const day = berlinDay(at);
  const window = { freeFrom: freeScans.from, freeUntil: freeScans.to };
  const charged = (reason: ScanPrice['reason']): ScanPrice => ({ free: false, cents: scanPriceCents, reason, ...window });
  if (sla !== freeScans.sla) return charged('sla_not_basic');
  if (day < freeScans.from) return charged('offer_not_started');
  if (day > freeScans.to) return charged('offer_ended');
  return { free: true, cents: 0, reason: 'basic_sla_offer', ...window };
}
