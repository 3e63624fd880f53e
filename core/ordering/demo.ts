import type { EntityManager } from '@mikro-orm/core';
import type { Customer } from '../customers/index.ts';
import { clusterDetailsOf, clusterOrderPrice, type ClusterOrderDraft } from './clusterOrder.ts';
import { orderStatuses, type OrderStatus } from './Order.ts';
import { loadPriceTable } from './pricing.ts';
import { createOrderRow } from './submission.ts';

const draft = (name: string, extra: Partial<ClusterOrderDraft> = {}) =>
  clusterDetailsOf({ architecture: 'web_cluster', sla: 'basic', cpu: 2, ramGb: 4, nvmeSsdGb: 50, nvmeStorageGb: 20, contractMode: 'production', clusterName: name, ...extra });

/**
 * Demo orders (called by the demo seed): customer 10001 has a cluster order in every §3 status, so the
 * list shows each chip; customer 10002 has one (another account's order for the not-found message).
 * Numbers `B-0900xx` stay clear of the numbers of real orders (`B-1xxxxx`).
 */
export async function seedDemoOrders(tx: EntityManager, c1: Customer, c2: Customer, orderedBy: number): Promise<void> {
  const table = await loadPriceTable(tx);
  const add = async (customer: Customer, n: number, status: OrderStatus, details: ReturnType<typeof draft>, day: string) => {
    const price = clusterOrderPrice(table, details);
    await createOrderRow(tx, {
      number: `B-0900${String(n).padStart(2, '0')}`,
      type: 'cluster',
      status,
      customer: customer.id,
      orderedBy,
      orderedAt: new Date(`${day}T09:30:00Z`),
      updatedAt: new Date(`${day}T09:30:00Z`),
      details,
      priceLines: price.lines,
      monthlyNetCents: price.monthly.netCents,
      oneTimeNetCents: price.oneTime.netCents,
      domain: null,
      cluster: null,
      failureReason: status === 'preparation_failed' ? 'errors.order_preparation_failed' : null,
    });
  };
  // Names a customer would give its clusters (not the status: the list shows that in the user's language).
  const names = ['Shop-Relaunch', 'Intranet', 'Kampagnenseite', 'Staging', 'Partnerportal', 'Blog', 'API-Gateway', 'Newsletter', 'Archiv', 'Messe-Microsite'];
  let n = 1;
  for (const status of orderStatuses) {
    if (status === 'pending' || status === 'preparation_in_progress') continue; // the job would pick them up: shown by real orders
    await add(c1, n, status, draft(names[(n - 1) % names.length], { sla: n % 2 ? 'business' : 'dev' }), `2026-0${1 + (n % 9)}-1${n % 10}`);
    n++;
  }
  await add(c2, 50, 'completed', draft('Nordlicht Kampagne', { architecture: 'extended_web_cluster', cpu: 4, ramGb: 8, nvmeSsdGb: 100 }), '2026-05-04');
}
