/**
 * Regression tests for the security review (issue 8): defects 3 (case variants of `/api/`), 9 (client
 * address from trusted proxy hops), 10 (https without TRUST_PROXY, source maps) and 11 (loopback
 * names in development, a refused Origin says so). Every test goes through the real BFF.
 */
import { Writable } from 'node:stream';
import { ConfigError, createLogger, loadConfig } from '@portal/core/platform';
import { demoLogins, demoPassword } from '@portal/core/seed';
import { createTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
let port: string;
beforeAll(async () => {
  server = await createTestServer();
  port = new URL(server.url).port;
});
afterAll(() => server.stop());

const signIn = (s: TestServer, path: string, origin?: string) =>
  s.client().request('POST', path, { email: demoLogins.other, password: demoPassword }, origin ? { Origin: origin } : {});

describe('issue 8 defect 3: routing is case-sensitive and every check is decided on the matched route', () => {
  it('answers case and encoding variants of /api/ with 404, never with the operation', async () => {
    for (const path of ['/API/v1/session', '/Api/v1/session', '/api/V1/session', '/api/v1/SESSION', '/%61pi/v1/session', '/api/v1/%73ession']) {
      // A foreign Origin: had the variant reached the sign-in, it would have skipped the Origin check.
      const res = await signIn(server, path, 'https://evil.example');
      expect([path, [403, 404].includes(res.status)]).toEqual([path, true]);
      expect(res.headers.getSetCookie().join()).not.toContain('portal_session');
      expect(res.headers.get('cache-control')).toBe('no-store');
      // From our own origin the variant is simply no route.
      const own = await signIn(server, path);
      expect([path, own.status]).toEqual([path, 404]);
      expect(own.headers.getSetCookie().join()).not.toContain('portal_session');
    }
    // The exact path still checks the Origin, and the exact path works from our own origin.
    expect((await signIn(server, '/api/v1/session', 'https://evil.example')).status).toBe(403);
    expect((await signIn(server, '/api/v1/session')).status).toBe(200);
  });

  it('never serves an authenticated GET through a case variant, and marks it no-store', async () => {
    const c = server.client();
    await c.login(demoLogins.manager);
    expect((await c.get('/api/v1/me')).status).toBe(200);
    const variant = await c.get('/API/v1/me');
    expect(variant.status).toBe(404);
    expect(JSON.stringify(variant.body ?? '')).not.toContain(demoLogins.manager);
    expect(variant.headers.get('cache-control')).toBe('no-store');
  });

  it('logs case-variant requests like API requests', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestServer({}, { fixtures: false, logger: createLogger({ level: 'info', destination }) });
    try {
      await logged.client().get('/API/v1/me');
      await logged.client().get('/api/v1/me');
      const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
      expect(requests).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: '/API/v1/me', status: 404 }),
          expect.objectContaining({ path: '/api/v1/me', status: 401 }),
        ]),
      );
    } finally {
      await logged.stop();
    }
  });

  it('keeps the maintenance gate for every variant: no sign-in through /API/ while in maintenance', async () => {
    const m = await createTestServer({ MAINTENANCE: '1' }, { fixtures: false });
    try {
      expect((await signIn(m, '/api/v1/session')).status).toBe(503);
      for (const path of ['/API/v1/session', '/api/V1/session']) expect((await signIn(m, path)).status).toBe(404);
      expect((await m.client().get('/api/health')).status).toBe(200);
      expect((await m.client().get('/API/health')).status).toBe(404);
    } finally {
      await m.stop();
    }
  });
});

