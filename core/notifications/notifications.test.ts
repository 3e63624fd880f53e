import { User } from '../accounts/index.ts';
import { Cluster, Server } from '../clusters/index.ts';
import { Customer, CustomerManager } from '../customers/index.ts';
import { createLogger, EventBus, MemoryMailer, TestClock, type DomainEvent } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { createNoticesFor, listNotices, markAllNoticesRead, markNoticeRead, NOTICE_CREATED_EVENT, type NotificationCentreDeps } from './index.ts';

let db: TestDatabase;
let deps: NotificationCentreDeps & { mailer: MemoryMailer };
const pushed: DomainEvent[] = [];
const ids: Record<'manager' | 'admin' | 'colleague' | 'other', number> = { manager: 0, admin: 0, colleague: 0, other: 0 };
let shopServer: Server;
let customerId = 0;

const event = (type: string, payload: unknown, audience: DomainEvent['audience']): DomainEvent => ({ type, payload, audience, occurredAt: new Date().toISOString() });

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  const em = db.orm.em.fork();
  const user = async (email: string) => (await em.findOneOrFail(User, { email })).id;
  ids.manager = await user('manager@demo.example');
  ids.admin = await user('admin@demo.example');
  ids.colleague = await user('tobias.schmidt@mueller-schmidt.example');
  ids.other = await user('other@demo.example');
  const shop = await em.findOneOrFail(Cluster, { number: '20011' });
  shopServer = (await em.find(Server, { cluster: shop }, { orderBy: { id: 'asc' } }))[0];
  customerId = (await em.findOneOrFail(Customer, { number: 10001 })).id;
  // The colleague does not want technical notifications by e-mail.
  await em.nativeUpdate(User, { id: ids.colleague }, { technicalNotifications: false });
  const events = new EventBus();
  events.subscribe((e) => void pushed.push(e));
  deps = { orm: db.orm, events, mailer: new MemoryMailer(), logger: createLogger({ level: 'silent' }), clock: new TestClock('2026-11-24T09:00:00Z'), publicUrl: 'https://portal.example' };
});

afterAll(() => db.close());

