import type { EntityManager } from '@mikro-orm/core';
import { Customer } from '../customers/index.ts';
import { DomainContract } from './DomainContract.ts';

type Status = DomainContract['status'];

/**
 * Billing demo data (additive to the demo seed): domain contracts of the demo customers in every
 * contract status (§4), so the contract list shows each status. Cluster contracts are the demo clusters.
 */
export async function seedDemoBilling(tx: EntityManager): Promise<void> {
  const customers = new Map((await tx.find(Customer, {})).map((c) => [c.number, c]));
  const domain = (customerNumber: number, number: string, name: string, status: Status, registeredOn: string, registrationEndsOn: string, extra: Partial<DomainContract> = {}) => {
    const customer = customers.get(customerNumber);
    if (!customer) return;
    tx.create(DomainContract, {
      customer,
      number,
      domain: name,
      registeredOn,
      startOn: registeredOn,
      registrationEndsOn,
      owner: customer.company,
      contactPerson: 'Anna Berger',
      adminContact: 'Hostmaster Managed Hosting',
      basicFeeCents: 0,
      yearlyFeeCents: name.endsWith('.de') ? 1200 : 1900,
      premiumAnnualCents: null,
      premiumOneTimeCents: null,
      status,
      ...extra,
    } as DomainContract);
  };
  domain(10001, 'D-300101', 'mueller-schmidt.de', 'active', '2021-03-15', '2027-03-14');
  domain(10001, 'D-300102', 'mueller-schmidt-shop.com', 'active', '2022-06-01', '2027-05-31');
  domain(10001, 'D-300103', 'ms-online.shop', 'active', '2023-09-10', '2027-09-09', { premiumAnnualCents: 4900, premiumOneTimeCents: 25000 });
  domain(10001, 'D-300104', 'mueller-schmidt.co.uk', 'active', '2022-02-01', '2027-01-31', { yearlyFeeCents: 1500 });
  domain(10001, 'D-300105', 'ms-aktion2025.de', 'in_termination', '2024-11-20', '2026-12-19', { terminationOn: '2026-12-19', terminationRequestedAt: new Date('2026-10-01T09:00:00Z') });
  domain(10001, 'D-300106', 'ms-altshop.de', 'terminated', '2020-05-01', '2026-04-30', { terminationOn: '2026-04-30', terminationRequestedAt: new Date('2026-02-01T09:00:00Z') });
  domain(10001, 'D-300107', 'ms-sommer.de', 'completed', '2019-07-01', '2025-06-30');
  domain(10001, 'D-300108', 'ms-testlauf.de', 'cancelled', '2025-01-10', '2026-01-09');
  domain(10001, 'D-300109', 'ms-fehler.eu', 'failed', '2025-08-01', '2026-07-31');
  domain(10001, 'D-300110', 'ms-neu.de', 'pending', '2026-11-20', '2027-11-19');
  domain(10002, 'D-300201', 'nordlicht-medien.de', 'active', '2020-01-15', '2027-01-14');
  domain(10003, 'D-300301', 'baeckerei-sonnenschein.de', 'active', '2021-04-01', '2027-03-31');
}
