import { io as connect, type Socket } from 'socket.io-client';
import { Cluster, Server } from '@portal/core/clusters';
import { Order } from '@portal/core/ordering';
import { demoLogins } from '@portal/core/seed';
import { Customer } from '@portal/core/customers';
import { socketPath } from '../realtime/gateway.ts';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let manager: TestClient;
let admin: TestClient;
let other: TestClient;
let customerId: number;

beforeAll(async () => {
  server = await createTestServer();
  manager = server.client();
  await manager.login(demoLogins.manager);
  admin = server.client();
  await admin.login(demoLogins.admin);
  other = server.client();
  await other.login(demoLogins.other);
  customerId = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10001 })).id;
}, 180_000);
afterAll(() => server.stop());

const draft = (extra: Record<string, unknown> = {}) => ({
  customerId,
  architecture: 'web_cluster',
  sla: 'business',
  cpu: 2,
  ramGb: 4,
  nvmeSsdGb: 50,
  nvmeStorageGb: 20,
  additionalIpv4: 1,
  additionalIpv6: 0,
  addons: { twoFactor: true, vpn: false, phpExtendedSupport: false },
  contractMode: 'production',
  clusterName: 'API-Shop',
  referenceSign: null,
  acceptTerms: true,
  ...extra,
});

const order = (client: TestClient, key: string | undefined, body: unknown) =>
  client.request('POST', '/api/v1/orders/cluster', body, key ? { 'Idempotency-Key': key } : {});

const openSocket = (client: TestClient): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(server.url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });

describe('orders list and detail (§2 Orders)', () => {
  it('R2.039 R3.050 R3.051 R6.003 a manager lists the cluster orders of their customers, in every status; others see none of them', async () => {
    const res = await manager.get('/api/v1/orders?type=cluster');
    expect(res.status).toBe(200);
    const statuses = new Set(res.body.data.map((o: { status: string }) => o.status));
    for (const s of ['accepted', 'open', 'completed', 'declined', 'cancelled', 'preparation_failed', 'preparation_completed']) expect(statuses).toContain(s);
    expect(res.body.data.every((o: { customer: { number: number } }) => o.customer.number === 10001)).toBe(true);
    expect((await admin.get('/api/v1/orders?type=cluster')).body.data).toEqual([]);
    expect((await manager.get('/api/v1/orders?type=domain')).body.data).toEqual([]);
  });

  it('R2.040 R2.041 the cluster tab searches order number, cluster number, customer number and customer', async () => {
    const byNumber = await manager.get('/api/v1/orders?type=cluster&search=B-090001');
    expect(byNumber.body.data.map((o: { number: string }) => o.number)).toEqual(['B-090001']);
    const byCustomer = await manager.get('/api/v1/orders?type=cluster&search=m%C3%BCller');
    expect(byCustomer.body.data.length).toBeGreaterThan(3);
    expect((await manager.get('/api/v1/orders?type=cluster&search=10001')).body.data.length).toBe(byCustomer.body.data.length);
    expect((await manager.get('/api/v1/orders?type=cluster&search=nothing-like-this')).body.data).toEqual([]);
  });

  it('R2.045 R8.003 an order of another account is not found (404 order_not_found), like an unknown number', async () => {
    const foreign = await manager.get('/api/v1/orders/cluster/B-090050');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('errors.order_not_found');
    expect((await manager.get('/api/v1/orders/cluster/B-999999')).status).toBe(404);
    expect((await other.get('/api/v1/orders/cluster/B-090001')).status).toBe(404);
    expect((await manager.get('/api/v1/orders/cluster/B-090001')).body.number).toBe('B-090001');
  });
});

