import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.stop());

describe('sign-in', () => {
  it('signs in with e-mail and password and sets httpOnly session, readable logged-in and CSRF cookies', async () => {
    const browser = server.client();
    const res = await browser.login(demoLogins.manager);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { email: demoLogins.manager, firstname: 'Anna' } });
    const setCookies = res.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith('portal_session='))).toMatch(/httponly/i);
    expect(setCookies.find((c) => c.startsWith('portal_session='))).toMatch(/samesite=strict/i);
    expect(setCookies.find((c) => c.startsWith('portal_logged_in=1'))).not.toMatch(/httponly/i);
    expect((await browser.get('/api/v1/me')).body).toMatchObject({ email: demoLogins.manager });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await server.client().login('nobody@demo.example', 'Demo-Portal-2026');
    const wrong = await server.client().login(demoLogins.other, 'wrong-password');
    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(unknown.body.error).toEqual(wrong.body.error);
    expect(unknown.body.error.fields).toEqual({ password: ['errors.invalid_credentials'] });
  });

  it('rejects malformed input with field errors and creates no session', async () => {
    const browser = server.client();
    const res = await browser.request('POST', '/api/v1/session', { email: 'not-an-email', extra: 1 });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({
      email: ['validation.format.email'],
      password: ['validation.required'],
      extra: ['validation.additionalProperties'],
    });
    expect(browser.cookies.size).toBe(0);
  });

  it('rotates the session at login: the previous session token stops working', async () => {
    const browser = server.client();
    await browser.login(demoLogins.manager);
    const before = browser.cookies.get('portal_session')!;
    await browser.login(demoLogins.manager);
    expect(browser.cookies.get('portal_session')).not.toBe(before);
    const stale = server.client();
    stale.cookies.set('portal_session', before);
    expect((await stale.get('/api/v1/me')).status).toBe(401);
  });

  it('R7.016 logout destroys the session on the server', async () => {
    const browser = server.client();
    await browser.login(demoLogins.admin);
    const token = browser.cookies.get('portal_session')!;
    expect((await browser.request('DELETE', '/api/v1/session')).status).toBe(204);
    expect(browser.cookies.has('portal_logged_in')).toBe(false);
    const replay = server.client();
    replay.cookies.set('portal_session', token);
    expect((await replay.get('/api/v1/me')).status).toBe(401);
  });

  it('refuses a state-changing request of a cookie session without the CSRF token', async () => {
    const browser = server.client();
    await browser.login(demoLogins.partner);
    const res = await browser.request('PATCH', '/api/v1/me/settings', { darkMode: true }, { 'X-CSRF-Token': 'forged' });
    expect(res.status).toBe(403);
    expect((await browser.get('/api/v1/me')).body.darkMode).toBe(false);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const res = await server.client().request('POST', '/api/v1/session', { email: demoLogins.other, password: 'x' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('R7.016 refresh slides the idle expiry forward; an idle session expires', async () => {
    const browser = server.client();
    const first = await browser.login(demoLogins.other);
    server.clock.advance(30 * 60_000);
    const refreshed = await browser.request('POST', '/api/v1/session/refresh');
    expect(refreshed.status).toBe(200);
    expect(new Date(refreshed.body.expiresAt).getTime()).toBeGreaterThan(new Date(first.body.expiresAt).getTime());
    server.clock.advance(61 * 60_000);
    expect((await browser.get('/api/v1/me')).status).toBe(401);
    expect(browser.cookies.has('portal_logged_in')).toBe(false);
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after too many attempts for one account', async () => {
    const limited = await createTestServer({ LOGIN_RATE_LIMIT: '3' });
    try {
      const browser = limited.client();
      for (let i = 0; i < 3; i++) expect((await browser.login(demoLogins.other, 'wrong')).status).toBe(422);
      const res = await browser.login(demoLogins.other);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.error.code).toBe('rate_limited');
    } finally {
      await limited.stop();
    }
  });
});
