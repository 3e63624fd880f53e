import { User } from '@portal/core/accounts';
import { Cluster } from '@portal/core/clusters';
import { Customer, CustomerDocument, DpaConclusion, clusterContractDocument, currentDpaVersion, dpaVersions, renderTextPdf } from '@portal/core/customers';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
// The PDF text reader lives with the browser tests; the BFF's tests may import it.
import { pdfText } from '../../../frontend/e2e/billingPdfText.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.stop());

const em = () => server.db.orm.em.fork();
const signedIn = async (email: string) => {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
};
const customerId = async (number: number) => (await em().findOneOrFail(Customer, { number })).id;
const clusterId = async (number: string) => (await em().findOneOrFail(Cluster, { number })).id;
/** Downloads raw bytes with the client's session cookies. */
const bytes = async (c: TestClient, path: string) => {
  const cookie = [...(c as unknown as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

describe('documents (§2 Documents, §8)', () => {
  it('R2.085 the contract PDF prints labels, not raw values: architecture, service level, mode and add-ons in the document’s language', async () => {
    const c = await signedIn(demoLogins.manager);
    const id = await customerId(10001);
    const contract = (await c.get(`/api/v1/customers/${id}/documents`)).body.customer.find((d: { kind: string; fileName: string }) => d.kind === 'contract' && d.fileName === 'Vertrag-20011.pdf');
    const text = pdfText((await bytes(c, `/api/v1/customers/${id}/documents/${contract.id}/download`)).body);
    expect(text).toContain('Extended Web Cluster, Service Level Business, Produktivsystem.');
    expect(text).toContain('Zusatzleistungen');
    expect(text).toContain('Zwei-Faktor-Authentifizierung');
    expect(text).not.toMatch(/extended web cluster|Service Level business|extended_web_cluster|production/);
    // The same contract rendered in English.
    const customer = await em().findOneOrFail(Customer, { number: 10001 });
    const cluster = await em().findOneOrFail(Cluster, { number: '20011' });
    const english = pdfText(await renderTextPdf({ ...clusterContractDocument(customer, cluster, 'en'), language: 'en', createdAt: new Date(), footer: '' }));
    expect(english).toContain('Contract managed cluster 20011');
    expect(english).toContain('Extended Web Cluster, Service level Business, production system.');
    expect(english).toContain('Two-factor authentication');
    expect(english).toContain('customer number 10001');
    expect(english).not.toMatch(/Kundennummer|Service level business|_/);
  });

  it('R2.085 R9.033 lists customer-related and general documents (among them the price list) with type, date and size', async () => {
    const c = await signedIn(demoLogins.manager);
    const res = await c.get(`/api/v1/customers/${await customerId(10001)}/documents`);
    expect(res.status).toBe(200);
    expect(res.body.general.map((d: { kind: string }) => d.kind).sort()).toEqual(['price_list', 'service_description', 'terms', 'toms']);
    const kinds = new Set(res.body.customer.map((d: { kind: string }) => d.kind));
    expect([...kinds].sort()).toEqual(['contract', 'dpa', 'order_confirmation']);
    for (const d of [...res.body.customer, ...res.body.general]) {
      expect(d.size).toBeGreaterThan(500);
      expect(d.contentType).toBe('application/pdf');
      expect(Date.parse(d.createdAt)).not.toBeNaN();
    }
  });

  it('R2.085 streams a download with its type, length and an RFC 6266 file name', async () => {
    const c = await signedIn(demoLogins.manager);
    const id = await customerId(10001);
    const list = (await c.get(`/api/v1/customers/${id}/documents`)).body;
    const confirmation = list.customer.find((d: { kind: string }) => d.kind === 'order_confirmation');
    const res = await bytes(c, `/api/v1/customers/${id}/documents/${confirmation.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Number(res.headers.get('content-length'))).toBe(confirmation.size);
    expect(res.body.length).toBe(confirmation.size);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Auftragsbestatigung-\d+\.pdf"; filename\*=UTF-8''Auftragsbest%C3%A4tigung-\d+\.pdf$/);
    // A general document is downloadable through any customer the user manages.
    const general = list.general.find((d: { kind: string }) => d.kind === 'terms');
    expect((await bytes(c, `/api/v1/customers/${id}/documents/${general.id}/download`)).status).toBe(200);
  });

  it('R6.003 R8.019 documents of another customer are 404; a missing file answers the §8 download error', async () => {
    const other = await signedIn(demoLogins.other);
    const c1 = await customerId(10001);
    const doc = await em().findOneOrFail(CustomerDocument, { customer: c1, kind: 'contract' }, { orderBy: { id: 'asc' } });
    expect((await other.get(`/api/v1/customers/${c1}/documents`)).status).toBe(404);
    expect((await other.get(`/api/v1/customers/${c1}/documents/${doc.id}/download`)).status).toBe(404);
    const own = await customerId(10003);
    const foreign = await other.get(`/api/v1/customers/${own}/documents/${doc.id}/download`);
    expect({ status: foreign.status, message: foreign.body.error.message }).toEqual({ status: 404, message: 'errors.document_not_found' });

    const manager = await signedIn(demoLogins.manager);
    await em().nativeUpdate(CustomerDocument, { id: doc.id }, { storageKey: 'customers/10001/missing.pdf' });
    const missing = await manager.get(`/api/v1/customers/${c1}/documents/${doc.id}/download`);
    await em().nativeUpdate(CustomerDocument, { id: doc.id }, { storageKey: doc.storageKey });
    expect({ status: missing.status, message: missing.body.error.message }).toEqual({ status: 404, message: 'errors.document_download_failed' });
  });

  it('R2.082 documents per cluster: listed and downloadable for the cluster only', async () => {
    const c = await signedIn(demoLogins.admin);
    const shop = await clusterId('20011');
    const res = await c.get(`/api/v1/clusters/${shop}/documents`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { kind: string }) => d.kind).sort()).toEqual(['contract', 'order_confirmation']);
    expect(res.body.data.every((d: { clusterId: number }) => d.clusterId === shop)).toBe(true);
    const file = await bytes(c, `/api/v1/clusters/${shop}/documents/${res.body.data[0].id}/download`);
    expect(file.status).toBe(200);
    const staging = await clusterId('20012');
    const elsewhere = (await em().findOneOrFail(CustomerDocument, { clusterId: staging, kind: 'contract' })).id;
    expect((await c.get(`/api/v1/clusters/${shop}/documents/${elsewhere}/download`)).status).toBe(404);
    expect((await (await signedIn(demoLogins.other)).get(`/api/v1/clusters/${shop}/documents`)).status).toBe(404);
  });
});

describe('data processing agreement (§2, §4 DPA, §5)', () => {
  it('R4.023 R3.037 shows who concluded which version when: current for 10001, outdated for 10002, none for 10003', async () => {
    const manager = await signedIn(demoLogins.manager);
    const dpa1 = (await manager.get(`/api/v1/customers/${await customerId(10001)}/dpa`)).body;
    expect(dpa1.state).toBe('concluded');
    expect(dpa1.currentVersion.version).toBe(currentDpaVersion());
    expect(dpa1.conclusions.map((c: { version: string }) => c.version)).toEqual([currentDpaVersion(), dpaVersions[0].version]);
    expect(dpa1.conclusions[0]).toMatchObject({ concludedBy: expect.any(String), concludedAt: expect.any(String), documentId: expect.any(Number) });
    const partner = await signedIn(demoLogins.partner);
    expect((await partner.get(`/api/v1/customers/${await customerId(10002)}/dpa`)).body.state).toBe('outdated');
    const other = await signedIn(demoLogins.other);
    expect((await other.get(`/api/v1/customers/${await customerId(10003)}/dpa`)).body).toMatchObject({ state: 'not_concluded', conclusions: [] });
    expect((await other.get(`/api/v1/customers/${await customerId(10001)}/dpa`)).status).toBe(404);
  });

  it('R5.040 R4.021 R4.022 R2.086 concluding needs the checkbox; the PDF is stored with its version and e-mailed to every manager', async () => {
    const other = await signedIn(demoLogins.other);
    const id = await customerId(10003);
    const url = `/api/v1/customers/${id}/dpa/conclusions`;
    const unchecked = await other.request('POST', url, { version: currentDpaVersion(), accepted: false });
    expect({ status: unchecked.status, fields: unchecked.body.error.fields }).toEqual({ status: 422, fields: { accepted: ['errors.dpa_confirmation_required'] } });
    const old = await other.request('POST', url, { version: dpaVersions[0].version, accepted: true });
    expect(old.body.error.fields).toEqual({ version: ['errors.dpa_version_outdated'] });
    expect(await em().count(DpaConclusion, { customer: id })).toBe(0);

    const ok = await other.request('POST', url, { version: currentDpaVersion(), accepted: true });
    expect(ok.status).toBe(201);
    expect(ok.body.state).toBe('concluded');
    expect(ok.body.conclusions).toEqual([{ id: expect.any(Number), version: currentDpaVersion(), concludedBy: expect.any(String), concludedAt: expect.any(String), documentId: expect.any(Number) }]);
    const stored = await bytes(other, `/api/v1/customers/${id}/documents/${ok.body.conclusions[0].documentId}/download`);
    expect(stored.status).toBe(200);
    expect(stored.body.subarray(0, 5).toString()).toBe('%PDF-');

    const mail = await server.mailbox.next(demoLogins.other, 'dpaConcluded');
    expect(mail.subject).toContain('Bäckerei Sonnenschein');
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=(")?dpa-10003-/);
    expect((await other.request('POST', url, { version: currentDpaVersion(), accepted: true })).status).toBe(409);
  });

  it('R4.023 R4.022 an outdated customer concludes again; every active manager gets the PDF in their language', async () => {
    const partner = await signedIn(demoLogins.partner);
    const id = await customerId(10002);
    await em().nativeUpdate(User, { email: demoLogins.partner }, { language: 'en' });
    const ok = await partner.request('POST', `/api/v1/customers/${id}/dpa/conclusions`, { version: currentDpaVersion(), accepted: true });
    expect(ok.status).toBe(201);
    expect(ok.body.conclusions.map((c: { version: string }) => c.version)).toEqual([currentDpaVersion(), dpaVersions[0].version]);
    const mail = await server.mailbox.next(demoLogins.partner, 'dpaConcluded');
    expect(mail.subject).toBe('Data processing agreement concluded: Nordlicht Medien GmbH & Co. KG (10002)');
    expect(mail.raw).toContain('application/pdf');
  });

  it('R4.021 two managers concluding at once: one conclusion, the other gets 409', async () => {
    const c = await signedIn('security@demo.example');
    const url = `/api/v1/customers/${await customerId(10004)}/dpa/conclusions`;
    const body = { version: currentDpaVersion(), accepted: true };
    const answers = await Promise.all([c.request('POST', url, body), c.request('POST', url, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await em().count(DpaConclusion, { customer: await customerId(10004) })).toBe(1);
  });

  it('R6.003 concluding is for managers of the customer only (404), and TOMs download as PDF in both languages', async () => {
    const manager = await signedIn(demoLogins.manager);
    expect((await manager.request('POST', `/api/v1/customers/${await customerId(10003)}/dpa/conclusions`, { version: currentDpaVersion(), accepted: true })).status).toBe(404);
    for (const language of ['de', 'en']) {
      const toms = await bytes(manager, `/api/v1/dpa/toms?language=${language}`);
      expect(toms.status).toBe(200);
      expect(toms.headers.get('content-type')).toBe('application/pdf');
      expect(toms.headers.get('content-disposition')).toContain('attachment; filename="TOM');
      expect(toms.body.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('2FA requirement per cluster (§2, §4, §5)', () => {
  it('R5.041 R4.024 activating needs the own 2FA; users of the cluster without 2FA are notified; the overview shows the flag', async () => {
    const admin = await signedIn(demoLogins.admin);
    const shop = await clusterId('20011');
    const url = `/api/v1/clusters/${shop}/two-factor-requirement`;
    const refused = await admin.request('PUT', url, { required: true });
    expect({ status: refused.status, fields: refused.body.error.fields }).toEqual({ status: 422, fields: { required: ['errors.cluster_two_factor_needs_own'] } });
    expect((await em().findOneOrFail(Cluster, { id: shop })).forceTwoFactor).toBe(false);

    await em().nativeUpdate(User, { email: demoLogins.admin }, { twoFactorEnabled: true, twoFactorConfirmed: true });
    const ok = await admin.request('PUT', url, { required: true });
    expect(ok.status).toBe(200);
    expect(ok.body.forceTwoFactor).toBe(true);
    expect(ok.body.notified).toBeGreaterThanOrEqual(1);
    const notice = await server.mailbox.next(demoLogins.manager, 'clusterTwoFactorRequired');
    expect(notice.text).toContain('/a/profile/security');
    expect(server.mailbox.to(demoLogins.admin).some((m) => m.kind === 'clusterTwoFactorRequired')).toBe(false);
    const listed = (await admin.get('/api/v1/clusters?per_page=100')).body.data.find((c: { id: number }) => c.id === shop);
    expect(listed).toMatchObject({ forceTwoFactor: true, administrator: true });
  });

  it('R4.025 deactivating is always possible, also without the own 2FA', async () => {
    await em().nativeUpdate(User, { email: demoLogins.admin }, { twoFactorEnabled: false, twoFactorConfirmed: false });
    const admin = await signedIn(demoLogins.admin);
    const shop = await clusterId('20011');
    const res = await admin.request('PUT', `/api/v1/clusters/${shop}/two-factor-requirement`, { required: false });
    expect(res.body).toEqual({ forceTwoFactor: false, notified: 0 });
  });

  it('R6.004 only administrators of the cluster: a manager who is no administrator gets 403, strangers 404', async () => {
    const partner = await signedIn(demoLogins.partner);
    const mediathek = await clusterId('20021');
    const res = await partner.request('PUT', `/api/v1/clusters/${mediathek}/two-factor-requirement`, { required: false });
    expect({ status: res.status, message: res.body.error.message }).toEqual({ status: 403, message: 'errors.cluster_administrators_only' });
    const other = await signedIn(demoLogins.other);
    expect((await other.request('PUT', `/api/v1/clusters/${await clusterId('20011')}/two-factor-requirement`, { required: false })).status).toBe(404);
  });
});
