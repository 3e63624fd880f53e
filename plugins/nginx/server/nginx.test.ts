/**
 * The nginx section through the API: a real portal over its own database with the demo data and the
 * plugin's fixtures; the `local` gateway writes into a sandbox per server and — where nginx is
 * installed (CI: nginx-light) — checks with `nginx -t` and serves requests from a private nginx.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { Cluster, ClusterAdministrator, createTestServer, demoLogins, type TestClient, type TestServer, User } from '@portal/plugin-sdk/testing';
import { passwordMatches } from '@portal/plugin-sdk/webserver';

let server: TestServer;
let admin: TestClient;
let manager: TestClient;
let other: TestClient;
let shop: { id: number; servers: { id: number; name: string; role: string; services: string[] }[] };
let staging: { id: number; servers: { id: number; role: string }[] };
let web: number; // web01 of cluster 20011 (runs nginx)
let db: number; // its database server (no nginx)
let hasNginx = false;

const base = (clusterId: number, serverId: number) => `/api/v1/clusters/${clusterId}/servers/${serverId}`;
const api = (path = '') => `${base(shop.id, web)}/nginx${path}`;
const domain = (over: Record<string, unknown> = {}) => ({ serverNames: ['neu.mueller-schmidt-shop.example'], documentRoot: 'neu/public', backend: 'static', ...over });

async function signedIn(email: string): Promise<TestClient> {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
}

async function clusterByNumber(c: TestClient, number: string) {
  const list = await c.get(`/api/v1/clusters?search=${number}`);
  const id = list.body.data.find((x: { number: string }) => x.number === number).id as number;
  return (await c.get(`/api/v1/clusters/${id}`)).body;
}

/** Polls a job until it finished. */
async function finished(jobId: number) {
  for (let i = 0; i < 600; i++) {
    const r = await admin.get(`${base(shop.id, web)}/managed/jobs/${jobId}`);
    expect(r.status).toBe(200);
    if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function apply() {
  const r = await admin.request('POST', api('/apply'));
  expect(r.status).toBe(202);
  expect(r.body).toMatchObject({ pluginId: 'nginx', kind: 'apply', status: 'queued' });
  return finished(r.body.id);
}

/** A request to the server's private nginx with a Host header (fetch cannot set one). */
async function request(host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string }> {
  const { port } = await server.managed.gateway(web).listenAddress('nginx', 80);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Host: host, 'User-Agent': 'portal-test/1.0', ...headers } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, location: res.headers.location });
      })
      .on('error', reject);
  });
}

const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

beforeAll(async () => {
  server = await createTestServer();
  admin = await signedIn(demoLogins.admin);
  manager = await signedIn(demoLogins.manager);
  other = await signedIn(demoLogins.other);
  shop = await clusterByNumber(admin, '20011');
  staging = await clusterByNumber(manager, '20012');
  web = shop.servers.find((s) => s.name.startsWith('web01'))!.id;
  db = shop.servers.find((s) => s.role === 'database')!.id;
  const gw = server.managed.gateway(web);
  hasNginx = (await gw.hasTool('nginx')).available;
  // When tests run as root, nginx's workers run as nobody: the test's data directory (mkdtemp, 0700)
  // must be searchable for them to read document roots and password files.
  fs.chmodSync(path.resolve(gw.hostPath('/'), '../..'), 0o755);
}, 120_000);
afterAll(() => server.stop());