describe('issue 8 defect 11: the loopback names of the listening port are accepted in development; a refused Origin says so', () => {
  it('signs in from http://127.0.0.1:<port> and http://[::1]:<port> as from localhost', async () => {
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const res = await signIn(server, '/api/v1/session', origin);
      expect([origin, res.status]).toEqual([origin, 200]);
    }
  });

  it('refuses other origins with errors.origin_refused, never with the "session expired" message', async () => {
    for (const origin of ['https://evil.example', `http://127.0.0.1:${Number(port) + 1}`, `https://127.0.0.1:${port}`, `http://127.0.0.2:${port}`]) {
      const res = await signIn(server, '/api/v1/session', origin);
      expect([origin, res.status, res.body.error.message]).toEqual([origin, 403, 'errors.origin_refused']);
    }
    const crossSite = await server.client().request('POST', '/api/v1/session', { email: demoLogins.other, password: demoPassword }, { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.body.error.message).toBe('errors.origin_refused');
  });

  it('with PUBLIC_URL set, accepts only that origin and logs the refused Origin with PUBLIC_URL', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const s = await createTestServer({ PUBLIC_URL: 'http://portal.example' }, { fixtures: false, logger: createLogger({ level: 'info', destination }) });
    try {
      const p = new URL(s.url).port;
      expect((await signIn(s, '/api/v1/session', 'http://portal.example')).status).toBe(200);
      const refused = await signIn(s, '/api/v1/session', `http://127.0.0.1:${p}`);
      expect([refused.status, refused.body.error.message]).toEqual([403, 'errors.origin_refused']);
      const entry = lines.map((l) => JSON.parse(l)).find((l) => l.origin === `http://127.0.0.1:${p}`);
      expect(entry).toMatchObject({ level: 40, publicUrl: 'http://portal.example', where: 'api' });
    } finally {
      await s.stop();
    }
  });

  it('translates errors.origin_refused in German and English', async () => {
    const { default: de } = await import('../../../frontend/src/i18n/locales/de/errors.json', { with: { type: 'json' } });
    const { default: en } = await import('../../../frontend/src/i18n/locales/en/errors.json', { with: { type: 'json' } });
    expect(de.origin_refused).toMatch(/abgelehnt/);
    expect(en.origin_refused).toMatch(/refused/);
  });
});

describe('issue 8 defects 9 and 10: proxies and start-up configuration', () => {
  it('refuses to start with an https PUBLIC_URL but no TRUST_PROXY, saying what to set', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://portal.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'https://portal.example' })).toThrow(/TRUST_PROXY=1/);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example', TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'all' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the client address only from the trusted hops of X-Forwarded-For (TRUST_PROXY=1)', async () => {
    const s = await createTestServer({ TRUST_PROXY: '1' }, { fixtures: false });
    try {
      const c = s.client();
      // The client prepends a forged address; the one proxy appends the real peer.
      await c.request('POST', '/api/v1/session', { email: demoLogins.other, password: demoPassword }, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' });
      const sessions = await c.get('/api/v1/me/sessions');
      expect(sessions.body.data.map((x: { ip: string }) => x.ip)).toEqual(['203.0.113.7']);
    } finally {
      await s.stop();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const c = server.client();
    await c.request('POST', '/api/v1/session', { email: demoLogins.partner, password: demoPassword }, { 'X-Forwarded-For': '6.6.6.6' });
    const ips = (await c.get('/api/v1/me/sessions')).body.data.map((x: { ip: string }) => x.ip);
    expect(ips).not.toContain('6.6.6.6');
  });
});

describe('issue 8 defect 10: source maps only with SOURCE_MAPS=public', () => {
  const fs = () => import('node:fs');
  const spa = async () => {
    const { default: nodeFs } = await fs();
    const { default: os } = await import('node:os');
    const { default: path } = await import('node:path');
    const dir = nodeFs.mkdtempSync(path.join(os.tmpdir(), 'portal-spa-'));
    nodeFs.mkdirSync(path.join(dir, 'assets'));
    nodeFs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    nodeFs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n');
    nodeFs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret-internals.ts"]}');
    return dir;
  };

  it('answers 404 for source maps by default and serves them with SOURCE_MAPS=public', async () => {
    const dir = await spa();
    const hidden = await createTestServer({}, { fixtures: false, spaDir: dir });
    try {
      expect((await hidden.client().get('/a/assets/index-abc123.js')).status).toBe(200);
      const map = await hidden.client().get('/a/assets/index-abc123.js.map');
      expect(map.status).toBe(404);
      expect(JSON.stringify(map.body ?? '')).not.toContain('secret-internals');
    } finally {
      await hidden.stop();
    }
    const shown = await createTestServer({ SOURCE_MAPS: 'public' }, { fixtures: false, spaDir: dir });
    try {
      const map = await shown.client().get('/a/assets/index-abc123.js.map');
      expect(map.status).toBe(200);
      expect(map.body.sources).toEqual(['src/secret-internals.ts']);
    } finally {
      await shown.stop();
      (await fs()).default.rmSync(dir, { recursive: true, force: true });
    }
  });
});
