import { AuditLogEntry } from '@portal/core/platform';
import { Customer, CustomerManager } from '@portal/core/customers';
import { User } from '@portal/core/accounts';
import { demoLogins, demoPassword } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.stop());

const colleague = 'tobias.schmidt@mueller-schmidt.example';
const signedIn = async (email: string): Promise<TestClient> => {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
};
const customerId = async (number: number) => (await server.db.orm.em.fork().findOneOrFail(Customer, { number })).id;
const clusterId = async (c: TestClient, number: string) =>
  ((await c.get('/api/v1/me/permissions/contracts')).body.data as { id: number; cluster: { number: string } }[]).find((e) => e.cluster.number === number)!.id;
const revokeCustomer = (c: TestClient, email: string, customer_id: number) =>
  c.request('POST', '/api/v1/me/permissions/customers/revoke', { email, customer_id });
const revokeContract = (c: TestClient, email: string, contract_id: number) =>
  c.request('POST', '/api/v1/me/permissions/contracts/revoke', { email, contract_id });

/** A fresh user with the demo password (test factory). */
async function newUser(email: string): Promise<string> {
  const em = server.db.orm.em.fork();
  const { passwordHash } = await em.findOneOrFail(User, { email: demoLogins.other }, { populate: ['passwordHash'] });
  em.create(User, { email, passwordHash, firstname: 'Test', surname: email.split('@')[0] } as User);
  await em.flush();
  return email;
}

/** A customer with the given users as active managers and no contact person (test factory). */
async function customerWithManagers(number: number, emails: string[]): Promise<number> {
  const em = server.db.orm.em.fork();
  const customer = em.create(Customer, {
    number,
    company: `Testkunde ${number} GmbH`,
    street: 'Teststraße 1',
    zip: '10115',
    city: 'Berlin',
    enteredAt: new Date(),
    invoiceEmails: 'rechnung@test.example',
    contactPerson: null,
  } as unknown as Customer);
  for (const email of emails) em.create(CustomerManager, { customer, user: await em.findOneOrFail(User, { email }), active: true } as CustomerManager);
  await em.flush();
  return customer.id;
}

describe('permissions: listing (§2 My data, §3 Permission entry)', () => {
  it('R7.001 R3.012 R3.013 R3.014 R3.015 lists managed customers (company, number, role manager) and administrated contracts (cluster, role administrator)', async () => {
    const manager = await signedIn(demoLogins.manager);
    const [customers, contracts] = await Promise.all([manager.get('/api/v1/me/permissions/customers'), manager.get('/api/v1/me/permissions/contracts')]);
    expect(customers.status).toBe(200);
    expect(customers.body.data).toEqual([{ id: expect.any(Number), number: 10001, company: 'Müller & Schmidt Online GmbH', role: 'manager', active: true }]);
    expect(contracts.body.data).toEqual([
      {
        id: expect.any(Number),
        cluster: { id: expect.any(Number), number: '20011', name: 'Onlineshop Produktion' },
        customer: { number: 10001, company: 'Müller & Schmidt Online GmbH' },
        role: 'administrator',
      },
    ]);

    const admin = await signedIn(demoLogins.admin);
    expect((await admin.get('/api/v1/me/permissions/customers')).body.data).toEqual([]);
    expect((await admin.get('/api/v1/me/permissions/contracts')).body.data.map((e: { cluster: { number: string } }) => e.cluster.number)).toEqual(['20011']);
  });

  it('R6.001 refuses anonymous callers on every permissions operation', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/v1/me/permissions/customers')).status).toBe(401);
    expect((await anonymous.get('/api/v1/me/permissions/contracts')).status).toBe(401);
    expect((await revokeCustomer(anonymous, demoLogins.manager, 1)).status).toBe(401);
    expect((await revokeContract(anonymous, demoLogins.manager, 1)).status).toBe(401);
  });
});

