import { User } from '../accounts/index.ts';
import { Cluster, Server } from '../clusters/index.ts';
import { Customer } from '../customers/index.ts';
import { EventBus, MemoryMailer, TestClock, createLogger, type DomainEvent } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { Order } from './Order.ts';
import { OrderProvisioning, clusterNumberOf } from './provisioning.ts';
import { submitClusterOrder } from './submission.ts';

let db: TestDatabase;
let managerId: number;
let customerId: number;
const clock = new TestClock('2026-11-24T10:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  const em = db.orm.em.fork();
  managerId = (await em.findOneOrFail(User, { email: 'manager@demo.example' })).id;
  customerId = (await em.findOneOrFail(Customer, { number: 10001 })).id;
}, 60_000);
afterAll(() => db.close());

/** A provisioning service with a memory mailer and a recording event bus, steps without delay. */
function provisioningUnderTest() {
  const events = new EventBus();
  const seen: DomainEvent[] = [];
  events.subscribe((e) => void seen.push(e));
  const mailer = new MemoryMailer();
  const provisioning = new OrderProvisioning({ orm: db.orm, clock, logger: createLogger({ level: 'silent' }), events, mailer, stepMs: 0 });
  return { provisioning, seen, mailer };
}

const submit = (key: string, clusterName: string) =>
  db.orm.em.fork().transactional((tx) =>
    submitClusterOrder(tx, clock, managerId, key, { customerId, architecture: 'cloud_web_cluster', sla: 'enterprise', cpu: 4, ramGb: 4, nvmeSsdGb: 50, nvmeStorageGb: 20, contractMode: 'production', clusterName, acceptTerms: true }),
  );

describe('order provisioning (statuses, cluster with servers)', () => {
  it('R3.051 R4.011 a cluster order goes pending → preparation_in_progress → preparation_completed → completed and creates the cluster with its servers; a second run changes nothing', async () => {
    const { provisioning, seen } = provisioningUnderTest();
    const { order } = await submit('prov-ok-1', 'Cloud');
    await provisioning.provision(order.id);
    expect(seen.map((e) => [e.type, (e.payload as { status: string }).status])).toEqual([
      ['order.changed', 'preparation_in_progress'],
      ['order.changed', 'preparation_completed'],
      ['order.changed', 'completed'],
    ]);
    expect(seen[0].audience).toEqual({ customers: [customerId] });
    const em = db.orm.em.fork();
    const done = await em.findOneOrFail(Order, { id: order.id }, { populate: ['cluster'] });
    expect(done.status).toBe('completed');
    expect(done.cluster!.number).toBe(clusterNumberOf(order));
    const servers = await em.find(Server, { cluster: done.cluster!.id }, { orderBy: { name: 'asc' } });
    expect(servers.map((s) => s.role).sort()).toEqual(['cache', 'database', 'loadbalancer', 'web', 'web', 'web']);
    await provisioning.provision(order.id);
    expect(seen).toHaveLength(3);
    expect(await em.count(Cluster, { number: clusterNumberOf(order) })).toBe(1);
  });

  it('R4.011 only pending orders are prepared: an order in any other status (final, or decided by the back office) is left as it is', async () => {
    const { provisioning, seen } = provisioningUnderTest();
    for (const status of ['completed', 'preparation_failed', 'declined', 'cancelled', 'accepted', 'open'] as const) {
      const { order } = await submit(`prov-final-${status}`, `Final ${status}`);
      const em = db.orm.em.fork();
      const o = await em.findOneOrFail(Order, { id: order.id });
      o.status = status;
      await em.flush();
      await provisioning.provision(order.id);
      const after = await db.orm.em.fork().findOneOrFail(Order, { id: order.id });
      expect([status, after.status, after.cluster]).toEqual([status, status, null]);
    }
    expect(seen).toEqual([]);
  });

  it('R8.011 a failed preparation ends as preparation_failed with the reason and mails the user and the managers in their language', async () => {
    const { provisioning, seen, mailer } = provisioningUnderTest();
    const { order } = await submit('prov-fail-1', 'Kollision');
    // The cluster number the order would get is taken: creating the cluster fails.
    const em = db.orm.em.fork();
    const existing = await em.findOneOrFail(Cluster, { number: '20011' });
    existing.number = clusterNumberOf(order);
    await em.flush();
    await provisioning.provision(order.id);
    const failed = await db.orm.em.fork().findOneOrFail(Order, { id: order.id });
    expect(failed.status).toBe('preparation_failed');
    expect(failed.failureReason).toBe('errors.order_preparation_failed');
    expect(seen.map((e) => (e.payload as { status: string }).status)).toEqual(['preparation_in_progress', 'preparation_failed']);
    const mails = mailer.sent.filter((m) => m.template.kind === 'orderPreparationFailed');
    expect(mails.map((m) => m.to.email)).toEqual(expect.arrayContaining(['manager@demo.example', 'tobias.schmidt@mueller-schmidt.example']));
    expect(mails.find((m) => m.to.email === 'tobias.schmidt@mueller-schmidt.example')!.to.language).toBe('en');
  });
});
