import { createInvitation, Invitation, User } from '@portal/core/accounts';
import { Cluster } from '@portal/core/clusters';
import { Customer } from '@portal/core/customers';
import { demoInvitations, demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.stop());
// Every test starts with a fresh allowance of the per-client limit.
beforeEach(async () => {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await server.deps.rateLimits.invitationByClient.delete(ip);
});

const strongPassword = 'Kaffeetasse-Fahrrad-Nordsee-27';
const em = () => server.db.orm.em.fork();
const invitationOf = async (email: string, token: string) => {
  const { sha256 } = await import('@portal/core/platform');
  return em().findOneOrFail(Invitation, { email, tokenHash: sha256(token) });
};
const lookup = (c: TestClient, body: object) => c.request('POST', '/api/v1/invitations/lookup', body);
const signedIn = async (email: string) => {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
};

/** A fresh invitation (test factory) with a random token, as the customers area will create them. */
async function invite(email: string, role: 'manager' | 'administrator', target: { customerNumber?: number; clusterNumber?: string }) {
  const e = em();
  const customerId = target.customerNumber ? (await e.findOneOrFail(Customer, { number: target.customerNumber })).id : undefined;
  const clusterId = target.clusterNumber ? (await e.findOneOrFail(Cluster, { number: target.clusterNumber })).id : undefined;
  const invitedBy = await e.findOneOrFail(User, { email: demoLogins.manager });
  const { invitation, token } = await createInvitation(e, server.clock, { email, role, customerId, clusterId, invitedBy });
  return { id: invitation.id, token, email, type: role };
}

