import { Customer } from '@portal/core/customers';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let c: TestClient;
let id: number;
beforeAll(async () => {
  server = await createTestServer();
  c = server.client();
  expect((await c.login(demoLogins.manager)).status).toBe(200);
  id = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10001 })).id;
});
afterAll(() => server.stop());

const astrid = {
  kind: 'person',
  seOwner: true,
  company: null,
  firstname: 'Astrid',
  surname: 'Lindqvist',
  street: 'Drottninggatan 1',
  postalCode: '111 51',
  city: 'Stockholm',
  country: 'se',
  email: 'astrid@example.se',
  phone: '+46 8 123 456 78',
  fax: null,
  idCardNumber: null,
  birthday: '1981-12-18',
  companyRegistrationNumber: null,
  taxId: null,
};

describe('domain handles (§2 handle overview, §3, §5, §8)', () => {
  it('R2.088 R3.039 lists the handles with the contracts using them', async () => {
    const res = await c.get(`/api/v1/customers/${id}/handles`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { handle: string }) => h.handle)).toEqual(['H10001-1', 'H10001-2']);
    expect(res.body.data[0].usedBy).toEqual([{ contractNumber: 'D-30001', domain: 'mueller-schmidt.de', role: 'owner' }]);
  });

  it('R2.088 R5.026 R8.008 R8.009 creates, edits and deletes a handle; the .se owner rules refuse a missing tax code or register number', async () => {
    const refused = await c.request('POST', `/api/v1/customers/${id}/handles`, astrid);
    expect({ status: refused.status, fields: refused.body.error.fields }).toEqual({ status: 422, fields: { taxId: ['errors.handle_se_tax_code_required'] } });
    const created = await c.request('POST', `/api/v1/customers/${id}/handles`, { ...astrid, taxId: '19811218-9876' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ handle: 'H10001-3', firstname: 'Astrid', usedBy: [] });

    const company = await c.request('PUT', `/api/v1/customers/${id}/handles/${created.body.id}`, { ...astrid, kind: 'company', company: 'Lindqvist AB', taxId: null });
    expect(company.body.error.fields).toEqual({ companyRegistrationNumber: ['errors.handle_se_register_required'] });
    const edited = await c.request('PUT', `/api/v1/customers/${id}/handles/${created.body.id}`, { ...astrid, kind: 'company', company: 'Lindqvist AB', companyRegistrationNumber: '556123-4567' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'company', company: 'Lindqvist AB' });

    expect((await c.request('DELETE', `/api/v1/customers/${id}/handles/${created.body.id}`)).status).toBe(204);
    expect((await c.get(`/api/v1/customers/${id}/handles`)).body.data).toHaveLength(2);
  });

  it('R5.028 R8.017 a handle used by a contract cannot be deleted', async () => {
    const inUse = (await c.get(`/api/v1/customers/${id}/handles`)).body.data[0];
    const res = await c.request('DELETE', `/api/v1/customers/${id}/handles/${inUse.id}`);
    expect({ status: res.status, message: res.body.error.message }).toEqual({ status: 409, message: 'errors.handle_in_use' });
  });

  it('R6.003 R8.007 another customer’s handles are 404', async () => {
    const other = server.client();
    await other.login(demoLogins.other);
    const handle = (await c.get(`/api/v1/customers/${id}/handles`)).body.data[1];
    expect((await other.get(`/api/v1/customers/${id}/handles`)).status).toBe(404);
    const own = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10003 })).id;
    const res = await other.request('DELETE', `/api/v1/customers/${own}/handles/${handle.id}`);
    expect({ status: res.status, message: res.body.error.message }).toEqual({ status: 404, message: 'errors.handle_not_found' });
  });
});
