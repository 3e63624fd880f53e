import type { EntityManager } from '@mikro-orm/core';
import { listManagedCustomersOf } from '../customers/index.ts';
import { NotFound } from '../platform/index.ts';
import { Order, type OrderType } from './Order.ts';
import { certificateTypeLabels } from './certificateOrder.ts';

/** §8: „Die Bestellung {number} konnte in Ihrem Konto nicht gefunden werden." — the frontend fills in the number it asked for. */
export const orderNotFound = () => NotFound('errors.order_not_found');

export interface OrderQuery {
  type: OrderType;
  search?: string;
}

/** What the search of each tab looks at (§2): the order number and the type's own fields. */
function haystack(o: Order): string[] {
  const common = [o.number, String(o.customer.number), o.customer.company];
  if (o.type === 'cluster') return [...common, o.cluster?.number ?? ''];
  // Domains: also the Unicode form of an IDN and the domain holder (owner handle, R2.042).
  if (o.details.kind === 'domain') return [...common, o.domain ?? '', o.details.domainUnicode, o.details.owner.name, o.details.owner.handle];
  if (o.type === 'certificate' && o.details.kind === 'certificate') return [...common, ...o.details.domains, o.details.certificateType, certificateTypeLabels[o.details.certificateType]];
  return [...common, o.domain ?? ''];
}

/**
 * The orders of the customers a user manages, newest first (§6: managers order; administrators do not
 * see orders). Orders per customer are few, so the search runs on the visible set in memory.
 */
export async function listOrders(em: EntityManager, userId: number, query: OrderQuery): Promise<Order[]> {
  const customers = (await listManagedCustomersOf(em, userId)).map((c) => c.id);
  if (!customers.length) return [];
  const orders = await em.find(Order, { type: query.type, customer: { $in: customers } }, { populate: ['customer', 'cluster'], orderBy: { orderedAt: 'desc', id: 'desc' } });
  const needle = query.search?.trim().toLocaleLowerCase('de');
  if (!needle) return orders;
  return orders.filter((o) => haystack(o).some((v) => v.toLocaleLowerCase('de').includes(needle)));
}

/** One order of a customer the user manages, by type and number; anything else is "not found in your account" (404). */
export async function findOrder(em: EntityManager, userId: number, type: OrderType, number: string): Promise<Order> {
  const order = await em.findOne(Order, { type, number }, { populate: ['customer', 'cluster', 'orderedBy'] });
  if (!order) throw orderNotFound();
  const customers = (await listManagedCustomersOf(em, userId)).map((c) => c.id);
  if (!customers.includes(order.customer.id)) throw orderNotFound();
  return order;
}
