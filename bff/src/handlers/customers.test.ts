import { Invitation, User } from '@portal/core/accounts';
import { Cluster } from '@portal/core/clusters';
import { Customer, CustomerManager } from '@portal/core/customers';
import { demoLogins } from '@portal/core/seed';
import { linkIn } from '../testing/mailbox.ts';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

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
const userId = async (email: string) => (await em().findOneOrFail(User, { email })).id;

/** The body of `updateCustomer` from a `getCustomer` answer, with changes. */
const dataOf = (c: Record<string, unknown>, changes: Record<string, unknown> = {}) => ({
  company: c.company,
  department: c.department,
  street: c.street,
  zip: c.zip,
  city: c.city,
  country: c.country,
  phone: c.phone,
  language: c.language,
  vatId: c.vatId,
  referenceSign: c.referenceSign,
  invoiceEmails: (c.invoiceEmails as string[]).join('\n'),
  reminderEmails: (c.reminderEmails as string[]).join('\n'),
  contactPersonId: (c.contactPerson as { id: number } | null)?.id ?? null,
  ...changes,
});

describe('customer dashboard: customers and company data (§2 Customer data, §3 Customer, §5)', () => {
  it('R2.083 R2.011 R8.006 lists the customers the user manages with their clusters (none for a pure administrator)', async () => {
    const c = await signedIn(demoLogins.manager);
    const res = await c.get('/api/v1/customers');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ number: 10001, company: 'Müller & Schmidt Online GmbH', clusterCount: expect.any(Number) })]);
    expect(res.body.data[0].clusterCount).toBeGreaterThanOrEqual(2);
    // An administrator who manages no customer has none (§8 "no customers available").
    expect((await (await signedIn(demoLogins.admin)).get('/api/v1/customers')).body.data).toEqual([]);
  });

  it('R2.084 R3.031 R3.032 R3.033 shows the company data, e-mails and contact person candidates (active managers) of a managed customer', async () => {
    const c = await signedIn(demoLogins.manager);
    const res = await c.get(`/api/v1/customers/${await customerId(10001)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      number: 10001,
      company: 'Müller & Schmidt Online GmbH',
      country: 'de',
      vatId: 'DE079197918',
      vatIdRequired: false,
      invoiceEmails: [expect.stringMatching(/^rechnung@/)],
      contactPerson: { email: demoLogins.manager },
      street: 'Friedrichstraße 123',
      zip: '10117',
      city: 'Berlin',
      language: expect.stringMatching(/^(de|en)$/),
      referenceSign: null,
      enteredAt: expect.any(String),
      paymentMethod: 'debit',
      dpaStatus: expect.any(String),
    });
    expect(res.body.contactPersonCandidates.map((p: { email: string }) => p.email)).toContain('tobias.schmidt@mueller-schmidt.example');
  });

  it('R6.003 another customer, an unknown one and a signed-out caller are refused (404, 404, 401)', async () => {
    const c = await signedIn(demoLogins.manager);
    const other = await customerId(10003);
    for (const path of [`/api/v1/customers/${other}`, `/api/v1/customers/${other}/team`, '/api/v1/customers/999999']) {
      const res = await c.get(path);
      expect({ path, status: res.status, message: res.body.error.message }).toEqual({ path, status: 404, message: 'errors.customer_not_found' });
    }
    const put = await c.request('PUT', `/api/v1/customers/${other}`, dataOf((await (await signedIn(demoLogins.other)).get(`/api/v1/customers/${other}`)).body));
    expect(put.status).toBe(404);
    expect((await server.client().get(`/api/v1/customers/${other}`)).status).toBe(401);
  });

  it('R5.033 R3.034 R5.025 R3.035 R2.089 saves the data: VAT ID required and checked per country, e-mail lists, contact person only an active manager; nothing is stored on errors', async () => {
    const c = await signedIn(demoLogins.other);
    const id = await customerId(10003);
    const before = (await c.get(`/api/v1/customers/${id}`)).body;

    const bad = await c.request('PUT', `/api/v1/customers/${id}`, dataOf(before, { country: 'at', vatId: '', invoiceEmails: 'a@x.example, kaputt', company: ' ' }));
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ vatId: ['errors.vat_id_required'], invoiceEmails: ['errors.email_list_invalid'], company: ['validation.required'] });
    expect((await c.request('PUT', `/api/v1/customers/${id}`, dataOf(before, { country: 'at', vatId: 'ATU13585628' }))).body.error.fields).toEqual({
      vatId: ['errors.vat_id_invalid'],
    });
    // A user who is no manager of this customer cannot become contact person.
    const foreign = await c.request('PUT', `/api/v1/customers/${id}`, dataOf(before, { contactPersonId: await userId(demoLogins.admin) }));
    expect(foreign.body.error.fields).toEqual({ contactPersonId: ['errors.contact_person_not_active_manager'] });
    expect((await em().findOneOrFail(Customer, { id })).country).toBe('de');

    const ok = await c.request('PUT', `/api/v1/customers/${id}`, dataOf(before, { country: 'at', vatId: 'atu 135 856 27', invoiceEmails: 'Buchhaltung@baeckerei.example,\nchef@baeckerei.example', reminderEmails: '' }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ country: 'at', vatId: 'ATU13585627', vatIdRequired: true, invoiceEmails: ['buchhaltung@baeckerei.example', 'chef@baeckerei.example'], reminderEmails: [] });
    expect((await c.request('PUT', `/api/v1/customers/${id}`, dataOf(ok.body, { reminderEmails: 'mahnung@baeckerei.example' }))).body.reminderEmails).toEqual(['mahnung@baeckerei.example']);
  });

  it('R5.033 lengths are limited by the contract (422, nothing stored)', async () => {
    const c = await signedIn(demoLogins.other);
    const id = await customerId(10003);
    const before = (await c.get(`/api/v1/customers/${id}`)).body;
    const res = await c.request('PUT', `/api/v1/customers/${id}`, dataOf(before, { company: 'x'.repeat(256) }));
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ company: ['validation.maxLength'] });
  });
});

describe('customer dashboard: managers and administrators (§2, §4 Invitations, §5, §8)', () => {
  let c: TestClient;
  let shopId: number;
  let c1: number;
  beforeAll(async () => {
    c = await signedIn(demoLogins.manager);
    c1 = await customerId(10001);
    shopId = await clusterId('20011');
  });

  it('R2.090 R2.083 shows managers (contact person marked), clusters with administrators and open invitations', async () => {
    const res = await c.get(`/api/v1/customers/${c1}/team`);
    expect(res.status).toBe(200);
    expect(res.body.managers).toContainEqual(expect.objectContaining({ email: demoLogins.manager, active: true, contactPerson: true }));
    const shop = res.body.clusters.find((x: { id: number }) => x.id === shopId);
    expect(shop.administrators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: demoLogins.admin, alsoManager: false }),
        expect.objectContaining({ email: demoLogins.manager, alsoManager: true }),
      ]),
    );
    expect(res.body.invitations.map((i: { email: string }) => i.email)).toContain('new.colleague@demo.example');
  });

  it('R2.090 R3.038 R4.018 invites an administrator by e-mail; the link registers the new user, who then administrates the cluster', async () => {
    const email = 'freelance.dev@agentur.example';
    const res = await c.request('POST', `/api/v1/customers/${c1}/invitations`, { email, role: 'administrator', clusterId: shopId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'administrator', cluster: { id: shopId }, status: 'sent', invitedBy: { firstname: 'Anna' } });
    const mail = await server.mailbox.next(email, 'invitation');
    expect(mail.subject).toBe('Einladung als Administrator im Kundenportal');
    const link = linkIn(mail);
    const [, type, token, mailEmail, id] = /\/a\/registration\/(\w+)\/([^/]+)\/([^/]+)\/(\d+)$/.exec(link)!;
    expect({ type, email: decodeURIComponent(mailEmail), id: Number(id) }).toEqual({ type: 'administrator', email, id: res.body.id });
    // A second invitation to the same address is refused while this one is open.
    expect((await c.request('POST', `/api/v1/customers/${c1}/invitations`, { email, role: 'administrator', clusterId: shopId })).body.error.message).toBe('errors.invitation_exists');

    const guest = server.client();
    const password = 'Kaffeetasse-Fahrrad-Nordsee-27';
    const registered = await guest.request('POST', '/api/v1/invitations/register', { token: decodeURIComponent(token), email, type, id: Number(id), firstname: 'Fenja', surname: 'Frei', password, password_confirmation: password });
    expect(registered.status).toBeLessThan(300);
    const team = (await c.get(`/api/v1/customers/${c1}/team`)).body;
    expect(team.clusters.find((x: { id: number }) => x.id === shopId).administrators).toContainEqual(expect.objectContaining({ email }));
    expect(team.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('R2.090 an existing account gets a link to accept while signed in; a cluster of another customer is 404; an existing manager 409', async () => {
    const res = await c.request('POST', `/api/v1/customers/${c1}/invitations`, { email: demoLogins.partner, role: 'manager' });
    expect(res.status).toBe(201);
    expect(linkIn(await server.mailbox.next(demoLogins.partner, 'invitation'))).toMatch(new RegExp(`/a/invitation/manager/[^/]+/${encodeURIComponent(demoLogins.partner)}/${res.body.id}$`));
    const foreignCluster = (await em().findOneOrFail(Cluster, { customer: { number: 10003 } })).id;
    expect((await c.request('POST', `/api/v1/customers/${c1}/invitations`, { email: 'x@y.example', role: 'administrator', clusterId: foreignCluster })).status).toBe(404);
    expect((await c.request('POST', `/api/v1/customers/${c1}/invitations`, { email: 'tobias.schmidt@mueller-schmidt.example', role: 'manager' })).body.error.message).toBe(
      'errors.invitation_already_manager',
    );
    expect((await c.request('POST', `/api/v1/customers/${c1}/invitations`, { email: 'not-an-address', role: 'owner' })).status).toBe(422);
  });

  it('R2.090 R4.018 resends an open invitation with a new link (the old one stops working) and deletes one', async () => {
    const email = 'resend.me@agentur.example';
    const created = (await c.request('POST', `/api/v1/customers/${c1}/invitations`, { email, role: 'manager' })).body;
    const first = linkIn(await server.mailbox.next(email, 'invitation'));
    const resent = await c.request('POST', `/api/v1/customers/${c1}/invitations/${created.id}/resend`);
    expect(resent.status).toBe(200);
    const second = linkIn(await server.mailbox.next(email, 'invitation'));
    expect(second).not.toBe(first);
    const tokenOf = (link: string) => decodeURIComponent(link.split('/').at(-3)!);
    const lookup = (link: string) => server.client().request('POST', '/api/v1/invitations/lookup', { token: tokenOf(link), email });
    expect((await lookup(first)).status).toBe(404);
    expect((await lookup(second)).status).toBe(200);

    expect((await c.request('DELETE', `/api/v1/customers/${c1}/invitations/${created.id}`)).status).toBe(204);
    expect((await em().findOneOrFail(Invitation, { id: created.id })).status).toBe('deleted');
    expect((await lookup(second)).status).toBe(404);
    expect((await c.request('DELETE', `/api/v1/customers/${c1}/invitations/${created.id}`)).status).toBe(404);
    // Another customer's manager cannot touch it.
    const otherCustomer = await customerId(10003);
    expect((await (await signedIn(demoLogins.other)).request('DELETE', `/api/v1/customers/${otherCustomer}/invitations/${created.id}`)).status).toBe(404);
  });

  it('R5.022 R5.023 R5.024 R8.014 R8.015 removal rules: contact person, last active manager, partner manager, administrator who is still a manager', async () => {
    expect((await c.request('DELETE', `/api/v1/customers/${c1}/managers/${await userId(demoLogins.manager)}`)).body.error.message).toBe(
      'errors.manager_not_removable_contact_person',
    );
    const other = await signedIn(demoLogins.other);
    const c3 = await customerId(10003);
    // Make someone else the contact person, so the last-manager rule is what refuses.
    await em().nativeUpdate(Customer, { id: c3 }, { contactPerson: null });
    const last = await other.request('DELETE', `/api/v1/customers/${c3}/managers/${await userId(demoLogins.other)}`);
    expect({ status: last.status, message: last.body.error.message }).toEqual({ status: 409, message: 'errors.manager_not_removable_last_manager' });

    const partner = await signedIn(demoLogins.partner);
    const c2 = await customerId(10002);
    await em().nativeUpdate(Customer, { id: c2 }, { contactPerson: null });
    const e = em();
    e.create(CustomerManager, { customer: c2, user: await userId(demoLogins.other), active: true } as unknown as CustomerManager);
    await e.flush();
    expect((await partner.request('DELETE', `/api/v1/customers/${c2}/managers/${await userId(demoLogins.partner)}`)).body.error.message).toBe(
      'errors.manager_not_removable_partner_manager',
    );

    const still = await c.request('DELETE', `/api/v1/customers/${c1}/clusters/${shopId}/administrators/${await userId(demoLogins.manager)}`);
    expect({ status: still.status, message: still.body.error.message }).toEqual({ status: 409, message: 'errors.administrator_not_removable_still_manager' });
  });

  it('R2.090 removes a manager and an administrator', async () => {
    const tobias = await userId('tobias.schmidt@mueller-schmidt.example');
    expect((await c.request('DELETE', `/api/v1/customers/${c1}/managers/${tobias}`)).status).toBe(204);
    expect(await em().count(CustomerManager, { customer: c1, user: tobias })).toBe(0);
    expect((await c.request('DELETE', `/api/v1/customers/${c1}/managers/${tobias}`)).status).toBe(404);
    const admin = await userId(demoLogins.admin);
    expect((await c.request('DELETE', `/api/v1/customers/${c1}/clusters/${shopId}/administrators/${admin}`)).status).toBe(204);
    expect((await (await signedIn(demoLogins.admin)).get(`/api/v1/clusters/${shopId}`)).status).toBe(404);
  });
});

describe('customer dashboard with personal access tokens (§3 token restrictions)', () => {
  it('R3.019 R6.008 user management needs the profile area, company data the accounting area', async () => {
    const c = await signedIn(demoLogins.other);
    const id = await customerId(10003);
    const token = async (areas: string[]) => {
      const res = await c.request('POST', '/api/v1/me/personal-access-tokens', { name: 'Token', expires: 0, abilities: { global: false, allClusters: true, clusters: [], areas } });
      expect(res.status).toBe(201);
      return { Authorization: `Bearer ${res.body.plainTextToken}` };
    };
    const call = (path: string, headers: Record<string, string>) => server.client().request('GET', path, undefined, headers).then((r) => r.status);
    const profile = await token(['profile']);
    expect(await call('/api/v1/customers', profile)).toBe(200);
    expect(await call(`/api/v1/customers/${id}/team`, profile)).toBe(200);
    expect(await call(`/api/v1/customers/${id}`, profile)).toBe(403);
    const accounting = await token(['accounting']);
    expect(await call(`/api/v1/customers/${id}`, accounting)).toBe(200);
    expect(await call(`/api/v1/customers/${id}/team`, accounting)).toBe(403);
    const clustersOnly = await token([]);
    expect(await call('/api/v1/customers', clustersOnly)).toBe(403);
  });
});
