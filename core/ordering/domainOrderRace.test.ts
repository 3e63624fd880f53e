import { User } from '../accounts/index.ts';
import { Cluster } from '../clusters/index.ts';
import { Customer, DomainHandle } from '../customers/index.ts';
import { DomainError, TestClock } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import type { DomainAvailabilityPort, DomainOrderDraft } from './domainOrder.ts';
import { submitDomainOrder } from './domainOrderSubmission.ts';
import { Order } from './Order.ts';

let db: TestDatabase;
let managerId: number;
let draft: (domain: string) => DomainOrderDraft;
const clock = new TestClock('2026-11-24T10:00:00Z');
/** What a registry check says while the other order is not committed yet: the domain is free. */
const stillFree: DomainAvailabilityPort = { check: () => Promise.resolve('available') };

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  const em = db.orm.em.fork();
  managerId = (await em.findOneOrFail(User, { email: 'manager@demo.example' })).id;
  const customer = await em.findOneOrFail(Customer, { number: 10001 });
  const cluster = await em.findOneOrFail(Cluster, { customer: customer.id, status: 'active' }, { orderBy: { number: 'asc' } });
  const owner = await em.findOneOrFail(DomainHandle, { handle: 'H10001-1' });
  const admin = await em.findOneOrFail(DomainHandle, { handle: 'H10001-2' });
  draft = (domain) => ({ customerId: customer.id, clusterId: cluster.id, domain, mode: 'register', keepNameservers: false, ownerHandleId: owner.id, adminHandleId: admin.id, referenceSign: null, acceptTerms: true });
}, 60_000);
afterAll(() => db.close());

const submit = (key: string, d: DomainOrderDraft) => db.orm.em.fork().transactional((tx) => submitDomainOrder(tx, clock, managerId, key, d, stillFree));

describe('domain orders of the same domain (§2 domain order wizard)', () => {
  it('R2.052 a second live order of a domain is refused with 422 domain_taken even when the availability check passed (the race of two submissions)', async () => {
    await submit('race-a', draft('rennen-eins.de'));
    const second = await submit('race-b', draft('Rennen-Eins.de')).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DomainError);
    expect(second).toMatchObject({ status: 422, fields: { domain: ['errors.domain_taken'] } });
    expect(await db.orm.em.fork().count(Order, { domain: 'rennen-eins.de' })).toBe(1);
  });

  it('R2.052 concurrent submissions of one free domain with different keys: exactly one order, the others domain_taken', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => submit(`race-many-${i}`, draft('rennen-zwei.de'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(r.reason).toMatchObject({ status: 422, fields: { domain: ['errors.domain_taken'] } });
    expect(await db.orm.em.fork().count(Order, { domain: 'rennen-zwei.de' })).toBe(1);
  });

  it('R2.052 a declined, cancelled or failed order does not hold the domain', async () => {
    const first = await submit('race-c', draft('rennen-drei.de'));
    const em = db.orm.em.fork();
    await em.nativeUpdate(Order, { id: first.order.id }, { status: 'preparation_failed' });
    const again = await submit('race-d', draft('rennen-drei.de'));
    expect(again.replayed).toBe(false);
  });
});
