import type { EntityManager } from '@mikro-orm/core';
import type { Customer } from '../tenancy/index.ts';
import { DomainHandle, DomainHandleUsage } from './DomainHandle.ts';

/**
 * Demo data of the customers area (called by the demo seed): the SEPA mandate of customer 10001 and a
 * credit card of 10002 (provider token, brand, last four digits — never a number); domain handles of
 * 10001 — the owner handle is used by a domain contract (cannot be deleted), the other is free.
 */
export function seedCustomersDemo(tx: EntityManager, c1: Customer, c2: Customer): void {
  Object.assign(c1, { mandateReference: 'M10001-20210301-DEMO0001', mandateDate: new Date('2021-03-01T00:00:00Z'), paymentAppliesToOpenInvoices: true });
  Object.assign(c2, { paymentMethod: 'credit_card', cardToken: 'pm_local_demo_10002', cardBrand: 'visa', cardLast4: '4242', cardExpiry: '12/2030' });
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
