/**
 * Issue 8, defect 2: personal access tokens do not survive a password reset (every token and session
 * goes) nor, by default, a password change; tokens of a user who loses all roles on a customer stop
 * reaching it at once. Defect 10: pagination totals for a token limited to selected clusters.
 */
import { User } from '@portal/core/accounts';
import { hashPassword } from '@portal/core/platform';
import { demoLogins, demoPassword } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';
import { linkIn } from '../testing/mailbox.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TRUST_PROXY: '1' }, { fixtures: false });
});
afterAll(() => server.stop());

const strong = 'Lampe Regen Fahrrad 7';
let serial = 0;
let ip = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++ip}` });

async function newUser(): Promise<string> {
  const em = server.db.orm.em.fork();
  const email = `revocation-${++serial}-${Date.now()}@example.com`;
  em.create(User, { email, passwordHash: await hashPassword(demoPassword), firstname: 'Rita', surname: 'Revoke', emailVerified: true } as User);
  await em.flush();
  return email;
}

async function signedIn(email: string, password = demoPassword): Promise<TestClient> {
  const c = server.client();
  expect((await c.request('POST', '/api/v1/session', { email, password }, from())).status).toBe(200);
  return c;
}

async function token(c: TestClient, abilities: Record<string, unknown> = { global: true }): Promise<string> {
  const res = await c.request('POST', '/api/v1/me/personal-access-tokens', { name: `t${++serial}`, expires: 0, abilities });
  expect(res.status).toBe(201);
  return res.body.plainTextToken as string;
}

/** Calls the API as a third party with the token (no cookies). */
const withToken = (t: string, path: string) => new TestClient(server.url).request('GET', path, undefined, { Authorization: `Bearer ${t}` });

describe('issue 8 defect 2: tokens follow the password', () => {
  it('a password reset deletes every token and ends every session', async () => {
    const email = await newUser();
    const browser = await signedIn(email);
    const [a, b] = [await token(browser), await token(browser)];
    expect((await withToken(a, '/api/v1/me')).status).toBe(200);

    expect((await server.client().request('POST', '/api/v1/password/forgot', { email }, from())).status).toBe(204);
    const link = linkIn(await server.mailbox.next(email, 'passwordReset'));
    const reset = await server.client().request('POST', '/api/v1/password/reset', { token: link.split('/a/password/reset/')[1], password: strong, password_confirmation: strong }, from());
    expect(reset.status).toBe(204);

    for (const t of [a, b]) expect((await withToken(t, '/api/v1/me')).status).toBe(401);
    expect((await browser.get('/api/v1/me')).status).toBe(401);
  });

  it('a password change deletes the tokens by default and says how many', async () => {
    const email = await newUser();
    const browser = await signedIn(email);
    const tokens = [await token(browser), await token(browser)];
    const res = await browser.request('PUT', '/api/v1/me/password', { password_old: demoPassword, password: strong, password_confirmation: strong });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ otherSessionsEnded: 0, tokensRevoked: 2 });
    for (const t of tokens) expect((await withToken(t, '/api/v1/me')).status).toBe(401);
    expect((await browser.get('/api/v1/me/personal-access-tokens')).body.meta.total).toBe(0);
  });

  it('a password change keeps the tokens when the user unticks "also revoke all tokens"', async () => {
    const email = await newUser();
    const browser = await signedIn(email);
    const kept = await token(browser);
    const res = await browser.request('PUT', '/api/v1/me/password', { password_old: demoPassword, password: strong, password_confirmation: strong, revoke_tokens: false });
    expect(res.body).toEqual({ otherSessionsEnded: 0, tokensRevoked: 0 });
    expect((await withToken(kept, '/api/v1/me')).status).toBe(200);
  });

  it('a token stops reaching a cluster at once when its user gives up the role there', async () => {
    const admin = await signedIn(demoLogins.admin);
    const list = await admin.get('/api/v1/clusters?search=20011');
    const shop = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
    const t = await token(admin, { global: false, allClusters: true });
    expect((await withToken(t, `/api/v1/clusters/${shop}`)).status).toBe(200);
    const me = (await admin.get('/api/v1/me')).body;
    expect((await admin.request('POST', '/api/v1/me/permissions/contracts/revoke', { email: me.email, contract_id: shop })).status).toBe(204);
    expect((await withToken(t, `/api/v1/clusters/${shop}`)).status).toBe(404);
    expect((await withToken(t, '/api/v1/clusters')).body.data.map((c: { id: number }) => c.id)).not.toContain(shop);
  });
});

describe('issue 8 defect 10: pagination of a token limited to selected clusters', () => {
  it('counts only the clusters the token reaches', async () => {
    const manager = await signedIn(demoLogins.manager);
    const all = (await manager.get('/api/v1/clusters')).body;
    expect(all.meta.total).toBeGreaterThanOrEqual(2);
    const chosen = all.data[all.data.length - 1].id as number;
    const t = await token(manager, { global: false, clusters: [chosen] });
    const page = (await withToken(t, '/api/v1/clusters?per_page=1')).body;
    expect(page.data.map((c: { id: number }) => c.id)).toEqual([chosen]);
    expect(page.meta).toMatchObject({ total: 1, lastPage: 1 });
    // The first page of an unlimited list is no longer mistaken for the whole.
    const first = (await withToken(t, '/api/v1/clusters?per_page=1&page=2')).body;
    expect(first.data).toEqual([]);
    expect(first.meta.total).toBe(1);
  });
});
