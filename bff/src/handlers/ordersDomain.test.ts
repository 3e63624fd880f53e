import { DomainContract } from '@portal/core/billing';
import { Cluster } from '@portal/core/clusters';
import { Customer, DomainHandle, DomainHandleUsage } from '@portal/core/customers';
import { Order } from '@portal/core/ordering';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let manager: TestClient;
let other: TestClient;
let customerId: number;
let clusterId: number;
let inactiveClusterId: number | undefined;
let otherClusterId: number;
let companyHandle: number;
let personHandle: number;
let otherHandle: number;

beforeAll(async () => {
  server = await createTestServer();
  manager = server.client();
  await manager.login(demoLogins.manager);
  other = server.client();
  await other.login(demoLogins.other);
  const em = server.db.orm.em.fork();
  const customer = await em.findOneOrFail(Customer, { number: 10001 });
  customerId = customer.id;
  clusterId = (await em.findOneOrFail(Cluster, { customer: customer.id, status: 'active' }, { orderBy: { number: 'asc' } })).id;
  inactiveClusterId = (await em.findOne(Cluster, { customer: customer.id, status: { $ne: 'active' } }))?.id;
  otherClusterId = (await em.findOneOrFail(Cluster, { customer: { $ne: customer.id } })).id;
  companyHandle = (await em.findOneOrFail(DomainHandle, { handle: 'H10001-1' })).id;
  personHandle = (await em.findOneOrFail(DomainHandle, { handle: 'H10001-2' })).id;
  otherHandle = (await em.findOneOrFail(DomainHandle, { customer: { $ne: customer.id } }, { orderBy: { id: 'asc' } }).catch(() => ({ id: 999999 }))).id;
}, 180_000);
afterAll(() => server.stop());

const draft = (extra: Record<string, unknown> = {}) => ({
  customerId,
  clusterId,
  domain: 'müller-api-shop.de',
  mode: 'register',
  keepNameservers: false,
  ownerHandleId: companyHandle,
  adminHandleId: personHandle,
  referenceSign: null,
  acceptTerms: true,
  ...extra,
});

const quote = (step: string, body: unknown, client = manager) => client.request('POST', '/api/v1/orders/domain/quote', { step, draft: body });
const order = (client: TestClient, key: string | undefined, body: unknown) => client.request('POST', '/api/v1/orders/domain', body, key ? { 'Idempotency-Key': key } : {});
const fieldsOf = async (step: string, body: unknown) => {
  const res = await quote(step, body);
  expect(res.status).toBe(422);
  return res.body.error.fields;
};

