import type { EntityManager } from '@mikro-orm/core';
import { NotFound } from '../platform/index.ts';
import { type Customer, CustomerManager } from '../tenancy/index.ts';

/** §8 "No customers available": the customer does not exist or the caller does not manage it. */
export const customerNotFound = () => NotFound('errors.customer_not_found');

/**
 * A customer the user actively manages (§6: the manager manages customer data, payment, contact person,
 * handles, documents, DPA and the team). Unknown and foreign customers fail alike with 404, so ids
 * cannot be probed.
 */
export async function findManagedCustomer(em: EntityManager, userId: number, customerId: number): Promise<Customer> {
  const membership = await em.findOne(CustomerManager, { customer: customerId, user: userId, active: true }, { populate: ['customer.contactPerson'] });
  if (!membership) throw customerNotFound();
  return membership.customer;
}

/** The customers a user actively manages, by customer number. */
export async function listManagedCustomersOf(em: EntityManager, userId: number): Promise<Customer[]> {
  const rows = await em.find(CustomerManager, { user: userId, active: true }, { populate: ['customer'], orderBy: { customer: { number: 'asc' } } });
  return rows.map((r) => r.customer);
}