describe('invitations: the link (§2 registration and invitations, §8 invalid token)', () => {
  it('R2.005 R3.038 R4.018 shows an invitation to the holder of its link and moves it from sent to open', async () => {
    const d = demoInvitations.newColleague;
    expect((await invitationOf(d.email, d.token)).status).toBe('sent');
    const res = await lookup(server.client(), { token: d.token, email: d.email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'new.colleague@demo.example',
      role: 'manager',
      customer: { number: 10001, company: 'Müller & Schmidt Online GmbH' },
      cluster: null,
      invitedBy: { firstname: 'Anna', surname: 'Berger' },
      status: 'open',
      accountExists: false,
    });
    expect((await invitationOf(d.email, d.token)).status).toBe('open');
    const admin = await lookup(server.client(), { token: demoInvitations.otherAdministrator.token, email: demoLogins.other, type: 'administrator' });
    expect(admin.body).toMatchObject({ role: 'administrator', cluster: { number: '20012', name: 'Onlineshop Staging' }, customer: { number: 10001 }, accountExists: true });
  });

  it('R8.018 an unknown token, another address, another id or type, or an expired link is the invalid-token message', async () => {
    const d = demoInvitations.freelancer;
    const { id } = await invitationOf(d.email, d.token);
    const invalid = async (body: object) => {
      const res = await lookup(server.client(), body);
      expect({ body, status: res.status, message: res.body.error?.message }).toEqual({ body, status: 404, message: 'errors.invalid_invitation_token' });
    };
    await invalid({ token: 'unknown-token-0000000000', email: d.email });
    await invalid({ token: d.token, email: 'someone.else@demo.example' });
    await invalid({ token: d.token, email: d.email, id: id + 1000 });
    await invalid({ token: d.token, email: d.email, type: 'manager' });
    const now = server.clock.now();
    server.clock.advance(366 * 86_400_000);
    try {
      await invalid({ token: d.token, email: d.email });
    } finally {
      server.clock.set(now);
    }
    // The address is compared case-insensitively, like sign-in.
    expect((await lookup(server.client(), { token: d.token, email: 'Freelancer@Demo.Example', id, type: 'administrator' })).status).toBe(200);
  });

  it('R8.018 validates the link fields before looking anything up', async () => {
    const res = await lookup(server.client(), { token: 'short', email: 'not-an-email', type: 'owner', id: 0 });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      token: ['validation.minLength'],
      email: ['validation.format.email'],
      type: ['validation.enum'],
      id: ['validation.minimum'],
    });
    expect((await lookup(server.client(), { token: 'has spaces in the token!!', email: 'a@b.example' })).body.error.fields).toEqual({ token: ['validation.pattern'] });
  });

  it('R4.018 a withdrawn (deleted) invitation can no longer be used', async () => {
    const link = await invite('withdrawn@test.example', 'manager', { customerNumber: 10002 });
    await em().nativeUpdate(Invitation, { id: link.id }, { status: 'deleted' });
    expect((await lookup(server.client(), link)).body.error.message).toBe('errors.invalid_invitation_token');
  });

  it('R2.005 public invitation calls are rate limited per client address (30 per 15 minutes)', async () => {
    const c = server.client();
    for (let i = 0; i < 30; i++) expect((await lookup(c, { token: `unknown-token-${String(i).padStart(10, '0')}`, email: 'x@test.example' })).status).toBe(404);
    const limited = await lookup(c, { token: demoInvitations.freelancer.token, email: demoInvitations.freelancer.email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('invitations: registration (§2 registration with an invitation token, §5 password)', () => {
  const registration = (link: object, extra: object = {}) => ({
    ...link,
    firstname: 'Nora',
    surname: 'Neumann',
    password: strongPassword,
    password_confirmation: strongPassword,
    ...extra,
  });
  const register = (c: TestClient, body: object) => c.request('POST', '/api/v1/invitations/register', body);

  it('R2.092 R5.006 names are required and the password follows the policy (length, strength, personal data, confirmation)', async () => {
    const link = await invite('nora.neumann@test.example', 'manager', { customerNumber: 10002 });
    const c = server.client();
    const fields = async (extra: object) => (await register(c, registration(link, extra))).body.error.fields;
    expect(await fields({ firstname: ' ', surname: '' })).toEqual({ firstname: ['validation.required'], surname: ['validation.required'] });
    expect(await fields({ password: 'Kurz-1', password_confirmation: 'Kurz-1' })).toEqual({ password: ['errors.password_length'] });
    expect(await fields({ password: 'x'.repeat(256), password_confirmation: 'x'.repeat(256) })).toEqual({ password: ['errors.password_length'] });
    expect(await fields({ password: 'password1234', password_confirmation: 'password1234' })).toEqual({ password: ['errors.password_rule'] });
    expect(await fields({ password: 'Neumann-Sonnenschein-42', password_confirmation: 'Neumann-Sonnenschein-42' })).toEqual({ password: ['errors.password_personal'] });
    expect(await fields({ password_confirmation: `${strongPassword}x` })).toEqual({ password_confirmation: ['errors.password_confirmation'] });
    const missing = await register(c, { token: link.token, email: link.email });
    expect(missing.body.error.fields).toEqual({
      firstname: ['validation.required'],
      surname: ['validation.required'],
      password: ['validation.required'],
      password_confirmation: ['validation.required'],
    });
    // Nothing was created, and the link still works.
    expect(await em().count(User, { email: link.email })).toBe(0);
    expect((await lookup(c, link)).status).toBe(200);
  });

  it('R2.004 R2.092 R2.093 registers the invited address, accepts in the same step and signs the new user in', async () => {
    const d = demoInvitations.newColleague;
    const { id } = await invitationOf(d.email, d.token);
    const browser = server.client();
    const res = await register(browser, registration({ token: d.token, email: d.email, type: 'manager', id }, { gender: 'female', language: 'en' }));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: d.email, firstname: 'Nora', surname: 'Neumann', language: 'en', emailVerified: true });
    expect(browser.cookies.get('portal_logged_in')).toBe('1');
    expect((await browser.get('/api/v1/me/permissions/customers')).body.data).toMatchObject([{ number: 10001, role: 'manager', active: true }]);
    expect((await browser.get('/api/v1/clusters')).body.data.map((c: { number: string }) => c.number)).toEqual(['20011', '20012']);
    const stored = await invitationOf(d.email, d.token);
    expect(stored.status).toBe('accepted');
    expect(stored.acceptedBy?.id).toBe(res.body.user.id);
    // The new account signs in with its password; the used link is invalid now.
    expect((await server.client().login(d.email, strongPassword)).status).toBe(200);
    const again = await register(server.client(), registration({ token: d.token, email: d.email }));
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('errors.invalid_invitation_token');
  });

  it('R2.092 an address that already has an account cannot register again (taken e-mail) and the invitation stays open', async () => {
    const link = await invite(demoLogins.admin, 'administrator', { clusterNumber: '20012' });
    await lookup(server.client(), link);
    const res = await register(server.client(), registration(link));
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ email: ['errors.email_taken'] });
    expect((await em().findOneOrFail(Invitation, link.id)).status).toBe('open');
  });
});

