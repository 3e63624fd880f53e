/**
 * Issue 14: signed-in callers come from an in-process cache (no query, no ORM hydration for `GET /me`),
 * and every way a credential or a user's data changes still shows on the very next request.
 */
import { User } from '@portal/core/accounts';
import { hashPassword } from '@portal/core/platform';
import { demoPassword } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({}, { fixtures: false });
});
afterAll(() => server.stop());

let serial = 0;
async function newUser(): Promise<string> {
  const em = server.db.orm.em.fork();
  const email = `principal-cache-${++serial}-${Date.now()}@example.com`;
  em.create(User, { email, passwordHash: await hashPassword(demoPassword), firstname: 'Carl', surname: 'Cache', emailVerified: true } as User);
  await em.flush();
  return email;
}

async function signedIn(email: string): Promise<TestClient> {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
}

/**
 * The SQL statements the portal runs on the caller's tables (sessions, users, tokens) while `work` runs;
 * the job queue polls on its own meanwhile, its statements do not count.
 */
async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const connection = server.db.orm.em.getConnection();
  const original = connection.execute;
  const seen: string[] = [];
  // A pass-through recorder (ESM jest has no `jest.spyOn` global): the statements still run.
  connection.execute = function (this: typeof connection, ...args: Parameters<typeof original>) {
    seen.push(String(args[0]));
    return original.apply(this, args);
  } as typeof original;
  try {
    await work();
    return seen.filter((sql) => /\b(sessions|users|personal_access_tokens)\b/.test(sql));
  } finally {
    connection.execute = original;
  }
}

describe('issue 14: principal cache', () => {
  it('a repeated GET /me answers from the cache without a query', async () => {
    const browser = await signedIn(await newUser());
    expect((await browser.get('/api/v1/me')).status).toBe(200);
    const n = await queriesDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await browser.get('/api/v1/me')).status).toBe(200);
    });
    expect(n).toEqual([]);
    // The recorder does see the lookup once the cache is empty.
    server.deps.principals!.clear();
    expect((await queriesDuring(() => browser.get('/api/v1/me'))).length).toBeGreaterThan(0);
  });

  it('the caller’s own change shows at once (a write drops the cached caller)', async () => {
    const browser = await signedIn(await newUser());
    expect((await browser.get('/api/v1/me')).body.darkMode).toBe(false);
    const res = await browser.request('PATCH', '/api/v1/me/settings', { darkMode: true, forcedMode: true });
    expect(res.status).toBe(200);
    const me = await browser.get('/api/v1/me');
    expect(me.body).toMatchObject({ darkMode: true, forcedMode: true });
  });

  it('a session ended from another browser is refused on its very next request', async () => {
    const email = await newUser();
    const [a, b] = [await signedIn(email), await signedIn(email)];
    expect((await a.get('/api/v1/me')).status).toBe(200);
    expect((await a.get('/api/v1/me')).status).toBe(200);
    expect((await b.request('DELETE', '/api/v1/me/sessions/others')).status).toBe(200);
    expect((await a.get('/api/v1/me')).status).toBe(401);
    expect((await b.get('/api/v1/me')).status).toBe(200);
  });

  it('a deleted personal access token is refused on its very next request', async () => {
    const browser = await signedIn(await newUser());
    const created = await browser.request('POST', '/api/v1/me/personal-access-tokens', { name: 'cached', expires: 0, abilities: { global: true } });
    expect(created.status).toBe(201);
    const bearer = { Authorization: `Bearer ${created.body.plainTextToken}` };
    const third = new TestClient(server.url);
    for (let i = 0; i < 2; i++) expect((await third.request('GET', '/api/v1/me', undefined, bearer)).status).toBe(200);
    expect((await browser.request('DELETE', `/api/v1/me/personal-access-tokens/${created.body.token.id}`)).status).toBe(204);
    expect((await third.request('GET', '/api/v1/me', undefined, bearer)).status).toBe(401);
  });

  it('an expired session is not served from the cache', async () => {
    const browser = await signedIn(await newUser());
    expect((await browser.get('/api/v1/me')).status).toBe(200);
    server.clock.advance(25 * 60 * 60 * 1000);
    try {
      expect((await browser.get('/api/v1/me')).status).toBe(401);
    } finally {
      server.clock.advance(-25 * 60 * 60 * 1000);
    }
  });
});

describe('issue 14: principal cache across instances (Redis pub/sub)', () => {
  it('a revocation on one instance drops the cached caller on the other', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = [await createTestServer(env, { fixtures: false }), await createTestServer(env, { fixtures: false })];
    try {
      const browser = a.client();
      const login = await browser.login('manager@demo.example');
      expect((await browser.get('/api/v1/me')).status).toBe(200);
      expect(a.deps.principals!.size).toBe(1);
      // Both instances' databases are seeded alike: the user has the same id on b.
      b.deps.principals!.invalidateUser(login.body.user.id);
      const deadline = Date.now() + 2000;
      while (a.deps.principals!.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(a.deps.principals!.size).toBe(0);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