describe('domain order wizard: refusals of each step (§2 domain order wizard)', () => {
  it('R2.051 R6.003 customer step: required, and only a customer the caller manages (404 otherwise)', async () => {
    expect(await fieldsOf('customer', {})).toEqual({ customerId: ['validation.required'] });
    const res = await quote('customer', { customerId }, other);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('errors.customer_not_found');
    expect((await quote('customer', { customerId })).status).toBe(200);
  });

  it('R2.051 R8.006 cluster step: a cluster of the customer with an active contract', async () => {
    expect(await fieldsOf('cluster', { customerId })).toEqual({ clusterId: ['validation.required'] });
    expect(await fieldsOf('cluster', { customerId, clusterId: otherClusterId })).toEqual({ clusterId: ['errors.order_cluster_not_active'] });
    if (inactiveClusterId) expect(await fieldsOf('cluster', { customerId, clusterId: inactiveClusterId })).toEqual({ clusterId: ['errors.order_cluster_not_active'] });
    expect((await quote('cluster', { customerId, clusterId })).status).toBe(200);
  });

  it('R2.052 R5.029 R8.012 domain step: label length, invalid TLD, availability per mode, auth code of a transfer; IDN answered in both forms with its price', async () => {
    const d = (extra: Record<string, unknown>) => ({ customerId, clusterId, mode: 'register', ...extra });
    expect(await fieldsOf('domain', d({ domain: `${'a'.repeat(64)}.de` }))).toEqual({ domain: ['errors.domain_label_too_long'] });
    expect(await fieldsOf('domain', d({ domain: 'shop.invalid' }))).toEqual({ domain: ['errors.domain_invalid_tld'] });
    expect(await fieldsOf('domain', d({ domain: 'shop_neu.de' }))).toEqual({ domain: ['errors.domain_invalid'] });
    expect(await fieldsOf('domain', d({ domain: 'example.de' }))).toEqual({ domain: ['errors.domain_taken'] });
    // A domain this portal already holds is taken too.
    expect(await fieldsOf('domain', d({ domain: 'mueller-schmidt.de' }))).toEqual({ domain: ['errors.domain_taken'] });
    expect(await fieldsOf('domain', d({ domain: 'frei-und-neu.de', mode: 'transfer', authCode: 'abc' }))).toEqual({ domain: ['errors.domain_not_registered'] });
    expect(await fieldsOf('domain', d({ domain: 'example.de', mode: 'transfer' }))).toEqual({ authCode: ['errors.domain_auth_code_required'] });
    const transfer = await quote('domain', d({ domain: 'example.de', mode: 'transfer', authCode: 'Xy7$abcd', keepNameservers: true }));
    expect(transfer.status).toBe(200);
    const idn = await quote('domain', d({ domain: 'Müller-API-Shop.DE' }));
    expect(idn.status).toBe(200);
    expect(idn.body.domain).toEqual({ ascii: 'xn--mller-api-shop-gsb.de', unicode: 'müller-api-shop.de', tld: 'de', annualFee: { amount: '12.00', currency: 'EUR' } });
    expect(idn.body.price.oneTime).toEqual({ net: { amount: '12.00', currency: 'EUR' }, vat: { amount: '2.28', currency: 'EUR' }, gross: { amount: '14.28', currency: 'EUR' } });
    expect(idn.body.price.monthly.net.amount).toBe('0.00');
  });

  it('R2.053 R5.026 R8.007 R8.008 R8.009 handle step: owner and ADMIN-C of the customer; the owner of a .se domain follows the .se rules', async () => {
    expect(await fieldsOf('handle', draft({ ownerHandleId: undefined, adminHandleId: undefined }))).toEqual({ ownerHandleId: ['validation.required'], adminHandleId: ['validation.required'] });
    expect(await fieldsOf('handle', draft({ ownerHandleId: otherHandle }))).toEqual({ ownerHandleId: ['errors.handle_not_found'] });
    expect(await fieldsOf('handle', draft({ domain: 'mueller-butik.se', ownerHandleId: personHandle }))).toEqual({ ownerHandleId: ['errors.handle_se_tax_code_required'] });
    const em = server.db.orm.em.fork();
    const bare = em.create(DomainHandle, { customer: customerId, handle: 'H10001-99', kind: 'company', seOwner: false, company: 'Ohne Register AB', firstname: 'Sven', surname: 'Svensson', street: 'Gatan 1', postalCode: '11122', city: 'Stockholm', country: 'se', email: 'sven@example.se', phone: '+46 8 123456' } as unknown as DomainHandle);
    await em.flush();
    expect(await fieldsOf('handle', draft({ domain: 'mueller-butik.se', ownerHandleId: bare.id }))).toEqual({ ownerHandleId: ['errors.handle_se_register_required'] });
    expect((await quote('handle', draft({ domain: 'mueller-butik.se' }))).status).toBe(200);
  });

  it('R2.051 order step: the order must be confirmed', async () => {
    expect(await fieldsOf('order', draft({ acceptTerms: false }))).toEqual({ acceptTerms: ['errors.order_terms_required'] });
  });
});

