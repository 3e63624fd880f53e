import { ConfigError, loadConfig, maintainableServices } from '@portal/core/platform';
import { demoLogins } from '@portal/core/seed';
import { loadContract } from './app.ts';
import { pluginRegistry } from './generated/plugins.ts';
import { createTestServer, type TestServer } from './testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.stop());

describe('platform', () => {
  it('reports health and readiness', async () => {
    const c = server.client();
    // Every Managed Center plugin of the registry is loaded and healthy.
    expect((await c.get('/api/health')).body).toEqual({ status: 'ok', database: 'up', plugins: pluginRegistry.map((p) => ({ id: p.id, status: 'ok' })) });
    expect((await c.get('/api/ready')).body).toEqual({ status: 'ready' });
  });

  it('serves security headers on every response and no-store on API JSON', async () => {
    for (const path of ['/api/health', '/a/', '/api/v1/me']) {
      const res = await server.client().get(path);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    expect((await server.client().get('/api/v1/me')).headers.get('cache-control')).toBe('no-store');
  });

  it('sends HSTS and __Host- cookies when served over HTTPS', async () => {
    const https = await createTestServer({ PUBLIC_URL: 'https://portal.example', TRUST_PROXY: '1' });
    try {
      const c = https.client();
      const res = await c.request('POST', '/api/v1/session', { email: demoLogins.other, password: 'Demo-Portal-2026' }, {
        'X-Forwarded-Proto': 'https',
        Origin: 'https://portal.example',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      const session = res.headers.getSetCookie().find((s) => s.startsWith('__Host-portal_session='))!;
      expect(session).toMatch(/secure/i);
      expect(session).toMatch(/path=\//i);
      expect(session).not.toMatch(/domain=/i);
    } finally {
      await https.stop();
    }
  });

  it('redirects / to /a/ and serves the API document and its reference page', async () => {
    const c = server.client();
    const root = await c.get('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/a/');
    const doc = await c.get('/api/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/me');
    const page = await c.get('/api/docs');
    expect(page.body).toContain('listClusters');
  });

  it('answers unknown API paths with the error format', async () => {
    const res = await server.client().get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'not_found' } });
    expect(res.body.requestId).toEqual(expect.any(String));
  });

  it('answers 503 maintenance on the API while health stays up', async () => {
    const m = await createTestServer({ MAINTENANCE: '1' });
    try {
      const c = m.client();
      const res = await c.login(demoLogins.manager);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('maintenance');
      expect((await c.get('/api/health')).status).toBe(200);
      expect((await c.get('/api/ready')).status).toBe(503);
    } finally {
      await m.stop();
    }
  });
});

describe('a service in maintenance (§8)', () => {
  it('R8.013 only the operations of the services in MAINTENANCE_SERVICES answer 503 naming the service; the rest of the portal works', async () => {
    const m = await createTestServer({ MAINTENANCE_SERVICES: 'orders, managed' });
    try {
      const c = m.client();
      expect((await c.login(demoLogins.manager)).status).toBe(200);
      const orders = await c.get('/api/v1/orders?type=cluster');
      expect(orders.status).toBe(503);
      expect(orders.body.error).toEqual({ code: 'unavailable', message: 'errors.service_maintenance', service: 'orders' });
      expect(orders.headers.get('retry-after')).toBe('300');
      const clusters = await c.get('/api/v1/clusters?per_page=100');
      expect(clusters.status).toBe(200);
      expect((await c.get('/api/v1/invoices')).status).toBe(200);
      // The Managed Center's own operations and its plugins' operations are the service "managed".
      const admin = m.client();
      await admin.login(demoLogins.admin);
      const cluster = (await admin.get('/api/v1/clusters')).body.data[0].id;
      const server = (await admin.get(`/api/v1/clusters/${cluster}`)).body.servers[0].id;
      for (const path of [`/api/v1/clusters/${cluster}/servers/${server}/managed`, `/api/v1/clusters/${cluster}/servers/${server}/nginx/vhosts`]) {
        const res = await admin.get(path);
        expect([path, res.status, res.body.error?.service]).toEqual([path, 503, 'managed']);
      }
    } finally {
      await m.stop();
    }
    // Without the setting the same call works.
    const c = server.client();
    await c.login(demoLogins.manager);
    expect((await c.get('/api/v1/orders?type=cluster')).status).toBe(200);
  });

  it('R8.013 an unknown service name stops the start; the contract names the same services as the configuration', () => {
    expect(() => loadConfig({ MAINTENANCE_SERVICES: 'orders,shop' })).toThrow(ConfigError);
    expect(loadConfig({ MAINTENANCE_SERVICES: 'payment,payment' }).MAINTENANCE_SERVICES).toEqual(['payment']);
    const schemas = (loadContract() as { components: { schemas: Record<string, { properties: { error: { properties: { service: { enum: string[] } } } } }> } }).components.schemas;
    expect(schemas.ErrorResponse.properties.error.properties.service.enum.sort()).toEqual(Object.keys(maintainableServices).sort());
  });
});

describe('clusters visible to a user', () => {
  const numbers = async (email: string, query = '') => {
    const c = server.client();
    await c.login(email);
    const res = await c.get(`/api/v1/clusters?per_page=100${query}`);
    expect(res.status).toBe(200);
    return (res.body.data as { number: string }[]).map((d) => d.number);
  };

  it('R6.003 R6.004 shows managers every cluster of their customers and administrators only their clusters', async () => {
    expect(await numbers(demoLogins.manager)).toEqual(['20011', '20012']);
    expect(await numbers(demoLogins.admin)).toEqual(['20011']);
    expect(await numbers(demoLogins.partner)).toEqual(['20021', '20022']);
    expect(await numbers(demoLogins.other)).toEqual(['20031', '20032']);
  });

  it('R7.011 pages with per_page up to 100, filters active ones and searches', async () => {
    expect(await numbers(demoLogins.manager, '&active=1&search=Staging')).toEqual(['20012']);
    const c = server.client();
    await c.login(demoLogins.manager);
    const page = await c.get('/api/v1/clusters?per_page=1&page=2');
    expect(page.body.meta).toEqual({ page: 2, perPage: 1, total: 2, lastPage: 2 });
    expect((await c.get('/api/v1/clusters?per_page=101')).status).toBe(422);
    expect((await c.get('/api/v1/clusters?page=0')).body.error.fields).toEqual({ page: ['validation.minimum'] });
  });

  it('R2.082 R7.011 the cluster search also matches the customer number', async () => {
    expect(await numbers(demoLogins.manager, '&search=10001')).toEqual(['20011', '20012']);
    expect(await numbers(demoLogins.other, '&search=10001')).toEqual([]);
  });

  it('R6.004 shows one cluster with its servers to its administrator; others get 404', async () => {
    const admin = server.client();
    await admin.login(demoLogins.admin);
    const list = await admin.get('/api/v1/clusters');
    const id = list.body.data[0].id;
    const res = await admin.get(`/api/v1/clusters/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: '20011', role: 'administrator' });
    expect(res.body.servers.map((s: { name: string }) => s.name)).toContain('web01.c20011.managed-hosting.example');
    const other = server.client();
    await other.login(demoLogins.other);
    expect((await other.get(`/api/v1/clusters/${id}`)).status).toBe(404);
    expect((await other.get('/api/v1/clusters/999999')).status).toBe(404);
    expect((await other.get('/api/v1/clusters/abc')).status).toBe(422);
  });

  it('R6.001 refuses anonymous callers', async () => {
    expect((await server.client().get('/api/v1/clusters')).status).toBe(401);
    expect((await server.client().get('/api/v1/clusters/1')).status).toBe(401);
  });
});

describe('settings', () => {
  it('stores language and display settings, and rejects bad values without changing anything', async () => {
    const c = server.client();
    await c.login(demoLogins.admin);
    const ok = await c.request('PATCH', '/api/v1/me/settings', { language: 'en', container: 'wrapped' });
    expect(ok.body).toMatchObject({ language: 'en', container: 'wrapped' });
    const bad = await c.request('PATCH', '/api/v1/me/settings', { language: 'fr', darkMode: true });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ language: ['validation.enum'] });
    expect((await c.get('/api/v1/me')).body).toMatchObject({ language: 'en', darkMode: false, container: 'wrapped' });
    expect((await c.request('PATCH', '/api/v1/me/settings', {})).status).toBe(422);
    await c.request('PATCH', '/api/v1/me/settings', { language: 'de', container: 'fluid' });
  });

  it('R3.001 the user carries id, names, language, dark mode, forced mode, container and the partner flag; signed out there is none', async () => {
    expect((await server.client().get('/api/v1/me')).status).toBe(401);
    const c = server.client();
    await c.login(demoLogins.partner);
    await c.request('PATCH', '/api/v1/me/settings', { forcedMode: true, darkMode: true, container: 'wrapped' });
    const me = (await c.get('/api/v1/me')).body;
    expect(me).toMatchObject({ id: expect.any(Number), firstname: expect.any(String), surname: expect.any(String), language: 'de', forcedMode: true, darkMode: true, container: 'wrapped', isPartner: true });
    await c.request('PATCH', '/api/v1/me/settings', { forcedMode: false, darkMode: false, container: 'fluid' });
    const manager = server.client();
    await manager.login(demoLogins.manager);
    expect((await manager.get('/api/v1/me')).body).toMatchObject({ isPartner: false, forcedMode: false, container: 'fluid' });
  });

  it('never returns the password hash', async () => {
    const c = server.client();
    const login = await c.login(demoLogins.manager);
    const me = await c.get('/api/v1/me');
    for (const body of [login.body, me.body]) expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});
