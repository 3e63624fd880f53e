import type { EntityManager } from '@mikro-orm/core';
import { Cluster } from '../clusters/index.ts';
import { Customer } from '../customers/index.ts';
import { addDays, daysInMonth, endOfMonth } from './calendar.ts';
import { Invoice, InvoicePosition, type InvoiceStatus } from './Invoice.ts';
import { sumCents, withVat } from './money.ts';
import { clusterPriceLines } from './pricing.ts';
import { DAYS_PER_BILLING_MONTH, prorateCents } from './proration.ts';

/** Monthly lines are billed per month; hardware, storage and add-ons per day by actual scaling (§9). */
const monthlyKinds = new Set(['base', 'sla']);

/** Builds the positions of one month's invoice for a customer's clusters. */
export function monthlyPositions(clusters: Cluster[], periodStart: string): Omit<InvoicePosition, 'id' | 'invoice'>[] {
  const periodEnd = endOfMonth(periodStart);
  const days = daysInMonth(periodStart);
  const positions: Omit<InvoicePosition, 'id' | 'invoice'>[] = [];
  for (const c of clusters)
    for (const line of clusterPriceLines(c)) {
      const monthly = monthlyKinds.has(line.kind);
      // Daily unit price in 1/10,000 euro (shown on the invoice): a 30-day month's share of the monthly unit
      // price. The amount is computed from the exact rate and rounded once (prorateCents), not from it.
      const unitPrice4 = monthly ? line.unitCents * 100 : Math.round((line.unitCents * 100) / DAYS_PER_BILLING_MONTH);
      const quantity = monthly ? 1 : line.quantity * days;
      positions.push({
        position: positions.length + 1,
        kind: line.kind,
        subject: `${c.number} ${c.name}`.slice(0, 255),
        periodStart,
        periodEnd,
        quantity,
        unit: monthly ? 'month' : 'day',
        unitPrice4,
        netCents: monthly ? line.unitCents : prorateCents(line.unitCents * line.quantity, days),
      });
    }
  return positions;
}

/**
 * A year of monthly invoices per demo customer (additive to the demo seed), in several statuses: the
 * latest open, the one before overdue for customer 10001, one cancelled and one credited, the rest paid.
 */
export async function seedDemoInvoices(tx: EntityManager): Promise<void> {
  const customers = await tx.find(Customer, {}, { orderBy: { number: 'asc' } });
  for (const customer of customers) {
    const clusters = await tx.find(Cluster, { customer: customer.id }, { orderBy: { number: 'asc' } });
    if (!clusters.length) continue;
    for (let m = 0; m < 12; m++) {
      const start = new Date(Date.UTC(2025, 10 + m, 1)).toISOString().slice(0, 10); // Nov 2025 … Oct 2026
      const issuedOn = addDays(endOfMonth(start), 1);
      const status: InvoiceStatus =
        m === 11 ? 'open' : m === 10 && customer.number === 10001 ? 'overdue' : m === 3 ? 'cancelled' : m === 4 && customer.number === 10001 ? 'credited' : 'paid';
      const positions = monthlyPositions(clusters, start);
      const amounts = withVat(sumCents(positions.map((p) => p.netCents)));
      const invoice = tx.create(Invoice, {
        customer,
        number: `RE${issuedOn.slice(0, 4)}${issuedOn.slice(5, 7)}-${customer.number}`,
        issuedOn,
        dueOn: addDays(issuedOn, 14),
        periodStart: start,
        periodEnd: endOfMonth(start),
        status,
        paymentMethod: customer.paymentMethod,
        netCents: amounts.netCents,
        vatCents: amounts.vatCents,
        grossCents: amounts.grossCents,
        publicTokenHash: null,
        publicExpiresAt: null,
      } as Invoice);
      for (const p of positions) tx.create(InvoicePosition, { ...p, invoice } as InvoicePosition);
    }
  }
}