describe('domain order submission and provisioning', () => {
  it('R2.051 R9.007 the stored order equals the summary; replay answers the same, another body with the key is 422; the job completes it and creates the domain contract with its handles', async () => {
    const summary = await quote('order', draft());
    expect(summary.status).toBe(200);
    const res = await order(manager, 'domain-key-1', draft());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'domain', status: 'pending', domain: 'xn--mller-api-shop-gsb.de', cluster: null });
    expect(res.body.domainOrder).toMatchObject({ domainUnicode: 'müller-api-shop.de', mode: 'register', owner: { handle: 'H10001-1', name: 'Müller & Schmidt Online GmbH' }, admin: { handle: 'H10001-2', name: 'Tobias Schmidt' }, annualFee: { amount: '12.00', currency: 'EUR' } });
    expect(res.body.price).toEqual(summary.body.price);
    const replay = await order(manager, 'domain-key-1', draft());
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.number).toBe(res.body.number);
    const reused = await order(manager, 'domain-key-1', draft({ keepNameservers: true }));
    expect(reused.status).toBe(422);
    expect(reused.body.error.fields).toEqual({ idempotencyKey: ['errors.idempotency_key_reused'] });
    // The ordered domain is no longer free for others.
    expect(await fieldsOf('domain', draft())).toEqual({ domain: ['errors.domain_taken'] });

    const deadline = Date.now() + 20_000;
    let detail = await manager.get(`/api/v1/orders/domain/${res.body.number}`);
    while (detail.body.status !== 'completed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      detail = await manager.get(`/api/v1/orders/domain/${res.body.number}`);
    }
    expect(detail.body.status).toBe('completed');
    const em = server.db.orm.em.fork();
    const contract = await em.findOneOrFail(DomainContract, { domain: 'xn--mller-api-shop-gsb.de' });
    expect(contract).toMatchObject({ status: 'active', yearlyFeeCents: 1200, owner: 'Müller & Schmidt Online GmbH', adminContact: 'Tobias Schmidt' });
    expect(await em.count(DomainHandleUsage, { contractNumber: contract.number })).toBe(2);
    const mail = await server.mailbox.next(demoLogins.manager, 'orderConfirmation');
    expect(mail.subject).toBe(`Ihre Bestellung ${res.body.number} ist eingegangen`);
  }, 60_000);

  it('R2.042 the domain tab searches order number, domain (also as IDN) and domain holder', async () => {
    const all = await manager.get('/api/v1/orders?type=domain');
    const number = all.body.data[0].number;
    for (const q of [number, 'müller-api', 'xn--mller-api', 'Schmidt Online', 'H10001-1']) {
      const res = await manager.get(`/api/v1/orders?type=domain&search=${encodeURIComponent(q)}`);
      expect(res.body.data.map((o: { number: string }) => o.number)).toContain(number);
    }
    expect((await manager.get('/api/v1/orders?type=domain&search=nothing-like-this')).body.data).toEqual([]);
  });

  it('50 concurrent identical submissions through the shared submission code create exactly one domain order', async () => {
    const body = draft({ domain: 'gleichzeitig-bestellt.de' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(manager, 'domain-key-burst', body)));
    expect(answers.filter((r) => r.status === 201 || r.status === 409).length).toBe(50);
    const numbers = new Set(answers.filter((r) => r.status === 201).map((r) => r.body.number));
    expect(numbers.size).toBe(1);
    expect(await server.db.orm.em.fork().count(Order, { domain: 'gleichzeitig-bestellt.de' })).toBe(1);
  }, 60_000);

  it('R2.052 concurrent orders of the same free domain with different keys: one is accepted, the others get 422 domain_taken', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => order(manager, `race-domain-${i}`, draft({ domain: 'gleichzeitig-shop.de' }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body.error.fields).toEqual({ domain: ['errors.domain_taken'] });
    }
    expect(await server.db.orm.em.fork().count(Order, { domain: 'gleichzeitig-shop.de' })).toBe(1);
  }, 30_000);

  it('R6.003 a user who does not manage the customer cannot order for it (404), and nothing is stored', async () => {
    const before = await server.db.orm.em.fork().count(Order, {});
    const res = await order(other, 'domain-key-other', draft({ domain: 'anderer-shop.de' }));
    expect(res.status).toBe(404);
    expect(await server.db.orm.em.fork().count(Order, {})).toBe(before);
  });

  it('the catalog lists the TLDs of the price list with their annual fee', async () => {
    const res = await manager.get('/api/v1/order-catalog/domain');
    expect(res.body.labelMax).toBe(63);
    expect(res.body.tlds).toContainEqual({ tld: 'se', annualFee: { amount: '25.00', currency: 'EUR' } });
  });
});
