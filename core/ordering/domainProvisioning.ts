import type { EntityManager } from '@mikro-orm/core';
import { addDays, dayOf, DomainContract } from '../billing/index.ts';
import { DomainHandleUsage } from '../customers/index.ts';
import type { DomainOrderDetails, Order } from './Order.ts';

/** The contract number of the domain contract an order creates. */
export const domainContractNumberOf = (order: Pick<Order, 'id'>) => `D-${400000 + order.id}`;

/** The last day of a registration year that starts on `day` (`2026-11-24` → `2027-11-23`). */
export function registrationEndOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return addDays(`${y + 1}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, -1);
}

/**
 * Creates the domain contract of a completed domain order (billing module) and records that its
 * handles are used by it (so a handle in use cannot be deleted, §5). The yearly fee is the one ordered.
 */
export function createDomainContractOf(em: EntityManager, order: Order, now: Date): DomainContract {
  const d = order.details as DomainOrderDetails;
  const today = dayOf(now);
  const number = domainContractNumberOf(order);
  const contract = em.create(DomainContract, {
    number,
    customer: order.customer,
    domain: d.domain,
    registeredOn: today,
    startOn: today,
    registrationEndsOn: registrationEndOf(today),
    owner: d.owner.name,
    contactPerson: d.owner.name,
    adminContact: d.admin.name,
    basicFeeCents: 0,
    yearlyFeeCents: d.annualFeeCents,
    premiumAnnualCents: null,
    premiumOneTimeCents: null,
    status: 'active',
    terminationOn: null,
    terminationRequestedAt: null,
    authCodeSealed: null,
    authCodeGeneratedAt: null,
    authCodeValidUntil: null,
  } as unknown as DomainContract);
  em.create(DomainHandleUsage, { handle: d.owner.id, contractNumber: number, domain: d.domain, role: 'owner' } as unknown as DomainHandleUsage);
  em.create(DomainHandleUsage, { handle: d.admin.id, contractNumber: number, domain: d.domain, role: 'admin_c' } as unknown as DomainHandleUsage);
  return contract;
}
