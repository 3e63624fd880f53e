import type { EntityManager } from '@mikro-orm/core';
import { sumCents, withVat, type Amounts } from '../billing/index.ts';
import { PriceListEntry, type PricePeriod } from './PriceListEntry.ts';

/** The price list as the rules read it: code → period and net cents. */
export type PriceTable = ReadonlyMap<string, { period: PricePeriod; netCents: number }>;

/** One line of an order's price: what, how many, at which unit price (net cents). */
export interface OrderPriceLine {
  code: string;
  quantity: number;
  unitCents: number;
  netCents: number;
  /** Monthly lines are billed every month; one-time fees once. */
  period: 'month' | 'once';
}

/** An order's price as every wizard step and the summary show it: monthly and one-time, each net, VAT 19 % and gross (§9). */
export interface OrderPrice {
  lines: OrderPriceLine[];
  monthly: Amounts;
  oneTime: Amounts;
}

/** Reads the price list from the database (it is small: tens of rows). */
export async function loadPriceTable(em: EntityManager): Promise<PriceTable> {
  const rows = await em.find(PriceListEntry, {});
  return new Map(rows.map((r) => [r.code, { period: r.period, netCents: r.netCents }]));
}

/** The net unit price of a code; a missing code is a broken price list, not a user error. */
export function unitPrice(table: PriceTable, code: string): number {
  const entry = table.get(code);
  if (!entry) throw new Error(`price list has no entry ${code}`);
  return entry.netCents;
}

/** A price line of `quantity` units of `code`. */
export function priceLine(table: PriceTable, code: string, quantity: number, period: OrderPriceLine['period'] = 'month'): OrderPriceLine {
  const unitCents = unitPrice(table, code);
  return { code, quantity, unitCents, netCents: quantity * unitCents, period };
}

/** Sums lines into monthly and one-time amounts, VAT on each sum (not per line). */
export function totalOf(lines: OrderPriceLine[]): OrderPrice {
  return {
    lines,
    monthly: withVat(sumCents(lines.filter((l) => l.period === 'month').map((l) => l.netCents))),
    oneTime: withVat(sumCents(lines.filter((l) => l.period === 'once').map((l) => l.netCents))),
  };
}
