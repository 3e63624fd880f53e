import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/sql';

export interface MonthlyRevenue {
  customerId: number;
  /** `YYYY-MM` of the invoice's service period start. */
  month: string;
  netCents: number;
}

/**
 * Net revenue per customer and service month of the invoices whose period starts in [from, to] (days).
 * Cancelled and credited invoices earn nothing (read by the partner programme for commission).
 */
export async function monthlyNetRevenue(em: EntityManager, customerIds: number[], from: string, to: string): Promise<MonthlyRevenue[]> {
  if (!customerIds.length) return [];
  const marks = customerIds.map(() => '?').join(', ');
  const rows = await (em as unknown as SqlEntityManager).getConnection().execute<{ customer_id: number; month: string; net: string | number }[]>(
    `select customer_id, substr(period_start, 1, 7) as month, sum(net_cents) as net from invoices
      where customer_id in (${marks}) and status not in ('cancelled', 'credited') and period_start >= ? and period_start <= ?
      group by customer_id, substr(period_start, 1, 7) order by month, customer_id`,
    [...customerIds, from, to],
    'all',
    em.getTransactionContext(),
  );
  return rows.map((r) => ({ customerId: Number(r.customer_id), month: r.month, netCents: Number(r.net) }));
}