describe('permissions: revoking (§5 managers and administrators, §6, §8)', () => {
  it('R6.002 a user revokes only their own permissions: another e-mail is a 403, another customer’s entry a 404', async () => {
    const other = await signedIn(demoLogins.other);
    const c10001 = await customerId(10001);
    const own = await revokeCustomer(other, demoLogins.manager, c10001);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe('errors.permission_not_own');
    const foreign = await revokeCustomer(other, demoLogins.other, c10001);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('errors.permission_not_found');
    const manager = await signedIn(demoLogins.manager);
    const c20011 = await clusterId(manager, '20011');
    expect((await revokeContract(other, demoLogins.other, c20011)).body.error.message).toBe('errors.permission_not_found');
    expect((await revokeContract(other, demoLogins.manager, c20011)).status).toBe(403);
    // Nothing changed for the manager.
    expect((await manager.get('/api/v1/me/permissions/customers')).body.data).toHaveLength(1);
  });

  it('R7.002 R7.003 validates the payload: email and customer_id / contract_id are required and well-formed', async () => {
    const manager = await signedIn(demoLogins.manager);
    const missing = await manager.request('POST', '/api/v1/me/permissions/customers/revoke', {});
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ email: ['validation.required'], customer_id: ['validation.required'] });
    const bad = await manager.request('POST', '/api/v1/me/permissions/contracts/revoke', { email: 'no-mail', contract_id: 0, extra: true });
    expect(bad.body.error.fields).toEqual({
      email: ['validation.format.email'],
      contract_id: ['validation.minimum'],
      extra: ['validation.additionalProperties'],
    });
    expect((await manager.request('POST', '/api/v1/me/permissions/customers/revoke', { email: demoLogins.manager, customer_id: 'x' })).status).toBe(422);
  });

  it('R5.023 R8.014 a manager who is the contact person cannot give up the customer', async () => {
    const manager = await signedIn(demoLogins.manager);
    const res = await revokeCustomer(manager, demoLogins.manager, await customerId(10001));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors.manager_not_removable_contact_person');
  });

  it('R5.023 R8.014 the partner manager cannot give up the customer', async () => {
    const partner = await signedIn(demoLogins.partner);
    const res = await revokeCustomer(partner, demoLogins.partner, await customerId(10002));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors.manager_not_removable_partner_manager');
    expect((await partner.get('/api/v1/me/permissions/customers')).body.data).toHaveLength(1);
  });

  it('R5.022 R8.014 the last active manager cannot give up the customer; with a second active manager one can leave', async () => {
    const id = await customerWithManagers(19001, [demoLogins.other]);
    const other = await signedIn(demoLogins.other);
    const last = await revokeCustomer(other, demoLogins.other, id);
    expect(last.status).toBe(409);
    expect(last.body.error.message).toBe('errors.manager_not_removable_last_manager');

    const em = server.db.orm.em.fork();
    em.create(CustomerManager, { customer: em.getReference(Customer, id), user: await em.findOneOrFail(User, { email: demoLogins.admin }), active: true } as CustomerManager);
    await em.flush();
    expect((await revokeCustomer(other, demoLogins.other, id)).status).toBe(204);
    const admin = await signedIn(demoLogins.admin);
    const alone = await revokeCustomer(admin, demoLogins.admin, id);
    expect(alone.body.error.message).toBe('errors.manager_not_removable_last_manager');
  });

  it('R5.022 two managers leaving at the same moment leave the customer with one', async () => {
    const [first, second] = [await newUser('race.one@test.example'), await newUser('race.two@test.example')];
    const id = await customerWithManagers(19002, [first, second]);
    const [a, b] = await Promise.all([signedIn(first), signedIn(second)]);
    const results = await Promise.all([revokeCustomer(a, first, id), revokeCustomer(b, second, id)]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    expect(await server.db.orm.em.fork().count(CustomerManager, { customer: id, active: true })).toBe(1);
  });

  it('R5.024 R8.015 an administrator who also manages the customer cannot give up the cluster', async () => {
    const manager = await signedIn(demoLogins.manager);
    const res = await revokeContract(manager, demoLogins.manager, await clusterId(manager, '20011'));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors.administrator_not_removable_still_manager');
    expect((await manager.get('/api/v1/me/permissions/contracts')).body.data).toHaveLength(1);
  });

  it('R7.003 R8.036 an administrator gives up a cluster: it leaves their permissions and their cluster list, and it is audited', async () => {
    const admin = await signedIn(demoLogins.admin);
    const id = await clusterId(admin, '20011');
    const res = await revokeContract(admin, 'Admin@Demo.example', id);
    expect(res.status).toBe(204);
    expect((await admin.get('/api/v1/me/permissions/contracts')).body.data).toEqual([]);
    expect((await admin.get('/api/v1/clusters')).body.data).toEqual([]);
    expect((await revokeContract(admin, demoLogins.admin, id)).status).toBe(404);
    const audit = await server.db.orm.em.fork().find(AuditLogEntry, { action: 'permission.revoked', actorEmail: demoLogins.admin });
    expect(audit.map((a) => a.details)).toContainEqual({ role: 'administrator', clusterId: id, clusterNumber: '20011' });
  });

  it('R7.002 R8.036 a manager gives up a customer while another active manager remains', async () => {
    const tobias = await signedIn(colleague);
    const c10001 = await customerId(10001);
    expect((await tobias.get('/api/v1/me/permissions/customers')).body.data.map((e: { number: number }) => e.number)).toEqual([10001]);
    expect((await revokeCustomer(tobias, colleague, c10001)).status).toBe(204);
    expect((await tobias.get('/api/v1/me/permissions/customers')).body.data).toEqual([]);
    expect((await tobias.get('/api/v1/clusters')).body.data).toEqual([]);
    // The demo password still signs the user in: only the right is gone.
    expect((await server.client().login(colleague, demoPassword)).status).toBe(200);
  });
});

describe('permissions with a personal access token (§3 restrictions)', () => {
  const bearer = async (abilities: object) => {
    const other = await signedIn(demoLogins.other);
    const res = await other.request('POST', '/api/v1/me/personal-access-tokens', { name: 'permissions test', expires: 0, expires_at: null, abilities });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return { Authorization: `Bearer ${res.body.plainTextToken}` };
  };

  it('R6.008 a token with profile access reads and revokes permissions; a token for clusters only gets 403', async () => {
    const profile = await bearer({ global: false, allClusters: true, areas: ['profile'] });
    const c = server.client();
    const list = await c.request('GET', '/api/v1/me/permissions/customers', undefined, profile);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { number: number }) => e.number)).toContain(10003);
    const refused = await c.request('POST', '/api/v1/me/permissions/customers/revoke', { email: demoLogins.other, customer_id: await customerId(10003) }, profile);
    expect(refused.body.error.message).toBe('errors.manager_not_removable_contact_person');

    const clustersOnly = await bearer({ global: false, allClusters: true });
    const denied = await c.request('GET', '/api/v1/me/permissions/contracts', undefined, clustersOnly);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('errors.token_not_allowed');
  });
});
