import { Secret, TOTP } from 'otpauth';
import { twoFactorSecretBox, User } from '@portal/core/accounts';
import { Cluster, ClusterAdministrator, Server } from '@portal/core/clusters';
import { demoLogins, demoPassword, demoStaff, resealDemoStaffSecret } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { betaPlugin, contractWithFixtures } from './__fixtures__/index.ts';

let server: TestServer;

const base = (clusterId: number, serverId: number) => `/api/v1/clusters/${clusterId}/servers/${serverId}`;

async function signedIn(email: string): Promise<TestClient> {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
}

async function signedInStaff(): Promise<TestClient> {
  await resealDemoStaffSecret(server.db.orm.em.fork(), twoFactorSecretBox(server.deps.config));
  const c = server.client();
  const first = await c.login(demoStaff.email, demoPassword);
  server.clock.advance(30_000);
  const code = new TOTP({ secret: Secret.fromBase32(demoStaff.totpSecret), digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
  expect((await c.request('POST', '/api/v1/session/two-factor', { challenge: first.body.challenge, code })).status).toBe(200);
  return c;
}

/** The cluster with this number, its customer's id and its first server. */
async function clusterOf(number: string) {
  const cluster = await server.db.orm.em.fork().findOneOrFail(Cluster, { number }, { populate: ['customer'] });
  const first = await server.db.orm.em.fork().findOneOrFail(Server, { cluster: cluster.id }, { orderBy: { id: 'asc' } });
  return { id: cluster.id, customerId: cluster.customer.id, serverId: first.id };
}

beforeAll(async () => {
  server = await createTestServer({}, { plugins: [betaPlugin], contract: contractWithFixtures(['beta']) });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('Managed Center modules in the beta phase', () => {
  it("R8.004 a beta module is for customers registered for the beta phase; for the others its operations answer 403 'You are not registered for the beta phase.' and the module list says so", async () => {
    // Customer 10001 is registered in the demo seed: its administrator uses the beta module.
    const shop = await clusterOf('20011');
    const admin = await signedIn(demoLogins.admin);
    const view = await admin.get(`${base(shop.id, shop.serverId)}/managed`);
    expect(view.status).toBe(200);
    expect(view.body.sections).toContainEqual(expect.objectContaining({ id: 'beta', stage: 'beta', status: 'ok' }));
    expect((await admin.get(`${base(shop.id, shop.serverId)}/beta/thing`)).body).toEqual({ text: 'beta' });

    // Customer 10003 is not: an administrator of its cluster gets 403 with the message key.
    const shopOther = await clusterOf('20031');
    const em = server.db.orm.em.fork();
    em.create(ClusterAdministrator, { cluster: shopOther.id, user: await em.findOneOrFail(User, { email: demoLogins.other }) } as never);
    await em.flush();
    const other = await signedIn(demoLogins.other);
    const refused = await other.get(`${base(shopOther.id, shopOther.serverId)}/beta/thing`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('errors.beta_not_registered');
    const otherView = await other.get(`${base(shopOther.id, shopOther.serverId)}/managed`);
    expect(otherView.status).toBe(200);
    expect(otherView.body.sections).toContainEqual(expect.objectContaining({ id: 'beta', stage: 'beta', status: 'beta_not_registered' }));
    expect((await other.request('POST', `${base(shopOther.id, shopOther.serverId)}/managed/plugins/beta/rollback`)).status).toBe(403);

    // Staff take 10001's registration back (customers cannot): its administrator is refused from then on.
    expect((await admin.request('PUT', `/api/v1/customers/${shop.customerId}/beta-registration`, { registered: true })).status).toBe(403);
    const staff = await signedInStaff();
    const off = await staff.request('PUT', `/api/v1/customers/${shop.customerId}/beta-registration`, { registered: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ customerId: shop.customerId, registered: false });
    const nowRefused = await admin.get(`${base(shop.id, shop.serverId)}/beta/thing`);
    expect(nowRefused.status).toBe(403);
    expect(nowRefused.body.error.message).toBe('errors.beta_not_registered');
    // And registers 10003: its administrator may use the module.
    expect((await staff.request('PUT', `/api/v1/customers/${shopOther.customerId}/beta-registration`, { registered: true })).status).toBe(200);
    expect((await other.get(`${base(shopOther.id, shopOther.serverId)}/beta/thing`)).status).toBe(200);
    expect((await staff.request('PUT', `/api/v1/customers/999999/beta-registration`, { registered: true })).status).toBe(404);
  });
});
