import { X509Certificate } from 'node:crypto';
import { twoFactorSecretBox } from '@portal/core/accounts';
import { Customer } from '@portal/core/customers';
import { CertificateOrderKey, CertificateOwner, Order, readCertificateRequest } from '@portal/core/ordering';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let manager: TestClient;
let other: TestClient;
let customerId: number;
let ownerId: number;

beforeAll(async () => {
  server = await createTestServer();
  manager = server.client();
  await manager.login(demoLogins.manager);
  other = server.client();
  await other.login(demoLogins.other);
  customerId = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10001 })).id;
}, 180_000);
afterAll(() => server.stop());

const ownerData = { company: 'Müller & Schmidt Online GmbH', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country: 'DE', email: 'ssl@mueller-schmidt.example', phone: '+49 30 1234567' };
const draft = (extra: Record<string, unknown> = {}) => ({
  customerId,
  domains: ['shop.mueller-schmidt.de', 'blog.mueller-schmidt.de', 'müller-schmidt.de', 'api.mueller-schmidt.de'],
  certificateType: 'multi_domain_ssl',
  termMonths: 12,
  ownerId,
  administrator: { firstname: 'Anna', surname: 'Admin', email: 'anna@mueller-schmidt.example', phone: '+49 30 7654321' },
  verifications: [
    { domain: 'shop.mueller-schmidt.de', method: 'dns' },
    { domain: 'blog.mueller-schmidt.de', method: 'http' },
    { domain: 'müller-schmidt.de', method: 'email', approverEmail: 'webmaster@xn--mller-schmidt-wob.de' },
    { domain: 'api.mueller-schmidt.de', method: 'email', approverEmail: 'admin@mueller-schmidt.de' },
  ],
  acceptTerms: true,
  ...extra,
});
const quote = (client: TestClient, step: string, d: unknown) => client.request('POST', '/api/v1/orders/certificate/quote', { step, draft: d });
const order = (client: TestClient, key: string | undefined, body: unknown) => client.request('POST', '/api/v1/orders/certificate', body, key ? { 'Idempotency-Key': key } : {});

async function untilStatus(number: string, statuses: string[]) {
  let detail = await manager.get(`/api/v1/orders/certificate/${number}`);
  for (let i = 0; i < 120 && !statuses.includes(detail.body.status); i++) {
    await new Promise((r) => setTimeout(r, 250));
    detail = await manager.get(`/api/v1/orders/certificate/${number}`);
  }
  return detail;
}

