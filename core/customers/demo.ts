import type { EntityManager } from '@mikro-orm/core';
import type { Customer } from './Customer.ts';
import { DomainHandle, DomainHandleUsage } from './DomainHandle.ts';

/**
 * Demo data of the customers area (called by the demo seed): domain handles of customer 10001 —
 * the owner handle is used by a domain contract (cannot be deleted), the ADMIN-C handle is free.
 */
export function seedCustomersDemo(tx: EntityManager, c1: Customer): void {
  const owner = tx.create(DomainHandle, {
    customer: c1,
    handle: 'H10001-1',
    kind: 'company',
    seOwner: false,
    company: 'Müller & Schmidt Online GmbH',
    firstname: 'Anna',
    surname: 'Berger',
    street: 'Friedrichstraße 123',
    postalCode: '10117',
    city: 'Berlin',
    country: 'de',
    email: 'domains@mueller-schmidt.example',
    phone: '+49 30 2345678-0',
    companyRegistrationNumber: 'HRB 123456 B',
  } as unknown as DomainHandle);
  tx.create(DomainHandle, {
    customer: c1,
    handle: 'H10001-2',
    kind: 'person',
    seOwner: false,
    firstname: 'Tobias',
    surname: 'Schmidt',
    street: 'Friedrichstraße 123',
    postalCode: '10117',
    city: 'Berlin',
    country: 'de',
    email: 'tobias.schmidt@mueller-schmidt.example',
    phone: '+49 30 2345678-12',
  } as unknown as DomainHandle);
  tx.create(DomainHandleUsage, { handle: owner, contractNumber: 'D-30001', domain: 'mueller-schmidt.de', role: 'owner' } as unknown as DomainHandleUsage);
}
