/**
 * Issue 8, defect 9: limits against automation — failed sign-ins per account across client addresses
 * (with a notice e-mail to the user), new tokens per user, invalid bearer tokens per client.
 */
import { User } from '@portal/core/accounts';
import { hashPassword } from '@portal/core/platform';
import { demoPassword } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TRUST_PROXY: '1', LOGIN_ACCOUNT_LIMIT: '5', TOKEN_CREATE_LIMIT: '20', INVALID_TOKEN_LIMIT: '20' }, { fixtures: false });
});
afterAll(() => server.stop());

let ip = 0;
const from = () => ({ 'X-Forwarded-For': `192.0.2.${++ip}` });
let serial = 0;
async function newUser(language: 'de' | 'en' = 'de'): Promise<string> {
  const em = server.db.orm.em.fork();
  const email = `automation-${++serial}-${Date.now()}@example.com`;
  em.create(User, { email, passwordHash: await hashPassword(demoPassword), firstname: 'Alma', surname: 'Auto', emailVerified: true, language } as User);
  await em.flush();
  return email;
}
const login = (email: string, password: string, headers: Record<string, string> = from()) =>
  server.client().request('POST', '/api/v1/session', { email, password }, headers);

describe('issue 8 defect 9: anti-automation', () => {
  it('pauses an account\'s sign-in after failed attempts from many addresses and tells its owner once', async () => {
    const email = await newUser('en');
    const bystander = await newUser();
    // A distributed guess: every attempt from another address, so no per-client limit applies.
    for (let i = 0; i < 5; i++) expect((await login(email, `Wrong-Guess-${i}-xyz`)).status).toBe(422);
    const locked = await login(email, demoPassword);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe('errors.too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const notice = await server.mailbox.next(email, 'accountLocked');
    expect(notice.subject).toBe('Sign-in to your account temporarily locked');
    expect(notice.text).toContain('/a/password/forgot');
    // Further attempts send no further notice, and other accounts are unaffected.
    await login(email, 'Another-Wrong-1');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.mailbox.to(email).filter((m) => m.kind === 'accountLocked')).toHaveLength(1);
    expect((await login(bystander, demoPassword)).status).toBe(200);
  });

  it('limits new personal access tokens per user and hour (TOKEN_CREATE_LIMIT, here 20)', async () => {
    const c = server.client();
    expect((await c.request('POST', '/api/v1/session', { email: await newUser(), password: demoPassword }, from())).status).toBe(200);
    const create = (i: number) => c.request('POST', '/api/v1/me/personal-access-tokens', { name: `bulk ${i}`, expires: 0, abilities: { global: true } });
    for (let i = 0; i < 20; i++) expect((await create(i)).status).toBe(201);
    const blocked = await create(21);
    expect(blocked.status).toBe(429);
    expect((await c.get('/api/v1/me/personal-access-tokens')).body.meta.total).toBe(20);
  });

  it('refuses a client that presented INVALID_TOKEN_LIMIT (here 20) invalid bearer tokens, even with a valid one; other clients go on', async () => {
    const c = server.client();
    expect((await c.request('POST', '/api/v1/session', { email: await newUser(), password: demoPassword }, from())).status).toBe(200);
    const valid = (await c.request('POST', '/api/v1/me/personal-access-tokens', { name: 'valid', expires: 0, abilities: { global: true } })).body.plainTextToken as string;
    const id = valid.split('|')[0];
    const guesser = from();
    const call = (token: string, headers: Record<string, string>) =>
      new TestClient(server.url).request('GET', '/api/v1/me', undefined, { Authorization: `Bearer ${token}`, ...headers });
    for (let i = 0; i < 20; i++) expect((await call(`${id}|${'A'.repeat(40)}${i}`, guesser)).status).toBe(401);
    expect((await call(`${id}|${'B'.repeat(43)}`, guesser)).status).toBe(429);
    expect((await call(valid, guesser)).status).toBe(429);
    expect((await call(valid, from())).status).toBe(200);
  });
});
