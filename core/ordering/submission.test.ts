import { User } from '../accounts/index.ts';
import { Customer } from '../customers/index.ts';
import { TestClock } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import type { ClusterOrderDraft } from './clusterOrder.ts';
import { Order } from './Order.ts';
import { OrderIdempotencyKey } from './OrderIdempotencyKey.ts';
import { submitClusterOrder } from './submission.ts';

let db: TestDatabase;
let managerId: number;
let customerId: number;
let otherCustomerId: number;
const clock = new TestClock('2026-11-24T10:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  const em = db.orm.em.fork();
  managerId = (await em.findOneOrFail(User, { email: 'manager@demo.example' })).id;
  customerId = (await em.findOneOrFail(Customer, { number: 10001 })).id;
  otherCustomerId = (await em.findOneOrFail(Customer, { number: 10003 })).id;
}, 60_000);
afterAll(() => db.close());

const draftOf = (extra: Partial<ClusterOrderDraft> = {}): ClusterOrderDraft => ({
  customerId,
  architecture: 'web_cluster',
  sla: 'business',
  cpu: 2,
  ramGb: 4,
  nvmeSsdGb: 50,
  nvmeStorageGb: 20,
  contractMode: 'production',
  clusterName: 'Neuer Shop',
  acceptTerms: true,
  ...extra,
});

/** One submission in its own transaction, like one request. */
const submit = (key: string | undefined, draft: ClusterOrderDraft, userId = managerId) =>
  db.orm.em.fork().transactional((tx) => submitClusterOrder(tx, clock, userId, key, draft));

const ordersWithKey = async (key: string) => {
  const em = db.orm.em.fork();
  const k = await em.findOne(OrderIdempotencyKey, { key });
  return k?.order ? [k.order.id] : [];
};

describe('idempotent order submission (Idempotency-Key, IETF draft semantics)', () => {
  it('R2.046 same key and same body give the same order again; nothing new is created', async () => {
    const first = await submit('key-same-1', draftOf());
    expect(first.replayed).toBe(false);
    expect(first.order.status).toBe('pending');
    expect(first.order.number).toMatch(/^B-1\d{5,}$/);
    const again = await submit('key-same-1', draftOf());
    expect(again).toMatchObject({ replayed: true });
    expect(again.order.id).toBe(first.order.id);
    expect(again.order.number).toBe(first.order.number);
  });

  it('R2.046 the same key with another body is refused with 422 and stores nothing', async () => {
    await submit('key-other-1', draftOf());
    const count = await db.orm.em.fork().count(Order, {});
    await expect(submit('key-other-1', draftOf({ cpu: 3 }))).rejects.toMatchObject({ status: 422, fields: { idempotencyKey: ['errors.idempotency_key_reused'] } });
    expect(await db.orm.em.fork().count(Order, {})).toBe(count);
  });

  it('R2.046 50 concurrent identical submissions create exactly one order and all get its number', async () => {
    const before = await db.orm.em.fork().count(Order, {});
    const results = await Promise.all(Array.from({ length: 50 }, () => submit('key-concurrent-1', draftOf({ clusterName: 'Parallel' }))));
    expect(await db.orm.em.fork().count(Order, {})).toBe(before + 1);
    expect(new Set(results.map((r) => r.order.number)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ordersWithKey('key-concurrent-1')).toEqual([results[0].order.id]);
  }, 60_000);

  it('R6.003 only managers of the customer order (another customer: 404 like an unknown one); a missing key or bad input is 422 without a write', async () => {
    const before = await db.orm.em.fork().count(Order, {});
    await expect(submit('key-foreign-1', draftOf({ customerId: otherCustomerId }))).rejects.toMatchObject({ status: 404, message: 'errors.customer_not_found' });
    await expect(submit(undefined, draftOf())).rejects.toMatchObject({ status: 422, fields: { idempotencyKey: ['validation.required'] } });
    await expect(submit('key-bad-1', draftOf({ cpu: 99 }))).rejects.toMatchObject({ status: 422, fields: { cpu: ['validation.maximum'] } });
    expect(await db.orm.em.fork().count(Order, {})).toBe(before);
    // The refused claims were rolled back with their transaction: the keys are free again.
    expect(await db.orm.em.fork().count(OrderIdempotencyKey, { key: { $in: ['key-foreign-1', 'key-bad-1'] } })).toBe(0);
  });

  it('R9.007 the stored order holds the price lines and amounts the server computed', async () => {
    const { order } = await submit('key-price-1', draftOf({ sla: 'basic', cpu: 1, ramGb: 2, nvmeSsdGb: 25, nvmeStorageGb: 10 }));
    expect(order.monthlyNetCents).toBe(7500);
    expect(order.oneTimeNetCents).toBe(9900);
    expect(order.priceLines.map((l) => l.code)).toContain('cluster.setup.web_cluster');
  });
});