describe('cluster order wizard API (§2 Cluster order wizard)', () => {
  it('R2.046 each step refuses its own bad input with 422 field errors', async () => {
    const quote = (step: string, d: Record<string, unknown>) => manager.request('POST', '/api/v1/orders/cluster/quote', { step, draft: d });
    expect((await quote('customer', {})).body.error.fields).toEqual({ customerId: ['validation.required'] });
    expect((await quote('architecture', { customerId })).body.error.fields).toEqual({ architecture: ['validation.required'] });
    expect((await quote('service', { customerId, architecture: 'web_cluster' })).body.error.fields).toEqual({ sla: ['validation.required'] });
    expect((await quote('configuration', draft({ cpu: 17 }))).body.error.fields).toEqual({ cpu: ['validation.maximum'] });
    expect((await quote('order', draft({ acceptTerms: false }))).body.error.fields).toEqual({ acceptTerms: ['errors.order_terms_required'] });
    const foreign = await (async () => {
      const c3 = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10003 })).id;
      return quote('customer', { customerId: c3 });
    })();
    expect(foreign.status).toBe(404);
    const ok = await quote('configuration', draft());
    expect(ok.status).toBe(200);
    expect(ok.body.price.monthly.net).toEqual({ amount: '258.00', currency: 'EUR' });
    expect(ok.body.price.monthly.vat.amount).toBe('49.02');
    expect(ok.body.price.monthly.gross.amount).toBe('307.02');
    expect(ok.body.price.oneTime.gross.amount).toBe('117.81');
  });

  it('R2.047 R9.007 ordering: the stored order equals the summary, replays answer the same, a reused key with another body is 422; the job prepares the cluster live over the socket and mails confirm it', async () => {
    const socket = await openSocket(manager);
    const statuses: string[] = [];
    socket.on('order.changed', (e: { payload: { status: string } }) => statuses.push(e.payload.status));
    try {
      const quote = await manager.request('POST', '/api/v1/orders/cluster/quote', { step: 'order', draft: draft() });
      const res = await order(manager, 'api-key-1', draft());
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('pending');
      expect(res.body.price).toEqual(quote.body.price);
      const replay = await order(manager, 'api-key-1', draft());
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.number).toBe(res.body.number);
      const reused = await order(manager, 'api-key-1', draft({ cpu: 3 }));
      expect(reused.status).toBe(422);
      expect(reused.body.error.fields).toEqual({ idempotencyKey: ['errors.idempotency_key_reused'] });
      expect((await order(manager, undefined, draft())).status).toBe(422);

      const deadline = Date.now() + 20_000;
      let detail = await manager.get(`/api/v1/orders/cluster/${res.body.number}`);
      while (detail.body.status !== 'completed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        detail = await manager.get(`/api/v1/orders/cluster/${res.body.number}`);
      }
      expect(detail.body.status).toBe('completed');
      expect(statuses).toEqual(['preparation_in_progress', 'preparation_completed', 'completed']);
      const em = server.db.orm.em.fork();
      const stored = await em.findOneOrFail(Order, { number: res.body.number }, { populate: ['cluster'] });
      const cluster = await em.findOneOrFail(Cluster, { id: stored.cluster!.id });
      expect(detail.body.clusterNumber).toBe(cluster.number);
      expect(cluster).toMatchObject({ name: 'API-Shop', architecture: 'web_cluster', sla: 'business', cpu: 2, ramGb: 4, ipv4Count: 2, addonTwoFactor: true, status: 'active' });
      expect(await em.count(Server, { cluster: cluster.id })).toBe(2);
      // The cluster contract is in the manager's contract list, billed at the ordered monthly price.
      const contract = await manager.get(`/api/v1/contracts/cluster/${cluster.id}`);
      expect(contract.body.price).toEqual(res.body.price.monthly);

      const mine = await server.mailbox.next(demoLogins.manager, 'orderConfirmation');
      expect(mine.subject).toBe(`Ihre Bestellung ${res.body.number} ist eingegangen`);
      const colleague = await server.mailbox.next('tobias.schmidt@mueller-schmidt.example', 'orderConfirmation');
      expect(colleague.subject).toBe(`Your order ${res.body.number} was received`);
    } finally {
      socket.close();
    }
  }, 60_000);

  it('R6.003 a user who does not manage the customer cannot order for it (404), and nothing is stored', async () => {
    const before = await server.db.orm.em.fork().count(Order, {});
    const res = await order(other, 'api-key-other', draft());
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('errors.customer_not_found');
    expect(await server.db.orm.em.fork().count(Order, {})).toBe(before);
  });

  it('R2.049 R2.050 a new customer is created with the order (the orderer becomes its manager, the IBAN stays masked); an invalid IBAN is 422 and stores nothing', async () => {
    const newCustomer = {
      company: 'Neukunde API GmbH',
      department: 'IT',
      street: 'Hauptstr. 1',
      zip: '10115',
      city: 'Berlin',
      country: 'de',
      phone: '+49 30 1234567',
      invoiceEmails: 'rechnung@neukunde.example',
      vatId: null,
      referenceSign: 'REF-7',
      paymentMethod: 'debit',
      bankName: 'Musterbank',
      accountHolder: 'Neukunde API GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      mandateAuthorised: true,
    };
    const { customerId: _unused, ...rest } = draft();
    const em = () => server.db.orm.em.fork();
    const before = { orders: await em().count(Order, {}), customers: await em().count(Customer, {}) };
    const badQuote = await other.request('POST', '/api/v1/orders/cluster/quote', { step: 'customer', draft: { newCustomer: { ...newCustomer, iban: 'DE89370400440532013001' } } });
    expect(badQuote.status).toBe(422);
    expect(badQuote.body.error.fields).toEqual({ 'newCustomer.iban': ['errors.iban_invalid'] });
    const bad = await order(other, 'api-new-1', { ...rest, newCustomer: { ...newCustomer, iban: 'DE89370400440532013001' } });
    expect(bad.status).toBe(422);
    expect({ orders: await em().count(Order, {}), customers: await em().count(Customer, {}) }).toEqual(before);

    expect((await other.request('POST', '/api/v1/orders/cluster/quote', { step: 'customer', draft: { newCustomer } })).status).toBe(200);
    const res = await order(other, 'api-new-2', { ...rest, newCustomer });
    expect(res.status).toBe(201);
    expect(res.body.customer.company).toBe('Neukunde API GmbH');
    expect(res.body.cluster.newCustomer).toMatchObject({ company: 'Neukunde API GmbH', paymentMethod: 'debit', bankName: 'Musterbank', ibanMasked: 'DE89 •••• •••• 3000' });
    expect(JSON.stringify(res.body)).not.toContain('0532013000');
    const created = await em().findOneOrFail(Customer, { id: res.body.customer.id });
    expect(created).toMatchObject({ street: 'Hauptstr. 1', city: 'Berlin', paymentMethod: 'debit', iban: 'DE89370400440532013000', referenceSign: 'REF-7' });
    expect(created.mandateReference).toMatch(new RegExp(`^M${created.number}-`));
    // The orderer manages the new customer: its payment data (masked) and the order are theirs.
    const payment = await other.get(`/api/v1/customers/${created.id}/payment`);
    expect(payment.status).toBe(200);
    expect(payment.body.iban).toBe('DE89 •••• •••• 3000');
    expect((await other.get(`/api/v1/orders/cluster/${res.body.number}`)).status).toBe(200);
  }, 30_000);

  it('R9.026 the catalog offers the architectures with their ranges and the service levels with what they include', async () => {
    const res = await manager.get('/api/v1/order-catalog/cluster');
    expect(res.body.architectures[0]).toEqual({ id: 'web_cluster', ranges: { cpu: [1, 16], ramGb: [2, 48], nvmeSsdGb: [25, 250], nvmeStorageGb: [10, 500] } });
    expect(res.body.serviceLevels.map((s: { id: string }) => s.id)).toEqual(['basic', 'business', 'enterprise', 'dev']);
    expect(res.body.includedTrafficTb).toBe(5);
  });
});
