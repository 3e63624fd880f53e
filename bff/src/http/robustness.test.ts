/**
 * The lower findings of the probe (issue 31, security and robustness 6): a NUL in a list cursor, a database
 * that refuses connections with SQLSTATE 55000, a body declared compressed that is not, public invoice
 * tokens in the request log, and an https portal reached without `X-Forwarded-Proto`.
 */
import { gzipSync } from 'node:zlib';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { Invoice } from '@portal/core/billing';
import { createLogger } from '@portal/core/platform';
import { demoLogins, demoPassword } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';
import { errorHandler } from './errors.ts';

const lines: string[] = [];
const destination = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
let server: TestServer;
let manager: TestClient;
beforeAll(async () => {
  server = await createTestServer({}, { fixtures: false, logger: createLogger({ level: 'info', destination }) });
  server.clock.set('2026-11-24T10:00:00Z');
  manager = server.client();
  await manager.login(demoLogins.manager);
}, 180_000);
afterAll(() => server.stop());

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('issue 31, security 6: lower robustness findings', () => {
  it('(a) R2.013 a list cursor that decodes to a NUL or a lone surrogate is a 422 on the cursor, not "database unavailable"', async () => {
    for (const k of ['2026-10-01\u0000', '\u0000', '\ud800', '2026-10-01\u0001']) {
      for (const sort of ['-date', 'number']) {
        const res = await manager.get(`/api/v1/invoices?sort=${sort}&cursor=${cursorOf({ k, i: 1 })}`);
        expect([JSON.stringify(k), sort, res.status, res.body.error?.fields]).toEqual([JSON.stringify(k), sort, 422, { cursor: ['validation.cursor'] }]);
      }
    }
    // A well-formed cursor still pages.
    expect((await manager.get(`/api/v1/invoices?cursor=${cursorOf({ k: '2026-10-01', i: 1 })}`)).status).toBe(200);
  });

  it('(b) a database refusing connections with SQLSTATE 55000 answers 503 "database unavailable" with Retry-After, no stack trace', async () => {
    const logged: string[] = [];
    const app = new Koa();
    app.use(errorHandler(createLogger({ level: 'info', destination: { write: (l: string) => void logged.push(l) } })));
    app.use(() => {
      throw Object.assign(new Error('database "portal" is not currently accepting connections'), { code: '55000', severity: 'FATAL' });
    });
    const http = app.listen(0);
    try {
      await new Promise((r) => http.once('listening', r));
      const res = await fetch(`http://127.0.0.1:${(http.address() as { port: number }).port}/api/v1/me`);
      const body = await res.json();
      expect([res.status, res.headers.get('retry-after'), body.error.message]).toEqual([503, '5', 'errors.database_unavailable']);
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
      expect(logged.join('')).not.toContain('"stack"');
    } finally {
      http.close();
    }
  });

  it('(c) a body declared gzip, deflate or br that is not compressed is a 400 bad request, and a compressed one still works', async () => {
    const body = JSON.stringify({ email: demoLogins.other, password: 'wrong-password-123' });
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await fetch(`${server.url}/api/v1/session`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
      expect([encoding, res.status, (await res.json()).error.message]).toEqual([encoding, 400, 'errors.bad_request']);
    }
    const gzipped = await fetch(`${server.url}/api/v1/session`, { method: 'POST', body: gzipSync(body), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(gzipped.status).toBe(422); // a wrong password, read from the compressed body
  });

  it('(f) a public invoice token never appears in the request log', async () => {
    const id = (await server.db.orm.em.fork().findOneOrFail(Invoice, { number: 'RE202610-10001' })).id;
    const created = await manager.request('POST', `/api/v1/invoices/${id}/public-link`);
    expect(created.status).toBe(201);
    const token = created.body.url.split('/a/invoice/public/')[1];
    const guest = new TestClient(server.url);
    expect((await guest.get(`/api/v1/public/invoices/${token}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/public/invoices/${token}/pdf`)).status).toBe(200);
    expect((await guest.get(`/api/v1/public/invoices/${token}x`)).status).toBe(404);
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request' && l.path.startsWith('/api/v1/public/'));
    expect(requests.map((l) => l.path)).toEqual(['/api/v1/public/invoices/[redacted]', '/api/v1/public/invoices/[redacted]/pdf', '/api/v1/public/invoices/[redacted]']);
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});

describe('issue 31, security 6 (g): an https portal reached without X-Forwarded-Proto', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await createTestServer({ PUBLIC_URL: 'https://portal.example', TRUST_PROXY: '1' }, { fixtures: false });
  }, 180_000);
  afterAll(() => secure.stop());

  const signIn = (headers: Record<string, string>) =>
    new TestClient(secure.url).request('POST', '/api/v1/session', { email: demoLogins.manager, password: demoPassword }, { Origin: 'https://portal.example', ...headers });

  it('answers a clear 400 errors.https_required (no 500), and works behind the proxy that says https', async () => {
    const direct = await signIn({});
    expect([direct.status, direct.body.error.message]).toEqual([400, 'errors.https_required']);
    const proxied = await signIn({ 'X-Forwarded-Proto': 'https' });
    expect(proxied.status).toBe(200);
    // Probes reach the port directly and stay answered.
    expect((await fetch(`${secure.url}/api/health`)).status).toBe(200);
  });

  it('translates errors.https_required in German and English', async () => {
    const { default: de } = await import('../../../frontend/src/i18n/locales/de/errors.json', { with: { type: 'json' } });
    const { default: en } = await import('../../../frontend/src/i18n/locales/en/errors.json', { with: { type: 'json' } });
    expect(de.https_required).toMatch(/HTTPS/);
    expect(en.https_required).toMatch(/HTTPS/);
  });
});