describe('invitations: accept and decline (§2, §4 sent → open → accepted or declined)', () => {
  const accept = (c: TestClient, body: object) => c.request('POST', '/api/v1/invitations/accept', body);
  const decline = (c: TestClient, body: object) => c.request('POST', '/api/v1/invitations/decline', body);

  it('R2.018 R2.094 a signed-in user accepts an invitation to their address and becomes administrator of the cluster', async () => {
    const d = demoInvitations.otherAdministrator;
    const { id } = await invitationOf(d.email, d.token);
    const other = await signedIn(demoLogins.other);
    expect((await other.get('/api/v1/clusters')).body.data.map((c: { number: string }) => c.number)).toEqual(['20031', '20032']);
    const res = await accept(other, { token: d.token, email: d.email, type: 'administrator', id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', role: 'administrator', cluster: { number: '20012' } });
    expect((await other.get('/api/v1/me/permissions/contracts')).body.data.map((e: { cluster: { number: string } }) => e.cluster.number)).toEqual(['20012']);
    expect((await other.get('/api/v1/clusters')).body.data.map((c: { number: string }) => c.number)).toEqual(['20012', '20031', '20032']);
    expect((await accept(other, { token: d.token, email: d.email })).body.error.message).toBe('errors.invalid_invitation_token');
  });

  it('R6.001 R8.018 accepting needs a session, and the invitation must be addressed to the signed-in user', async () => {
    const link = await invite('someone.new@test.example', 'manager', { customerNumber: 10003 });
    expect((await accept(server.client(), link)).status).toBe(401);
    const manager = await signedIn(demoLogins.manager);
    const res = await accept(manager, link);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('errors.invalid_invitation_token');
    expect((await manager.get('/api/v1/me/permissions/customers')).body.data.map((e: { number: number }) => e.number)).toEqual([10001]);
    // Another user's session with the right address in the body changes nothing either.
    expect((await accept(manager, { ...link, email: demoLogins.manager })).status).toBe(404);
  });

  it('R2.094 accepting a manager invitation makes an existing account a manager of the customer', async () => {
    const link = await invite(demoLogins.admin, 'manager', { customerNumber: 10003 });
    const admin = await signedIn(demoLogins.admin);
    expect((await accept(admin, link)).status).toBe(200);
    expect((await admin.get('/api/v1/me/permissions/customers')).body.data).toMatchObject([{ number: 10003, role: 'manager', active: true }]);
  });

  it('R2.094 R4.018 the invitee declines without an account (or signed in); the link is used up and grants nothing', async () => {
    const d = demoInvitations.partnerAdministrator;
    const res = await decline(server.client(), { token: d.token, email: d.email, type: 'administrator' });
    expect(res.status).toBe(204);
    expect((await invitationOf(d.email, d.token)).status).toBe('declined');
    const partner = await signedIn(demoLogins.partner);
    expect((await accept(partner, { token: d.token, email: d.email })).body.error.message).toBe('errors.invalid_invitation_token');
    expect((await partner.get('/api/v1/me/permissions/contracts')).body.data).toEqual([]);
    expect((await decline(partner, { token: d.token, email: d.email })).status).toBe(404);

    const link = await invite('declines@test.example', 'administrator', { clusterNumber: '20021' });
    expect((await decline(partner, link)).status).toBe(204);
  });
});
