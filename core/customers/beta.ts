import type { EntityManager } from '@mikro-orm/core';
import { type User, Customer } from '../tenancy/index.ts';
import { NotAllowed, recordAudit, type Clock } from '../platform/index.ts';
import { customerNotFound } from './access.ts';

/**
 * Staff register a customer for the beta phase (§8, R8.004) or take it back: the customer's clusters
 * then see (or no longer see) the Managed Center modules in the beta phase. Audited.
 */
export async function setBetaRegistration(
  em: EntityManager,
  clock: Clock,
  staff: User,
  customerId: number,
  registered: boolean,
  ip?: string,
): Promise<Customer> {
  if (!staff.isStaff) throw NotAllowed('errors.staff_only');
  const customer = await em.findOne(Customer, { id: customerId });
  if (!customer) throw customerNotFound();
  if (customer.betaRegistered !== registered) {
    customer.betaRegistered = registered;
    recordAudit(em, clock, { action: 'customer.beta_registration', actor: staff, ip, details: { customerId, registered } });
  }
  await em.flush();
  return customer;
}
