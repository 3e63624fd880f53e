import { User } from '@portal/core/accounts';
import { Customer } from '@portal/core/customers';
import { demoPartners, Partner } from '@portal/core/partner';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { pdfText } from '../../../frontend/e2e/billingPdfText.ts';

let server: TestServer;
let partner: TestClient;
let authorized: TestClient;
let inactive: TestClient;
let manager: TestClient;
let active: number;
let ended: number;

const signedIn = async (email: string) => {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
};

beforeAll(async () => {
  server = await createTestServer();
  server.clock.set('2026-11-24T10:00:00Z');
  partner = await signedIn(demoLogins.partner);
  authorized = await signedIn(demoPartners.authorizedLogin);
  inactive = await signedIn(demoPartners.inactiveLogin);
  manager = await signedIn(demoLogins.manager);
  const em = server.db.orm.em.fork();
  active = (await em.findOneOrFail(Partner, { number: demoPartners.activeNumber })).id;
  ended = (await em.findOneOrFail(Partner, { number: demoPartners.inactiveNumber })).id;
}, 180_000);
afterAll(() => server.stop());

async function download(client: TestClient, path: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const headers: Record<string, string> = {};
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(server.url + path, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe('partner area API (§2 partner managers only)', () => {
  it('R5.003 R6.005 a user who is no partner member is refused on every partner operation (404), a foreign partner looks unknown', async () => {
    for (const path of [
      '/api/v1/partners',
      `/api/v1/partners/${active}/overview`,
      `/api/v1/partners/${active}/credits`,
      `/api/v1/partners/${active}/credits/export`,
      `/api/v1/partners/${active}/credits/1/pdf`,
      `/api/v1/partners/${active}/contracts`,
      `/api/v1/partners/${active}/users`,
      '/api/v1/partner-material',
      '/api/v1/partner-material/1/download',
    ]) {
      const res = await manager.get(path);
      expect([path, res.status, res.body?.error?.message]).toEqual([path, 404, 'errors.partner_not_found']);
    }
    expect((await manager.request('POST', `/api/v1/partners/${active}/users`, { email: demoPartners.candidateLogin })).status).toBe(404);
    expect((await partner.get(`/api/v1/partners/${ended}/overview`)).status).toBe(404);
  });

  it('R2.019 R2.098 R3.053 the partner sees their partners and the overview per year with level, progress and months', async () => {
    const list = await partner.get('/api/v1/partners');
    expect(list.body.data).toEqual([{ id: active, number: 70001, name: 'Nordlicht Medien GmbH & Co. KG', role: 'manager', partnershipActive: true }]);
    const o = await partner.get(`/api/v1/partners/${active}/overview?year=2025`);
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({ year: 2025, years: [2024, 2025, 2026], level: 'silver', nextLevel: 'gold', progressPercent: 76.8, ratePercent: '8.00' });
    expect(o.body.months).toHaveLength(12);
    expect(o.body.totals.revenue).toEqual({ amount: '21525.00', currency: 'EUR' });
    expect((await partner.get(`/api/v1/partners/${active}/overview`)).body).toMatchObject({ year: 2026, level: 'gold' });
    expect((await partner.get(`/api/v1/partners/${active}/overview?year=1999`)).status).toBe(422);
    expect((await authorized.get(`/api/v1/partners/${active}/overview`)).status).toBe(200);
  });

  it('R2.020 R3.055 payouts: filter by customer, sums, CSV export, credit note PDF', async () => {
    const all = await partner.get(`/api/v1/partners/${active}/credits`);
    expect(all.body.data).toHaveLength(18);
    const customerId = all.body.customers[0].id;
    const one = await partner.get(`/api/v1/partners/${active}/credits?customerId=${customerId}`);
    expect(one.body.data).toHaveLength(7);
    expect(one.body.data.every((c: { customer: { id: number } }) => c.customer.id === customerId)).toBe(true);
    const csv = await download(partner, `/api/v1/partners/${active}/credits/export?customerId=${customerId}&language=en`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('attachment; filename="credits-70001.csv"');
    expect(csv.body.toString('utf8').trim().split('\r\n')).toHaveLength(8);
    const credit = one.body.data[1];
    const pdf = await download(partner, `/api/v1/partners/${active}/credits/${credit.id}/pdf?language=de`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(pdf.body)).toContain(`Gutschrift ${credit.number}`);
    const foreign = await server.db.orm.em.fork().findOneOrFail(Partner, { id: ended });
    const foreignCredit = (await server.db.orm.em.fork().getConnection().execute(`select id from partner_commission_credits where partner_id = ${foreign.id} limit 1`))[0].id;
    expect((await partner.get(`/api/v1/partners/${active}/credits/${foreignCredit}/pdf`)).status).toBe(404);
  });

  it('R2.022 R3.057 R4.013 partner contracts: search, sort, pagination', async () => {
    const page = await partner.get(`/api/v1/partners/${active}/contracts?per_page=2&sort=-from`);
    expect(page.body.meta).toEqual({ page: 1, perPage: 2, total: 3, lastPage: 2 });
    const found = await partner.get(`/api/v1/partners/${active}/contracts?search=rheinufer`);
    expect(found.body.data).toEqual([
      expect.objectContaining({ number: 'PV-70001-0003', to: '2025-12-31', status: 'ended', lastRevenue: { month: '2025-12', amount: { amount: '650.00', currency: 'EUR' } }, commission: { amount: '52.00', currency: 'EUR' } }),
    ]);
  });

  it('R2.021 R3.056 R8.026 sales material: filter by language, streamed download with headers only with an active partnership', async () => {
    const de = await partner.get('/api/v1/partner-material?language=de');
    expect(de.body.downloadAllowed).toBe(true);
    expect(de.body.data.map((m: { language: string }) => m.language)).toEqual(['de', 'de', 'de']);
    const pdf = de.body.data.find((m: { fileType: string }) => m.fileType === 'PDF');
    const file = await download(partner, `/api/v1/partner-material/${pdf.id}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-length')).toBe(String(pdf.size));
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="partnerbroschuere-2026.pdf"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.body.length).toBe(pdf.size);
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await inactive.get('/api/v1/partner-material');
    expect(refused.body.downloadAllowed).toBe(false);
    const res = await inactive.get(`/api/v1/partner-material/${pdf.id}/download`);
    expect([res.status, res.body.error.message]).toEqual([403, 'errors.partnership_inactive']);
  });

  it('R2.023 R3.058 R5.023 R8.014 authorised users: add and remove; partner managers stay; the partner flag guards removal as customer manager', async () => {
    const em = server.db.orm.em.fork();
    const paul = await em.findOneOrFail(User, { email: demoPartners.candidateLogin });
    const kuestenwerk = await em.findOneOrFail(Customer, { number: 10006 });
    const colleague = server.client();
    const users = await partner.get(`/api/v1/partners/${active}/users`);
    expect(users.body.mayManage).toBe(true);
    expect(users.body.candidates.map((c: { email: string }) => c.email)).toEqual([demoPartners.candidateLogin]);
    expect((await authorized.get(`/api/v1/partners/${active}/users`)).body.mayManage).toBe(false);
    expect((await authorized.request('POST', `/api/v1/partners/${active}/users`, { email: demoPartners.candidateLogin })).status).toBe(403);
    const bad = await partner.request('POST', `/api/v1/partners/${active}/users`, { email: demoLogins.manager });
    expect([bad.status, bad.body.error.fields]).toEqual([422, { email: ['errors.partner_user_not_customer_manager'] }]);
    const added = await partner.request('POST', `/api/v1/partners/${active}/users`, { email: demoPartners.candidateLogin });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: paul.id, role: 'authorized' });
    // Paul now sees the partner area and, as partner manager, cannot be removed as manager of 10006 (§5).
    await colleague.login(demoPartners.candidateLogin);
    expect((await colleague.get('/api/v1/me')).body.isPartner).toBe(true);
    expect((await colleague.get(`/api/v1/partners/${active}/overview`)).status).toBe(200);
    const leave = await colleague.request('POST', '/api/v1/me/permissions/customers/revoke', { email: demoPartners.candidateLogin, customer_id: kuestenwerk.id });
    expect([leave.status, leave.body.error.message]).toEqual([409, 'errors.manager_not_removable_partner_manager']);
    const own = await partner.request('DELETE', `/api/v1/partners/${active}/users/${(await em.findOneOrFail(User, { email: demoLogins.partner })).id}`);
    expect([own.status, own.body.error.message]).toEqual([409, 'errors.partner_manager_not_removable']);
    expect((await partner.request('DELETE', `/api/v1/partners/${active}/users/${paul.id}`)).status).toBe(204);
    expect((await colleague.get('/api/v1/me')).body.isPartner).toBe(false);
    expect((await colleague.get(`/api/v1/partners/${active}/overview`)).status).toBe(404);
  });
});