describe('certificate order wizard API (§2 certificate order wizard)', () => {
  it('R2.056 R5.032 owners: add, and a change creates a new owner record (the old one is no longer offered); only managers', async () => {
    const created = await manager.request('POST', `/api/v1/customers/${customerId}/certificate-owners`, { ...ownerData, street: 'Alte Straße 9' });
    expect(created.status).toBe(201);
    const edited = await manager.request('PUT', `/api/v1/customers/${customerId}/certificate-owners/${created.body.id}`, ownerData);
    expect(edited.status).toBe(200);
    expect(edited.body.id).not.toBe(created.body.id);
    ownerId = edited.body.id;
    const old = await server.db.orm.em.fork().findOneOrFail(CertificateOwner, { id: created.body.id });
    expect(old.street).toBe('Alte Straße 9');
    expect(old.replacedBy).toBe(ownerId);
    const list = await manager.get(`/api/v1/customers/${customerId}/certificate-owners`);
    expect(list.body.data.map((o: { id: number }) => o.id)).toContain(ownerId);
    expect(list.body.data.map((o: { id: number }) => o.id)).not.toContain(created.body.id);
    expect((await manager.request('PUT', `/api/v1/customers/${customerId}/certificate-owners/${created.body.id}`, ownerData)).status).toBe(404);
    const bad = await manager.request('POST', `/api/v1/customers/${customerId}/certificate-owners`, { ...ownerData, country: 'Germany', email: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ country: ['validation.maxLength'], email: ['validation.format.email'] });
    expect((await other.get(`/api/v1/customers/${customerId}/certificate-owners`)).status).toBe(404);
    expect((await other.request('POST', `/api/v1/customers/${customerId}/certificate-owners`, ownerData)).status).toBe(404);
  });

  it('R2.054 R2.055 R5.027 R5.031 R8.012 R8.024 each step refuses its own bad input with 422 field errors', async () => {
    expect((await quote(manager, 'customer', {})).body.error.fields).toEqual({ customerId: ['validation.required'] });
    expect((await quote(other, 'customer', { customerId })).status).toBe(404);
    expect((await quote(manager, 'domains', { customerId, domains: [] })).body.error.fields).toEqual({ domains: ['errors.certificate_domain_required'] });
    expect((await quote(manager, 'domains', { customerId, domains: ['ok.de', 'shop.example.notatld'] })).body.error.fields).toEqual({ 'domains.1': ['errors.certificate_invalid_tld'] });
    expect((await quote(manager, 'certificate', { customerId, domains: ['a.de', 'b.de'], certificateType: 'domain_ssl' })).body.error.fields).toEqual({ certificateType: ['errors.certificate_single_domain'] });
    expect((await quote(manager, 'certificate', { customerId, domains: ['a.de'] })).body.error.fields).toEqual({ certificateType: ['validation.required'] });
    expect((await quote(manager, 'organization', draft({ verifications: [] }))).body.error.fields).toEqual({
      'verifications.0': ['errors.certificate_no_verification_method'],
      'verifications.1': ['errors.certificate_no_verification_method'],
      'verifications.2': ['errors.certificate_no_verification_method'],
      'verifications.3': ['errors.certificate_no_verification_method'],
    });
    const noMailbox = draft().verifications.map((v, i) => (i === 3 ? { ...v, approverEmail: 'info@mueller-schmidt.de' } : v));
    expect((await quote(manager, 'organization', draft({ verifications: noMailbox }))).body.error.fields).toEqual({ 'verifications.3': ['errors.certificate_no_email_verification_method'] });
    expect((await quote(manager, 'organization', draft({ ownerId: 999999 }))).body.error.fields).toEqual({ ownerId: ['errors.certificate_owner_not_found'] });
    expect((await quote(manager, 'order', draft({ acceptTerms: false }))).body.error.fields).toEqual({ acceptTerms: ['errors.order_terms_required'] });
  });

  it('R3.041 R9.016 the catalog offers the seven types, 12 months by default and 4096-bit keys', async () => {
    const res = await manager.get('/api/v1/order-catalog/certificate');
    expect(res.body.types.map((t: { id: string }) => t.id)).toEqual(['domain_ssl', 'multi_domain_ssl', 'wildcard_ssl', 'organization_ssl', 'organization_wildcard_ssl', 'extended_ssl', 'multi_extended_ssl']);
    expect(res.body).toMatchObject({ defaultTermMonths: 12, keyBits: 4096 });
  });

  it('R3.044 R3.045 owners have department, DUNS and federal state (ISO country); the administrator fax, job title and address, kept with the order', async () => {
    const created = await manager.request('POST', `/api/v1/customers/${customerId}/certificate-owners`, { ...ownerData, department: 'Rechenzentrum', duns: '31-516-5789', federalState: 'Berlin', country: 'de' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ department: 'Rechenzentrum', duns: '315165789', federalState: 'Berlin', country: 'DE' });
    const listed = (await manager.get(`/api/v1/customers/${customerId}/certificate-owners`)).body.data.find((o: { id: number }) => o.id === created.body.id);
    expect(listed).toMatchObject({ department: 'Rechenzentrum', duns: '315165789', federalState: 'Berlin' });
    const bad = await manager.request('POST', `/api/v1/customers/${customerId}/certificate-owners`, { ...ownerData, country: 'XX', duns: '123' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ country: ['validation.enum'], duns: ['errors.certificate_duns_invalid'] });

    const administrator = { ...draft().administrator, fax: '+49 30 7654329', jobTitle: 'IT-Leiterin', address: { street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country: 'de' } };
    const missing = await quote(manager, 'organization', draft({ ownerId: created.body.id, administrator: { ...administrator, address: { street: 'Hauptstraße 1' } } }));
    expect(missing.body.error.fields).toEqual({ 'administrator.address.zip': ['validation.required'], 'administrator.address.city': ['validation.required'], 'administrator.address.country': ['validation.required'] });
    const placed = await order(manager, 'r3045-order', draft({ ownerId: created.body.id, administrator, domains: ['r3045.mueller-schmidt.de'], certificateType: 'domain_ssl', verifications: [{ domain: 'r3045.mueller-schmidt.de', method: 'dns' }] }));
    expect(placed.status).toBe(201);
    const detail = await manager.get(`/api/v1/orders/certificate/${placed.body.number}`);
    expect(detail.body.certificate.owner).toMatchObject({ department: 'Rechenzentrum', duns: '315165789', federalState: 'Berlin', country: 'DE' });
    expect(detail.body.certificate.administrator).toEqual({ ...administrator, address: { ...administrator.address, country: 'DE' } });
  });

  it('R3.042 R3.047 the catalog prices each type per year; multi-domain types a base price for the included domains plus a price per extra domain, as charged', async () => {
    const res = await manager.get('/api/v1/order-catalog/certificate');
    const byId = Object.fromEntries(res.body.types.map((t: { id: string }) => [t.id, t]));
    expect(byId.domain_ssl.price).toEqual({ yearly: { amount: '49.00', currency: 'EUR' }, extraDomainYearly: null });
    expect(byId.multi_domain_ssl).toMatchObject({ includedDomains: 3, price: { yearly: { amount: '149.00', currency: 'EUR' }, extraDomainYearly: { amount: '39.00', currency: 'EUR' } } });
    expect(byId.multi_extended_ssl.price.extraDomainYearly).toEqual({ amount: '59.00', currency: 'EUR' });
    // Four domains for 24 months: (base + one extra domain) per year, twice.
    const q = await quote(manager, 'certificate', { customerId, domains: ['a.de', 'b.de', 'c.de', 'd.de'], certificateType: 'multi_domain_ssl', termMonths: 24 });
    expect(q.body.price.oneTime.net.amount).toBe(((149 + 39) * 2).toFixed(2));
  });

  it('R2.047 R3.043 R3.046 ordering: stored price equals the quote, replays answer the same; the job makes a sealed 4096-bit key and a CSR naming the domains; the key only on request', async () => {
    const q = await quote(manager, 'order', draft());
    expect(q.status).toBe(200);
    expect(q.body.price.lines.map((l: { code: string; quantity: number }) => [l.code, l.quantity])).toEqual([
      ['certificate.multi_domain_ssl', 1],
      ['certificate.multi_domain_ssl.extra_domain', 1],
    ]);
    const res = await order(manager, 'cert-key-1', draft());
    expect(res.status).toBe(201);
    expect(res.body.price).toEqual(q.body.price);
    expect(res.body.certificate.domains).toEqual(['shop.mueller-schmidt.de', 'blog.mueller-schmidt.de', 'xn--mller-schmidt-wob.de', 'api.mueller-schmidt.de']);
    expect(JSON.stringify(res.body)).not.toContain('PRIVATE KEY');
    const replay = await order(manager, 'cert-key-1', draft());
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.number).toBe(res.body.number);
    expect((await order(manager, 'cert-key-1', draft({ termMonths: 24 }))).body.error.message).toBe('errors.idempotency_key_reused');
    const done = await untilStatus(res.body.number, ['completed', 'preparation_failed']);
    expect(done.body.status).toBe('completed');
    expect(JSON.stringify(done.body)).not.toContain('PRIVATE KEY');
    const em = server.db.orm.em.fork();
    const stored = await em.findOneOrFail(Order, { number: res.body.number });
    const key = await em.findOneOrFail(CertificateOrderKey, { order: stored.id });
    expect(key.privateKeySealed).not.toContain('PRIVATE KEY');
    expect(twoFactorSecretBox(server.deps.config).open(key.privateKeySealed, `certificate-order:${stored.number}`)).toContain('BEGIN PRIVATE KEY');
    const csr = readCertificateRequest(key.csrPem);
    expect(csr.keyBits).toBe(4096);
    expect(csr.subject.commonName).toBe('shop.mueller-schmidt.de');
    expect(csr.altNames).toEqual(['shop.mueller-schmidt.de', 'blog.mueller-schmidt.de', 'xn--mller-schmidt-wob.de', 'api.mueller-schmidt.de']);
    const asked = await manager.get(`/api/v1/orders/certificate/${stored.number}/key`);
    expect(asked.status).toBe(200);
    expect(asked.body.privateKey).toContain('BEGIN PRIVATE KEY');
    expect((await other.get(`/api/v1/orders/certificate/${stored.number}/key`)).status).toBe(404);

    // R3.046 the public files: CSR, certificate and intermediate of the completed order, DCV content for HTTP/DNS domains.
    const files = await manager.get(`/api/v1/orders/certificate/${stored.number}/files`);
    expect(files.status).toBe(200);
    expect(files.body.csr).toBe(key.csrPem);
    expect(JSON.stringify(files.body)).not.toContain('PRIVATE KEY');
    const cert = new X509Certificate(files.body.certificate);
    const intermediate = new X509Certificate(files.body.intermediate);
    expect(cert.verify(intermediate.publicKey)).toBe(true);
    expect(cert.checkIssued(intermediate)).toBe(true);
    expect(cert.subjectAltName).toContain('DNS:api.mueller-schmidt.de');
    expect(intermediate.ca).toBe(true);
    const methods = stored.details.kind === 'certificate' ? stored.details.verifications.filter((v) => v.method !== 'email') : [];
    expect(files.body.dcv.map((f: { domain: string; method: string }) => [f.domain, f.method])).toEqual(methods.map((v) => [v.domain, v.method]));
    expect((await other.get(`/api/v1/orders/certificate/${stored.number}/files`)).status).toBe(404);
    expect((await manager.get('/api/v1/orders/certificate/B-999999/files')).status).toBe(404);
  }, 60_000);

  it('R8.011 a certificate the authority refuses ends as preparation failed with the certificate-order-failed reason', async () => {
    const res = await order(manager, 'cert-key-refused', draft({ domains: ['ca-refused.mueller-schmidt.de'], certificateType: 'domain_ssl', verifications: [{ domain: 'ca-refused.mueller-schmidt.de', method: 'dns' }] }));
    expect(res.status).toBe(201);
    const done = await untilStatus(res.body.number, ['completed', 'preparation_failed']);
    expect(done.body).toMatchObject({ status: 'preparation_failed', failureReason: 'errors.certificate_order_failed' });
  }, 60_000);

  it('R2.043 the certificate tab searches order number, domain and type; R6.003 others cannot order', async () => {
    const all = (await manager.get('/api/v1/orders?type=certificate')).body.data;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const number = all[0].number;
    expect((await manager.get(`/api/v1/orders?type=certificate&search=${number}`)).body.data.map((o: { number: string }) => o.number)).toEqual([number]);
    expect((await manager.get('/api/v1/orders?type=certificate&search=ca-refused')).body.data).toHaveLength(1);
    expect((await manager.get('/api/v1/orders?type=certificate&search=Multi-DomainSSL')).body.data.length).toBeGreaterThanOrEqual(1);
    expect((await manager.get('/api/v1/orders?type=certificate&search=ExtendedSSL')).body.data).toEqual([]);
    const before = await server.db.orm.em.fork().count(Order, {});
    expect((await order(other, 'cert-other', draft())).status).toBe(404);
    expect(await server.db.orm.em.fork().count(Order, {})).toBe(before);
  });

  it('R6.003 the role check comes before the body is validated (issue 31): a non-manager is refused with 404 whatever the body holds, a 40 KB list of 20,000 items included', async () => {
    const huge = { ...draft(), verifications: Array.from({ length: 20_000 }, () => 0) };
    const admin = server.client();
    await admin.login(demoLogins.admin); // manages no customer
    for (const [client, body] of [
      [admin, huge],
      [admin, { verifications: 'no list' }],
      [other, huge],
      [other, { ...draft(), termMonths: 'twelve' }],
    ] as const) {
      const res = await order(client, 'cert-prevalidation', body);
      expect([res.status, res.body.error.message]).toEqual([404, 'errors.customer_not_found']);
      const quoted = await quote(client, 'order', body);
      expect([quoted.status, quoted.body.error.message]).toEqual([404, 'errors.customer_not_found']);
    }
    // The manager gets the field errors, and one for the oversized list instead of 20,000.
    const own = await order(manager, 'cert-prevalidation', huge);
    expect(own.status).toBe(422);
    expect(own.body.error.fields).toEqual({ verifications: ['validation.maxItems'] });
  });
});