describe('nginx section', () => {
  it('R2.030 lists the demo domains of a web server with backend, TLS state and counts', async () => {
    const r = await admin.get(api('/vhosts'));
    expect(r.status).toBe(200);
    const names = r.body.data.map((v: { serverNames: string[] }) => v.serverNames[0]);
    expect(names).toEqual(['api.mueller-schmidt-shop.example', 'media.mueller-schmidt.example', 'www.mueller-schmidt-shop.example']);
    const www = r.body.data[2];
    expect(www).toMatchObject({ backend: 'php', phpVersion: '8.3', documentRoot: 'shop/public', certificate: 'mueller-schmidt-shop-2026', redirectCount: 4, authenticationCount: 1 });
    expect(['will_generate', 'missing']).toContain(www.tls);
    expect((await admin.get(api(`/vhosts/${www.id}`))).body).toEqual(www);
  });

  it('a domain of another server, an unknown id, and a server without nginx are 404', async () => {
    const id = (await admin.get(api('/vhosts'))).body.data[0].id;
    const web02 = shop.servers.find((s) => s.name.startsWith('web02'))!.id;
    expect((await admin.get(`${base(shop.id, web02)}/nginx/vhosts/${id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `${base(shop.id, web02)}/nginx/vhosts/${id}`)).status).toBe(404);
    expect((await admin.get(api('/vhosts/999999'))).status).toBe(404);
    const none = await admin.get(`${base(shop.id, db)}/nginx/vhosts`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('errors.managed_plugin_not_found');
  });

  describe('domains', () => {
    it('R2.030 creates a domain (names lowercased), changes it and removes it; nothing is applied until asked', async () => {
      const before = (await admin.get(`${base(shop.id, web)}/managed/changes`)).body.meta.total;
      const created = await admin.request('POST', api('/vhosts'), domain({ serverNames: ['Neu.Mueller-Schmidt-Shop.example'], directives: [{ name: 'gzip', value: 'on' }] }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ serverNames: ['neu.mueller-schmidt-shop.example'], backend: 'static', phpVersion: null, tls: 'none', redirectCount: 0, directives: [{ name: 'gzip', value: 'on' }] });
      const updated = await admin.request('PUT', api(`/vhosts/${created.body.id}`), domain({ backend: 'php', phpVersion: '8.2', upstream: '10.0.0.1:80', certificate: 'wildcard-mueller-schmidt-2026' }));
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ backend: 'php', phpVersion: '8.2', upstream: null, certificate: 'wildcard-mueller-schmidt-2026', directives: [] });
      expect((await admin.request('DELETE', api(`/vhosts/${created.body.id}`))).status).toBe(204);
      expect((await admin.get(api(`/vhosts/${created.body.id}`))).status).toBe(404);
      expect((await admin.get(`${base(shop.id, web)}/managed/changes`)).body.meta.total).toBe(before);
    });

    it.each([
      ['a server name another domain has (duplicate server name)', domain({ serverNames: ['neu.mueller-schmidt-shop.example', 'WWW.mueller-schmidt-shop.example'] }), 'serverNames.1', 'nginx:errors.server_name_taken'],
      ['a newline in a server name', domain({ serverNames: ['neu.mueller-schmidt-shop.example\nlisten 81'] }), 'serverNames.0', 'validation.pattern'],
      ['a semicolon in a server name', domain({ serverNames: ['neu.example;'] }), 'serverNames.0', 'validation.pattern'],
      ['".." in the document root', domain({ documentRoot: 'shop/../../etc' }), 'documentRoot', 'validation.pattern'],
      ['a document root of dots', domain({ documentRoot: '-/..' }), 'documentRoot', 'validation.pattern'],
      ['braces in the document root', domain({ documentRoot: 'shop/{x}' }), 'documentRoot', 'validation.pattern'],
      ['PHP without a version', domain({ backend: 'php' }), 'phpVersion', 'nginx:errors.php_version_required'],
      ['an upstream port out of range', domain({ backend: 'upstream', upstream: 'app.internal:99999' }), 'upstream', 'nginx:errors.upstream_invalid'],
      ['a directive outside the whitelist', domain({ directives: [{ name: 'include', value: '/etc/passwd' }] }), 'directives.0.name', 'validation.enum'],
      ['a directive value that would end the directive', domain({ directives: [{ name: 'client_max_body_size', value: '1m; include /etc/passwd' }] }), 'directives.0.value', 'nginx:errors.directive_value_invalid'],
      ['a newline in a directive value', domain({ directives: [{ name: 'gzip', value: 'on\n}' }] }), 'directives.0.value', 'validation.pattern'],
      ['a $ in a header value', domain({ directives: [{ name: 'add_header', value: 'X-Leak $http_cookie' }] }), 'directives.0.value', 'nginx:errors.directive_value_invalid'],
      ['a quote in a header value', domain({ directives: [{ name: 'add_header', value: 'X-A "x" always; return 200 "pwned' }] }), 'directives.0.value', 'nginx:errors.directive_value_invalid'],
      ['an unknown certificate', domain({ certificate: 'self-made' }), 'certificate', 'validation.enum'],
      ['an unknown field', { ...domain(), root: '/' }, 'root', 'validation.additionalProperties'],
    ])('R2.030 refuses %s with 422 on the field: nothing stored (no config injection)', async (_what, body, field, key) => {
      const count = (await admin.get(api('/vhosts'))).body.data.length;
      const r = await admin.request('POST', api('/vhosts'), body);
      expect(r.status).toBe(422);
      expect(r.body.error.fields[field]).toContain(key);
      expect((await admin.get(api('/vhosts'))).body.data.length).toBe(count);
    });
  });

  describe('redirects', () => {
    it('R2.030 creates, lists per domain, changes and removes a redirect', async () => {
      const www = (await admin.get(api('/vhosts'))).body.data.find((v: { serverNames: string[] }) => v.serverNames[0].startsWith('www.')).id;
      const r = await admin.request('POST', api('/redirects'), { vhostId: www, source: '/winter', target: '/aktionen/winter', code: 302 });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ vhostId: www, vhostName: 'www.mueller-schmidt-shop.example', source: '/winter', target: '/aktionen/winter', code: 302 });
      const list = await admin.get(api(`/redirects?vhostId=${www}`));
      expect(list.body.data.map((x: { source: string }) => x.source)).toEqual(['/agb.html', '/impressum.html', '/katalog-2025', '/sale', '/winter']);
      expect((await admin.get(api('/redirects'))).body.data.length).toBe(5);
      const changed = await admin.request('PUT', api(`/redirects/${r.body.id}`), { vhostId: www, source: '/winter', target: 'https://www.mueller-schmidt-shop.example/winter-sale', code: 301 });
      expect(changed.status).toBe(200);
      expect(changed.body.code).toBe(301);
      expect((await admin.request('DELETE', api(`/redirects/${r.body.id}`))).status).toBe(204);
      expect((await admin.request('DELETE', api(`/redirects/${r.body.id}`))).status).toBe(404);
    });

    it.each([
      ['to itself', '/kreis', '/kreis', 'target', 'nginx:errors.redirect_loop'],
      ['to itself through a URL of the same domain', '/kreis', 'https://mueller-schmidt-shop.example/kreis', 'target', 'nginx:errors.redirect_loop'],
      ['into a cycle with /impressum.html → /impressum', '/impressum', '/impressum.html', 'target', 'nginx:errors.redirect_loop'],
      ['from a source the domain redirects already', '/sale', '/x', 'source', 'nginx:errors.redirect_source_taken'],
      ['with a newline in the target', '/a', '/b\nreturn 200 x', 'target', 'validation.pattern'],
      ['with a $ in the target', '/a', '/$request_uri', 'target', 'validation.pattern'],
      ['to another host without scheme', '/a', '//evil.example', 'target', 'validation.pattern'],
      ['with a brace in the source', '/a{', '/b', 'source', 'validation.pattern'],
    ])('R2.030 refuses a redirect %s with 422', async (_what, source, target, field, key) => {
      const www = (await admin.get(api('/vhosts'))).body.data.find((v: { serverNames: string[] }) => v.serverNames[0].startsWith('www.')).id;
      const r = await admin.request('POST', api('/redirects'), { vhostId: www, source, target, code: 301 });
      expect(r.status).toBe(422);
      expect(r.body.error.fields[field]).toContain(key);
    });

    it('a redirect to a domain of another server is refused as unknown', async () => {
      const web02 = shop.servers.find((s) => s.name.startsWith('web02'))!.id;
      const foreign = (await admin.get(`${base(shop.id, web02)}/nginx/vhosts`)).body.data[0].id;
      const r = await admin.request('POST', api('/redirects'), { vhostId: foreign, source: '/a', target: '/b', code: 301 });
      expect(r.status).toBe(422);
      expect(r.body.error.fields.vhostId).toEqual(['nginx:errors.vhost_unknown']);
    });
  });

  describe('basic authentication', () => {
    it('R2.030 protects a path with users; the API never returns a hash; a user without password keeps the stored one', async () => {
      const media = (await admin.get(api('/vhosts'))).body.data.find((v: { serverNames: string[] }) => v.serverNames[0].startsWith('media.')).id;
      const r = await admin.request('POST', api('/authentications'), { vhostId: media, path: '/intern/', realm: 'Interner Bereich', users: [{ name: 'lisa', password: 'sehr-geheim-1' }, { name: 'tom', password: 'auch-geheim-2' }] });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ vhostId: media, path: '/intern/', realm: 'Interner Bereich', users: [{ name: 'lisa' }, { name: 'tom' }] });
      expect(JSON.stringify(r.body)).not.toMatch(/\$6\$|geheim/);
      const list = await admin.get(api('/authentications'));
      expect(JSON.stringify(list.body)).not.toMatch(/\$6\$|hash|geheim/);

      const changed = await admin.request('PUT', api(`/authentications/${r.body.id}`), { vhostId: media, path: '/intern/', realm: 'Intern', users: [{ name: 'lisa' }, { name: 'neu', password: 'ganz-neu-123' }] });
      expect(changed.status).toBe(200);
      expect(changed.body.users).toEqual([{ name: 'lisa' }, { name: 'neu' }]);
      const { NginxAuthentication } = await import('./state.ts');
      const stored = await server.db.orm.em.fork().findOneOrFail(NginxAuthentication, { id: r.body.id });
      expect(stored.users.map((u) => u.hash.slice(0, 3))).toEqual(['$6$', '$6$']);
      expect(passwordMatches('sehr-geheim-1', stored.users[0].hash)).toBe(true);
      expect(passwordMatches('ganz-neu-123', stored.users[1].hash)).toBe(true);
      expect((await admin.request('DELETE', api(`/authentications/${r.body.id}`))).status).toBe(204);
    });

    it.each([
      ['a new user without a password', { users: [{ name: 'x' }] }, 'users.0.password', 'nginx:errors.password_required'],
      ['a user name with a colon', { users: [{ name: 'a:b', password: 'long enough' }] }, 'users.0.name', 'validation.pattern'],
      ['a short password', { users: [{ name: 'a', password: 'short' }] }, 'users.0.password', 'validation.minLength'],
      ['a realm with a quote', { realm: 'Admin"; deny all; #' }, 'realm', 'validation.pattern'],
      ['a path protected already', { path: '/admin/' }, 'path', 'nginx:errors.auth_path_taken'],
      ['a path with a newline', { path: '/a\nb' }, 'path', 'validation.pattern'],
    ])('refuses %s with 422', async (_what, over, field, key) => {
      const www = (await admin.get(api('/vhosts'))).body.data.find((v: { serverNames: string[] }) => v.serverNames[0].startsWith('www.')).id;
      const r = await admin.request('POST', api('/authentications'), { vhostId: www, path: '/geschuetzt/', realm: 'Intern', users: [{ name: 'a', password: 'long enough' }], ...over });
      expect(r.status).toBe(422);
      expect(r.body.error.fields[field]).toContain(key);
    });
  });

  it('lists the certificates with their state on the server', async () => {
    const r = await admin.get(api('/certificates'));
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { id: string }) => c.id)).toContain('mueller-schmidt-shop-2026');
    for (const c of r.body.data) expect(['installed', 'will_generate', 'missing']).toContain(c.status);
  });

  it("R6.004 only the certificates of the server's own customer are offered; another customer's is refused and never rendered (issue 31)", async () => {
    const r = await admin.get(api('/certificates'));
    // Cluster 20011 belongs to customer 10001: Nordlicht Medien's and Bäckerei Sonnenschein's certificates carry their private keys.
    expect(r.body.data.map((c: { id: string }) => c.id).sort()).toEqual(['mueller-schmidt-shop-2026', 'wildcard-mueller-schmidt-2026']);
    const created = await admin.request('POST', api('/vhosts'), domain({ serverNames: ['fremd.mueller-schmidt-shop.example'], certificate: 'baeckerei-sonnenschein-2026' }));
    expect([created.status, created.body.error?.fields]).toEqual([422, { certificate: ['nginx:errors.certificate_unknown'] }]);
    const www = (await admin.get(api('/vhosts'))).body.data.find((v: { serverNames: string[] }) => v.serverNames[0].startsWith('www.'));
    const { id: _id, tls: _tls, redirectCount: _r, authenticationCount: _a, createdAt: _c, updatedAt: _u, ...input } = www;
    const updated = await admin.request('PUT', api(`/vhosts/${www.id}`), { ...input, certificate: 'nordlicht-medien-2026' });
    expect([updated.status, updated.body.error?.fields]).toEqual([422, { certificate: ['nginx:errors.certificate_unknown'] }]);
    // One stored before this rule (straight in the database) is neither rendered nor created on the server.
    const knex = server.db.orm.em.getConnection();
    await knex.execute(`update nginx_vhosts set certificate = 'nordlicht-medien-2026' where id = ${Number(www.id)}`);
    try {
      const config = await admin.get(api('/config'));
      expect(config.body.diff).not.toContain('nordlicht-medien-2026.key');
      expect((await admin.get(api(`/vhosts/${www.id}`))).body.tls).toBe('missing');
    } finally {
      await knex.execute(`update nginx_vhosts set certificate = ${www.certificate === null ? 'null' : `'${String(www.certificate)}'`} where id = ${Number(www.id)}`);
    }
  });

  describe('config view, apply, logs, rollback', () => {
    let shopDomain: number;

    it('R2.030 the rendered configuration differs from the server before the first apply, with a diff', async () => {
      const status = await admin.get(api('/status'));
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ pending: true, lastApplied: null, counts: { vhosts: 3, redirects: 4, authentications: 1 } });
      const r = await admin.get(api('/config'));
      expect(r.status).toBe(200);
      expect(r.body.pending).toBe(true);
      const paths = r.body.files.map((f: { path: string }) => f.path);
      expect(paths).toEqual(expect.arrayContaining(['/etc/nginx/conf.d/portal.conf', '/etc/nginx/portal/sites/www.mueller-schmidt-shop.example.conf']));
      expect(r.body.files.every((f: { status: string; live: string | null }) => f.status === 'added' && f.live === null)).toBe(true);
      expect(r.body.diff).toContain('+++ /etc/nginx/portal/sites/www.mueller-schmidt-shop.example.conf');
      expect(r.body.diff).toContain('+    server_name www.mueller-schmidt-shop.example mueller-schmidt-shop.example;');
      expect(r.body.diff).not.toMatch(/\$6\$/);
    });

    it('R2.030 applies with progress: nginx -t, reload; a request the private nginx served is read back from the access log', async () => {
      const job = await apply();
      expect(job.status).toBe('succeeded');
      expect(job.log.map((l: { step: string }) => l.step)).toEqual(['queued', 'writing', 'validating', 'reloading', 'done']);
      const view = await admin.get(api('/config'));
      expect(view.body.pending).toBe(false);
      expect(view.body.diff).toBe('');
      expect(view.body.lastApplied).toMatchObject({ version: 1 });
      const changes = await admin.get(`${base(shop.id, web)}/managed/changes?plugin=nginx`);
      expect(changes.body.data[0]).toMatchObject({ status: 'applied', summary: { key: 'nginx:changes.applied', values: { added: 3, changed: 0, removed: 0 } } });
      expect(changes.body.data[0].diff).not.toMatch(/\$6\$/);

      if (!hasNginx) {
        expect(job.validation).toMatchObject({ status: 'skipped', reason: 'tool_missing', tool: 'nginx' });
        return;
      }
      expect(job.validation).toMatchObject({ status: 'passed', tool: 'nginx' });
      expect((await admin.get(api('/status'))).body.service.state).toBe('running');

      const served = await request('www.mueller-schmidt-shop.example', '/impressum.html?from=test');
      expect(served).toMatchObject({ status: 301 });
      expect(served.location).toMatch(/\/impressum$/);
      expect((await request('mueller-schmidt-shop.example', '/nicht-da.html')).status).toBe(404);

      const www = (await admin.get(api('/vhosts'))).body.data.find((v: { serverNames: string[] }) => v.serverNames[0].startsWith('www.'));
      shopDomain = www.id;
      const log = await admin.get(api(`/vhosts/${www.id}/logs/access`));
      expect(log.status).toBe(200);
      expect(log.body.meta).toMatchObject({ page: 1, total: 2 });
      expect(log.body.data[0]).toMatchObject({ line: 1, method: 'GET', uri: '/nicht-da.html', status: 404, client: '127.0.0.1', userAgent: 'portal-test/1.0' });
      expect(log.body.data[1]).toMatchObject({ uri: '/impressum.html?from=test', status: 301 });
      const searched = await admin.get(api(`/vhosts/${www.id}/logs/access?search=IMPRESSUM&per_page=1`));
      expect(searched.body.meta).toMatchObject({ total: 1, perPage: 1, lastPage: 1 });
      expect(searched.body.data[0].uri).toBe('/impressum.html?from=test');
      expect((await admin.get(api(`/vhosts/${www.id}/logs/other`))).status).toBe(422);
    });

    it('R2.030 basic authentication works with the password against the private nginx, and HTTPS is served with the created certificate', async () => {
      if (!hasNginx) return;
      expect((await request('www.mueller-schmidt-shop.example', '/admin/')).status).toBe(401);
      const { demoBasicAuthPassword } = await import('./fixtures.ts');
      expect((await request('www.mueller-schmidt-shop.example', '/admin/x.txt', basic('shopbetrieb', demoBasicAuthPassword))).status).toBe(404);
      expect((await request('www.mueller-schmidt-shop.example', '/admin/x.txt', basic('shopbetrieb', 'falsch'))).status).toBe(401);
      const www = (await admin.get(api('/vhosts'))).body.data.find((v: { serverNames: string[] }) => v.serverNames[0].startsWith('www.'));
      const errors = await admin.get(api(`/vhosts/${www.id}/logs/error?search=mismatch`));
      expect(errors.body.data[0]).toMatchObject({ level: 'error', client: '127.0.0.1', uri: '/admin/x.txt' });
      expect(errors.body.data[0].message).toMatch(/^user "shopbetrieb": password mismatch/);
      // PHP below the protected path is behind the password too (no regex location bypass).
      expect((await request('www.mueller-schmidt-shop.example', '/admin/index.php')).status).toBe(401);
      const certs = (await admin.get(api('/certificates'))).body.data;
      if (certs.find((c: { id: string }) => c.id === 'mueller-schmidt-shop-2026').status === 'installed') {
        const conf = await server.managed.gateway(web).readFile('/etc/nginx/portal/sites/www.mueller-schmidt-shop.example.conf');
        expect(conf).toMatch(/listen 127\.0\.0\.1:\d+ ssl;/);
      }
    });

    it('R2.030 live tail: new lines of the log arrive over socket.io until the tail is stopped', async () => {
      if (!hasNginx) return;
      const socket: Socket = await new Promise((resolve, reject) => {
        const s = connect(server.url, { path: '/a/ws', transports: ['websocket'], reconnection: false, extraHeaders: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });
      try {
        expect(await socket.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: web })).toEqual({ ok: true });
        const received: { vhostId: number; kind: string; entries: { uri: string }[] }[] = [];
        socket.on('nginx.log', (e: { payload: (typeof received)[number] }) => received.push(e.payload));
        const tail = await admin.request('POST', api(`/vhosts/${shopDomain}/logs/access/tail`));
        expect(tail.status).toBe(200);
        expect(tail.body.tailId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
        expect(new Date(tail.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
        const renewed = await admin.request('POST', api(`/vhosts/${shopDomain}/logs/access/tail?tailId=${tail.body.tailId}`));
        expect(renewed.body.tailId).toBe(tail.body.tailId);
        await request('www.mueller-schmidt-shop.example', '/live-1');
        await request('www.mueller-schmidt-shop.example', '/live-2');
        for (let i = 0; i < 100 && received.flatMap((e) => e.entries).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
        expect(received.flatMap((e) => e.entries.map((x) => x.uri))).toEqual(['/live-1', '/live-2']);
        expect(received[0]).toMatchObject({ vhostId: shopDomain, kind: 'access' });
        expect((await admin.request('DELETE', api(`/vhosts/${shopDomain}/logs/access/tail/${tail.body.tailId}`))).status).toBe(204);
        received.length = 0;
        await request('www.mueller-schmidt-shop.example', '/live-3');
        await new Promise((r) => setTimeout(r, 1500));
        expect(received).toEqual([]);
      } finally {
        socket.close();
      }
    });

    it('R2.030 a change nginx refuses (an upstream host it cannot resolve) fails the apply and restores the previous files and desired state', async () => {
      if (!hasNginx) return;
      const created = await admin.request('POST', api('/vhosts'), domain({ backend: 'upstream', upstream: 'app.invalid:8080' }));
      expect(created.status).toBe(201);
      const job = await apply();
      expect(job.status).toBe('failed');
      expect(job.validation.output).toMatch(/host not found in upstream/);
      expect(job.log.map((l: { step: string }) => l.step)).toContain('restoring');
      expect((await admin.get(api(`/vhosts/${created.body.id}`))).status).toBe(404);
      expect(await server.managed.gateway(web).readFile('/etc/nginx/portal/sites/neu.mueller-schmidt-shop.example.conf')).toBeNull();
      expect((await admin.get(api('/config'))).body.pending).toBe(false);
      expect((await request('www.mueller-schmidt-shop.example', '/impressum.html')).status).toBe(301);
    });

    it("R2.030 include slots: a re-render keeps the customer's slot file and serves it; invalid slot content fails nginx -t and stays untouched", async () => {
      const gw = server.managed.gateway(web);
      const slot = '/etc/nginx/portal-slots/www.mueller-schmidt-shop.example/before-locations.conf';
      const site = await gw.readFile('/etc/nginx/portal/sites/www.mueller-schmidt-shop.example.conf');
      expect(site).toContain(`include "${gw.hostPath(slot).replace(/f$/, '[f]')}";`);
      // The customer writes the slot on the server (not through the portal).
      const own = '# mine\nlocation = /slot-check { return 204; }\n';
      fs.mkdirSync(path.dirname(gw.hostPath(slot)), { recursive: true });
      fs.writeFileSync(gw.hostPath(slot), own);
      const job = await apply();
      expect(job.status).toBe('succeeded');
      expect(fs.readFileSync(gw.hostPath(slot), 'utf8')).toBe(own);
      if (hasNginx) expect((await request('www.mueller-schmidt-shop.example', '/slot-check')).status).toBe(204);
      // The plugin itself may read the slot but never write or remove it.
      const { scopedGateway } = await import('@portal/plugin-sdk/program');
      const { nginxProgram } = await import('./program.ts');
      const scoped = scopedGateway(gw, { pluginId: 'nginx', programs: [nginxProgram] });
      expect(await scoped.readFile(slot)).toBe(own);
      await expect(scoped.writeFile({ path: slot, content: '' })).rejects.toThrow(/did not declare/);
      await expect(scoped.removeFile(slot)).rejects.toThrow(/did not declare/);

      if (!hasNginx) return fs.rmSync(gw.hostPath(slot));
      const invalid = 'this is not a directive nginx knows;\n';
      fs.writeFileSync(gw.hostPath(slot), invalid);
      const refused = await apply();
      expect(refused.status).toBe('failed');
      expect(refused.validation.output).toMatch(/unknown directive "this"/);
      expect(refused.validation.output).toContain('before-locations.conf');
      expect(fs.readFileSync(gw.hostPath(slot), 'utf8')).toBe(invalid);
      fs.rmSync(gw.hostPath(slot));
      expect((await apply()).status).toBe('succeeded');
      expect((await request('www.mueller-schmidt-shop.example', '/slot-check')).status).toBe(404);
    });

    it('R2.030 a first apply nginx refuses returns to the initial state: the demo domains, without the new one', async () => {
      if (!hasNginx) return;
      const web02 = shop.servers.find((s) => s.name.startsWith('web02'))!.id;
      const api02 = `${base(shop.id, web02)}/nginx`;
      const before = (await admin.get(`${api02}/vhosts`)).body.data.map((v: { serverNames: string[] }) => v.serverNames[0]);
      const created = await admin.request('POST', `${api02}/vhosts`, domain({ backend: 'upstream', upstream: 'app.invalid:8080' }));
      expect(created.status).toBe(201);
      const r = await admin.request('POST', `${api02}/apply`);
      expect(r.status).toBe(202);
      let job = r.body;
      for (let i = 0; i < 600 && job.status !== 'failed' && job.status !== 'succeeded'; i++) {
        await new Promise((res) => setTimeout(res, 25));
        job = (await admin.get(`${base(shop.id, web02)}/managed/jobs/${r.body.id}`)).body;
      }
      expect(job.status).toBe('failed');
      const after = (await admin.get(`${api02}/vhosts`)).body.data.map((v: { serverNames: string[] }) => v.serverNames[0]);
      expect(after).toEqual(before);
      expect((await admin.get(`${api02}/status`)).body.lastApplied).toBeNull();
    });

    it('R2.030 rolls back to the version before: files, desired state and the served configuration', async () => {
      const created = await admin.request('POST', api('/vhosts'), domain());
      expect(created.status).toBe(201);
      const r = await admin.request('POST', api('/redirects'), { vhostId: created.body.id, source: '/start', target: '/', code: 307 });
      expect(r.status).toBe(201);
      expect((await apply()).status).toBe('succeeded');
      if (hasNginx) expect((await request('neu.mueller-schmidt-shop.example', '/start')).status).toBe(307);
      const changes = await admin.get(`${base(shop.id, web)}/managed/changes?plugin=nginx`);
      expect(changes.body.data[0].summary).toEqual({ key: 'nginx:changes.applied', values: { added: 1, changed: 0, removed: 0, names: 'neu.mueller-schmidt-shop.example' } });

      const rollback = await admin.request('POST', `${base(shop.id, web)}/managed/plugins/nginx/rollback`);
      expect(rollback.status).toBe(202);
      const job = await finished(rollback.body.id);
      expect(job).toMatchObject({ kind: 'rollback', status: 'succeeded' });
      expect((await admin.get(api(`/vhosts/${created.body.id}`))).status).toBe(404);
      expect(await server.managed.gateway(web).readFile('/etc/nginx/portal/sites/neu.mueller-schmidt-shop.example.conf')).toBeNull();
      expect((await admin.get(api('/config'))).body.pending).toBe(false);
      if (hasNginx) expect((await request('neu.mueller-schmidt-shop.example', '/start')).status).toBe(404);
    });
  });

  describe('authorization', () => {
    const operations = (clusterId: number, serverId: number): [string, string, unknown?][] => {
      const p = `${base(clusterId, serverId)}/nginx`;
      const redirect = { vhostId: 1, source: '/a', target: '/b', code: 301 };
      const auth = { vhostId: 1, path: '/x/', realm: 'X', users: [{ name: 'a', password: 'long enough' }] };
      return [
        ['GET', `${p}/status`],
        ['GET', `${p}/vhosts`],
        ['POST', `${p}/vhosts`, domain()],
        ['GET', `${p}/vhosts/1`],
        ['PUT', `${p}/vhosts/1`, domain()],
        ['DELETE', `${p}/vhosts/1`],
        ['GET', `${p}/vhosts/1/logs/access`],
        ['POST', `${p}/vhosts/1/logs/error/tail`],
        ['DELETE', `${p}/vhosts/1/logs/error/tail/aaaaaaaaaaaaaaaaaaaaaaaa`],
        ['GET', `${p}/redirects`],
        ['POST', `${p}/redirects`, redirect],
        ['PUT', `${p}/redirects/1`, redirect],
        ['DELETE', `${p}/redirects/1`],
        ['GET', `${p}/authentications`],
        ['POST', `${p}/authentications`, auth],
        ['PUT', `${p}/authentications/1`, auth],
        ['DELETE', `${p}/authentications/1`],
        ['GET', `${p}/certificates`],
        ['GET', `${p}/config`],
        ['POST', `${p}/apply`],
      ];
    };
    const call = (c: TestClient, [method, url, body]: [string, string, unknown?], headers?: Record<string, string>) => c.request(method, url, body, headers);

    it('R6.004 anonymous callers get 401 for every operation', async () => {
      for (const op of operations(shop.id, web)) expect([op[1], (await call(server.client(), op)).status]).toEqual([op[1], 401]);
    });

    it('R6.004 the administrator of another cluster gets 404 (the cluster is not visible)', async () => {
      const own = await clusterByNumber(other, '20031');
      const em = server.db.orm.em.fork();
      const user = await em.findOneOrFail(User, { email: demoLogins.other });
      em.create(ClusterAdministrator, { cluster: em.getReference(Cluster, own.id), user } as ClusterAdministrator);
      await em.flush();
      const ownWeb = own.servers.find((s: { role: string }) => s.role === 'web').id;
      expect((await other.get(`${base(own.id, ownWeb)}/nginx/vhosts`)).status).toBe(200);
      for (const op of operations(shop.id, web)) {
        const r = await call(other, op);
        expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 404, 'errors.cluster_not_found']);
      }
    });

    it('R6.004 a manager of the customer without the administrator role gets 403', async () => {
      const stagingWeb = staging.servers.find((s) => s.role === 'web')!.id;
      for (const op of operations(staging.id, stagingWeb)) {
        const r = await call(manager, op);
        expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 403, 'errors.managed_administrators_only']);
      }
    });

    it('R6.004 a personal access token for another cluster is refused; one for this cluster works', async () => {
      // The manager becomes an administrator of 20011 too, so only the token's restriction decides.
      const em = server.db.orm.em.fork();
      const user = await em.findOneOrFail(User, { email: demoLogins.manager });
      if (!(await em.count(ClusterAdministrator, { cluster: shop.id, user })))
        em.create(ClusterAdministrator, { cluster: em.getReference(Cluster, shop.id), user } as ClusterAdministrator);
      await em.flush();
      const token = async (clusters: number[]) => {
        const r = await manager.request('POST', '/api/v1/me/personal-access-tokens', { name: `nginx ${clusters.join()}`, expires: 0, expires_at: null, abilities: { global: false, clusters } });
        expect(r.status).toBe(201);
        return { Authorization: `Bearer ${r.body.plainTextToken}` };
      };
      const forStaging = await token([staging.id]);
      for (const op of operations(shop.id, web)) {
        const r = await call(server.client(), op, forStaging);
        expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 403, 'errors.token_not_allowed']);
      }
      const forShop = await token([shop.id]);
      const allowed = await server.client().request('GET', api('/vhosts'), undefined, forShop);
      expect([allowed.status, allowed.body.error?.message]).toEqual([200, undefined]);
    });
  });
});