describe('notification centre', () => {
  it('R3.008 R3.009 R4.007 a new user has the ten built-in notices (ids 0–9), all unread, in both languages', async () => {
    const list = await listNotices(db.orm.em.fork(), ids.other);
    const builtIns = list.items.filter((n) => n.kind === 'built_in');
    expect(builtIns.map((n) => n.id).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(list.unread).toBe(10);
    for (const n of builtIns) expect(n.title.de && n.title.en && n.message.de && n.message.en).toBeTruthy();
    expect(builtIns.find((n) => n.id === '4')).toMatchObject({ isFeedback: true, external: true, link: expect.stringMatching(/^https:/), linkEn: expect.stringMatching(/survey/) });
  });

  it('R4.006 a failed apply makes one notice for each administrator of the server, pushed to their rooms and mailed to subscribers; announced twice it stays one', async () => {
    pushed.length = 0;
    const failed = event('managed.job', { id: 4711, kind: 'apply', status: 'failed', serverId: shopServer.id, pluginId: 'nginx' }, { servers: [shopServer.id] });
    expect(await createNoticesFor(deps, failed)).toEqual([ids.manager, ids.admin].sort((a, b) => a - b));
    expect(await createNoticesFor(deps, failed)).toEqual([]);
    expect(pushed.filter((e) => e.type === NOTICE_CREATED_EVENT).map((e) => e.audience.users)).toEqual([[ids.manager, ids.admin].sort((a, b) => a - b)]);
    const admin = await listNotices(db.orm.em.fork(), ids.admin);
    const notice = admin.items.find((n) => n.kind === 'apply_failed')!;
    expect(notice).toMatchObject({ isRead: false, link: `/clusters/${shopServer.cluster.id}/servers/${shopServer.id}/incidents?job=4711` });
    expect(notice.title.de).toContain(shopServer.name);
    expect(notice.title.en).toContain('failed');
    expect(admin.unread).toBe(11);
    expect(deps.mailer.sent.filter((m) => m.template.kind === 'notification').map((m) => m.to.email).sort()).toEqual(['admin@demo.example', 'manager@demo.example']);
  });

  it('a running job, or an event nobody is affected by, makes no notice', async () => {
    expect(await createNoticesFor(deps, event('managed.job', { id: 4712, kind: 'apply', status: 'running', serverId: shopServer.id, pluginId: 'nginx' }, { servers: [shopServer.id] }))).toEqual([]);
    expect(await createNoticesFor(deps, event('invoice.issued', { invoiceId: 1, number: 'RE1' }, {}))).toEqual([]);
  });

  it('an invoice goes to every active manager of the customer; the e-mail only to those subscribed to technical notifications', async () => {
    deps.mailer.sent.length = 0;
    const em = db.orm.em.fork();
    const managers = await em.find(CustomerManager, { customer: customerId, active: true }, { populate: ['user'], orderBy: { user: { id: 'asc' } } });
    const users = await createNoticesFor(deps, event('invoice.issued', { invoiceId: 77, number: 'RE202611-10077' }, { customers: [customerId] }));
    expect(users).toEqual(managers.map((m) => m.user.id));
    expect(users).toEqual(expect.arrayContaining([ids.manager, ids.colleague]));
    expect(users).not.toContain(ids.other);
    const subscribed = managers.filter((m) => m.user.technicalNotifications).map((m) => m.user.email);
    expect(subscribed).not.toContain('tobias.schmidt@mueller-schmidt.example');
    expect(deps.mailer.sent.map((m) => m.to.email).sort()).toEqual(subscribed.sort());
    expect(deps.mailer.sent.find((m) => m.to.email === 'manager@demo.example')!.template).toMatchObject({ kind: 'notification', title: 'Neue Rechnung RE202611-10077', link: 'https://portal.example/a/invoices/77' });
  });

  it('R4.006 read by one notice (built-in or server-side), never another user\'s, and all at once; the state is the server\'s', async () => {
    const em = db.orm.em.fork();
    const mine = (await listNotices(em, ids.admin)).items.find((n) => n.kind === 'apply_failed')!;
    await expect(markNoticeRead(em, deps.clock, ids.other, mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(markNoticeRead(em, deps.clock, ids.admin, 's999999')).rejects.toMatchObject({ code: 'not_found' });
    await markNoticeRead(em, deps.clock, ids.admin, mine.id);
    await markNoticeRead(em, deps.clock, ids.admin, '3');
    await markNoticeRead(em, deps.clock, ids.admin, '3');
    await em.flush();
    const after = await listNotices(db.orm.em.fork(), ids.admin);
    expect(after.unread).toBe(9);
    expect(after.items.find((n) => n.id === '3')!.isRead).toBe(true);
    await markAllNoticesRead(db.orm.em.fork(), deps.clock, ids.admin);
    expect((await listNotices(db.orm.em.fork(), ids.admin)).unread).toBe(0);
    // The manager's copy of the same fact is untouched.
    expect((await listNotices(db.orm.em.fork(), ids.manager)).unread).toBe(12);
  });

  it('an order status change (the ordering module\'s order.changed) goes to the customer\'s managers, named in their language, linked to the order\'s detail', async () => {
    const users = await createNoticesFor(deps, event('order.changed', { type: 'cluster', number: 'B-4711', status: 'preparation_in_progress' }, { customers: [customerId] }));
    expect(users).toContain(ids.manager);
    const notice = (await listNotices(db.orm.em.fork(), ids.manager)).items.find((n) => n.link === '/orders/cluster/B-4711');
    expect(notice?.title).toEqual({ de: 'Auftrag B-4711: neuer Status', en: 'Order B-4711: new status' });
    expect(notice?.message).toEqual({ de: 'Der Auftrag B-4711 hat jetzt den Status „In Vorbereitung“.', en: 'Order B-4711 now has the status "Preparation in progress".' });
  });

  it('a Managed Center plugin\'s notice (managed.notice): its own texts in both languages, for the server\'s administrators only, linked inside its section, once per fact', async () => {
    const raise = (fact: string, path: string) =>
      createNoticesFor(
        deps,
        event('managed.notice', { pluginId: 'supervisor', serverId: shopServer.id, fact, title: { de: 'worker stürzt ab', en: 'worker keeps crashing' }, message: { de: 'Nachricht', en: 'Message' }, path }, { servers: [shopServer.id] }),
      );
    const users = await raise('crash-loop:1', '/7');
    expect(users).toEqual([ids.manager, ids.admin].sort((a, b) => a - b));
    expect(users).not.toContain(ids.other);
    expect(await raise('crash-loop:1', '/7')).toEqual([]);
    const notice = (await listNotices(db.orm.em.fork(), ids.admin)).items.find((n) => n.kind === 'managed_notice')!;
    expect(notice).toMatchObject({ title: { de: 'worker stürzt ab', en: 'worker keeps crashing' }, message: { de: 'Nachricht', en: 'Message' } });
    expect(notice.link).toBe(`/clusters/${shopServer.cluster.id}/servers/${shopServer.id}/managed/supervisor/7`);
    // A path that would leave the section links to the section itself.
    await raise('crash-loop:2', '/../../../invoices');
    const links = (await listNotices(db.orm.em.fork(), ids.admin)).items.filter((n) => n.kind === 'managed_notice').map((n) => n.link);
    expect(links).toContain(`/clusters/${shopServer.cluster.id}/servers/${shopServer.id}/managed/supervisor`);
    expect((await listNotices(db.orm.em.fork(), ids.other)).items.some((n) => n.kind === 'managed_notice')).toBe(false);
  });
});
