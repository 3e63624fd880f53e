import { Cluster, Server } from '@portal/core/clusters';
import { Invoice } from '@portal/core/billing';
import { Customer } from '@portal/core/customers';
import { Order } from '@portal/core/ordering';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let manager: TestClient;
let admin: TestClient;
let other: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  manager = new TestClient(server.url);
  await manager.login(demoLogins.manager);
  admin = new TestClient(server.url);
  await admin.login(demoLogins.admin);
  other = new TestClient(server.url);
  await other.login(demoLogins.other);
}, 180_000);
afterAll(() => server.stop());

type Hit = { group: string; id: string; title: string; subtitle: string; date?: string; path: string };
const search = async (c: TestClient, q: string) => {
  const res = await c.get<{ data: Hit[] }>(`/api/v1/spotlight?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('spotlight search', () => {
  it('R2.104 finds a cluster by number with its servers and Managed Center sections for an administrator; another customer sees nothing of it', async () => {
    const em = server.db.orm.em.fork();
    const shop = await em.findOneOrFail(Cluster, { number: '20011' });
    const hits = await search(admin, '20011');
    expect(hits.find((h) => h.group === 'clusters')).toMatchObject({ title: '20011', path: `/contracts/cluster/${shop.id}` });
    const servers = await em.find(Server, { cluster: shop });
    expect(hits.filter((h) => h.group === 'servers').map((h) => h.title).sort()).toEqual(servers.map((s) => s.name).sort().slice(0, 5));
    expect(hits.some((h) => h.group === 'sections' && h.path.endsWith('/managed/nginx'))).toBe(true);
    expect(await search(other, '20011')).toEqual([]);
  });

  it('R2.104 a manager finds invoices and customers by number; an administrator without a customer finds no invoice', async () => {
    const em = server.db.orm.em.fork();
    const customer = await em.findOneOrFail(Customer, { number: 10001 });
    const invoice = (await em.find(Invoice, { customer }, { orderBy: { id: 'asc' }, limit: 1 }))[0];
    const hits = await search(manager, invoice.number);
    expect(hits.find((h) => h.group === 'invoices')).toMatchObject({ title: invoice.number, path: `/invoices/${invoice.id}` });
    expect((await search(admin, invoice.number)).filter((h) => h.group === 'invoices')).toEqual([]);
    expect((await search(manager, '10001')).find((h) => h.group === 'customers')).toMatchObject({ subtitle: customer.company, path: `/customers/${customer.id}/edit` });
    expect((await search(other, '10001')).filter((h) => h.group === 'customers')).toEqual([]);
  });

  it('R2.104 invoices carry their date apart from the subtitle (no ISO date in the text); orders are found by number, only by managers of their customer', async () => {
    const em = server.db.orm.em.fork();
    const customer = await em.findOneOrFail(Customer, { number: 10001 });
    const invoice = (await em.find(Invoice, { customer }, { orderBy: { id: 'asc' }, limit: 1 }))[0];
    const invoiceHit = (await search(manager, invoice.number)).find((h) => h.group === 'invoices')!;
    expect(invoiceHit).toMatchObject({ subtitle: customer.company, date: invoice.issuedOn });
    expect(invoiceHit.subtitle).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const order = (await em.find(Order, { customer }, { orderBy: { id: 'asc' }, limit: 1 }))[0];
    const orderHit = (await search(manager, order.number)).find((h) => h.group === 'orders');
    expect(orderHit).toMatchObject({ title: order.number, date: order.orderedAt.toISOString().slice(0, 10), path: `/orders/${order.type}/${order.number}` });
    expect((await search(other, order.number)).filter((h) => h.group === 'orders')).toEqual([]);
    expect((await search(admin, order.number)).filter((h) => h.group === 'orders')).toEqual([]);
  });

  it('a term that names a section lists it on the administrator\'s servers only; pattern characters are literal', async () => {
    const hits = await search(admin, 'nginx');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.group !== 'sections' || h.path.endsWith('/managed/nginx'))).toBe(true);
    expect(await search(manager, '%%')).toEqual([]);
  });

  it('a term under two characters is 422, a guest 401', async () => {
    expect((await manager.get('/api/v1/spotlight?q=%20a')).status).toBe(422);
    expect((await new TestClient(server.url).get('/api/v1/spotlight?q=20011')).status).toBe(401);
  });
});
