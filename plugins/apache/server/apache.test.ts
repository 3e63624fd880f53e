/**
 * The apache section through the API: a real portal over its own database with the demo data and the
 * plugin's fixtures; the `local` gateway writes into a sandbox per server, checks a staged copy of the whole
 * configuration with `apache2 -t` and serves requests from a private apache (Debian's apache2, no mock).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { demoBasicAuthPassword } from './fixtures.ts';
import { logPath, paths } from './render.ts';

let t: PluginPortal<ApiOperations>;
const api = (p = '') => `${t.base()}/apache${p}`;
const site = (over: Record<string, unknown> = {}) => ({ serverNames: ['katalog.mueller-schmidt-shop.example', 'www.katalog.mueller-schmidt-shop.example'], documentRoot: 'katalog/public', backend: 'static', ...over });

/** A request to the server's private apache with a Host header. */
async function request(host: string, urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string; body: string }> {
  const { port } = await t.portal.managed.gateway(t.server.id).listenAddress('apache', 80);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { Host: host, 'User-Agent': 'portal-apache-test/1.0', ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { cluster: '20011', server: (s) => s.name.startsWith('web01') });
  // When tests run as root, apache's workers run as www-data: the data directory (mkdtemp, 0700) must be searchable.
  fs.chmodSync(path.resolve(t.portal.managed.gateway(t.server.id).hostPath('/'), '../..'), 0o755);
}, 120_000);
afterAll(() => t?.stop());

describe('apache section', () => {
  it('lists the demo sites of web01 with PHP-FPM version, TLS state and counts; a server without apache is 404', async () => {
    const r = await t.api.call('listApacheVhosts');
    expect(r.status).toBe(200);
    expect(r.body.data.map((v) => v.serverNames[0])).toEqual(['b2b.mueller-schmidt-shop.example', 'downloads.mueller-schmidt.example']);
    expect(r.body.data[0]).toMatchObject({ backend: 'php', phpVersion: '8.2', certificate: 'mueller-schmidt-shop-2026', redirectCount: 1, authenticationCount: 1 });
    const db = t.cluster.servers.find((s) => s.role === 'database')!;
    const none = await t.admin.get(`${t.base(t.cluster.id, db.id)}/apache/vhosts`);
    expect([none.status, none.body.error.message]).toEqual([404, 'errors.managed_plugin_not_found']);
  });

  it('refuses invalid values with translated field errors, nothing stored', async () => {
    const before = (await t.api.call('listApacheVhosts')).body.data.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [site({ serverNames: ['b2b.mueller-schmidt-shop.example'] }), 'serverNames.0', 'apache:errors.server_name_taken'],
      [site({ backend: 'php' }), 'phpVersion', 'apache:errors.php_version_required'],
      [site({ directives: [{ name: 'LimitRequestBody', value: '1m' }] }), 'directives.0.value', 'apache:errors.directive_value_invalid'],
      [site({ directives: [{ name: 'Header', value: 'X-Leak %{HTTP_COOKIE}e' }] }), 'directives.0.value', 'apache:errors.directive_value_invalid'],
      [site({ directives: [{ name: 'Include', value: '/etc/passwd' }] }), 'directives.0.name', 'validation.enum'],
      [site({ documentRoot: 'katalog/../../etc' }), 'documentRoot', 'validation.pattern'],
    ];
    for (const [body, field, key] of cases) {
      const r = await t.admin.request('POST', api('/vhosts'), body);
      expect([r.status, r.body.error.fields?.[field]]).toEqual([422, [key]]);
    }
    expect((await t.api.call('listApacheVhosts')).body.data.length).toBe(before);
  });

  const apacheRuns = hasProgram('apache2');
  (apacheRuns ? it : it.skip)(
    'creates a site, applies it with progress (apache2 -t on a staged copy, graceful restart), serves a request through the private apache and reads it back from the access log; a customer slot survives; rollback',
    async () => {
      const gw = t.portal.managed.gateway(t.server.id);
      // The demo sites first, so the rollback below has a version to go back to.
      await t.applied('POST', api('/apply'));
      const created = await t.admin.request('POST', api('/vhosts'), site({ directives: [{ name: 'Header', value: 'X-Katalog portal-test' }] }));
      expect(created.status).toBe(201);
      const vhostId = created.body.id as number;
      expect((await t.admin.request('POST', api('/redirects'), { vhostId, source: '/katalog-2025.html', target: '/katalog', code: 301 })).status).toBe(201);
      // The customer's include slot: never written by an apply, part of what apache -t checks.
      const slot = gw.hostPath('/etc/apache2/portal-slots/katalog.mueller-schmidt-shop.example/server-end.conf');
      fs.mkdirSync(path.dirname(slot), { recursive: true });
      fs.writeFileSync(slot, 'Header always set X-Customer-Slot "kept"\n');
      fs.mkdirSync(gw.hostPath('/var/www/katalog/public'), { recursive: true });
      fs.writeFileSync(gw.hostPath('/var/www/katalog/public/index.html'), '<h1>Katalog</h1>\n');

      const started = await t.admin.request('POST', api('/apply'));
      expect(started.status).toBe(202);
      const job = await t.waitForJob(started.body.id);
      expect([job.status, job.validation]).toEqual(['succeeded', expect.objectContaining({ status: 'passed', tool: 'apache2' })]);
      expect(job.log.map((l: { step: string }) => l.step)).toEqual(['queued', 'writing', 'validating', 'reloading', 'done']);
      expect(await t.file(`${paths.sitesDir}/katalog.mueller-schmidt-shop.example.conf`)).toContain('ServerAlias www.katalog.mueller-schmidt-shop.example');
      expect(await t.file(`${paths.sitesDir}/b2b.mueller-schmidt-shop.example.conf`)).toContain(`SetHandler "proxy:unix:${gw.hostPath('/run/php/php8.2-fpm.sock')}|fcgi://localhost"`);
      expect(fs.readFileSync(slot, 'utf8')).toBe('Header always set X-Customer-Slot "kept"\n');
      const status = await t.api.call('getApacheStatus');
      expect(status.body.service.state).toBe('running');

      const page = await request('www.katalog.mueller-schmidt-shop.example', '/index.html?from=test');
      expect([page.status, page.body]).toEqual([200, '<h1>Katalog</h1>\n']);
      expect((await request('katalog.mueller-schmidt-shop.example', '/katalog-2025.html')).status).toBe(301);
      expect((await request('b2b.mueller-schmidt-shop.example', '/admin/')).status).toBe(401);
      // The demo users' password (SHA-512-crypt) is accepted by apache itself.
      const basic = `Basic ${Buffer.from(`shopbetrieb:${demoBasicAuthPassword}`).toString('base64')}`;
      expect((await request('b2b.mueller-schmidt-shop.example', '/admin/', { Authorization: basic })).status).not.toBe(401);

      // The request, read back from the site's access log through the API (apache writes it on completion).
      let entry: { uri: string | null; status: number | null; method: string | null; userAgent: string | null } | undefined;
      for (let i = 0; i < 100 && !entry; i++) {
        const log = await t.admin.get(api(`/vhosts/${vhostId}/logs/access?search=from=test`));
        expect(log.status).toBe(200);
        entry = log.body.data[0];
        if (!entry) await new Promise((r) => setTimeout(r, 50));
      }
      expect(entry).toMatchObject({ method: 'GET', uri: '/index.html?from=test', status: 200, userAgent: 'portal-apache-test/1.0' });
      expect(await gw.readFile(logPath({ serverNames: ['katalog.mueller-schmidt-shop.example'] }, 'access'))).toContain('"uri":"/index.html?from=test"');

      const rollback = await t.admin.request('POST', `${t.base()}/managed/plugins/apache/rollback`);
      expect(rollback.status).toBe(202);
      expect(await t.waitForJob(rollback.body.id)).toMatchObject({ kind: 'rollback', status: 'succeeded' });
      expect(await t.file(`${paths.sitesDir}/katalog.mueller-schmidt-shop.example.conf`)).toBeNull();
      expect((await t.api.call('listApacheVhosts')).body.data.map((v) => v.serverNames[0])).not.toContain('katalog.mueller-schmidt-shop.example');
      expect((await request('katalog.mueller-schmidt-shop.example', '/index.html')).status).toBe(404);
      expect(fs.readFileSync(slot, 'utf8')).toBe('Header always set X-Customer-Slot "kept"\n');
    },
    120_000,
  );

  (apacheRuns ? it : it.skip)(
    'a customer slot apache refuses fails the apply at the check: the running apache keeps serving the previous version',
    async () => {
      const gw = t.portal.managed.gateway(t.server.id);
      const slot = gw.hostPath('/etc/apache2/portal-slots/downloads.mueller-schmidt.example/before-locations.conf');
      fs.mkdirSync(path.dirname(slot), { recursive: true });
      fs.writeFileSync(slot, 'NoSuchDirective on\n');
      try {
        const r = await t.admin.request('POST', api('/apply'));
        expect(r.status).toBe(202);
        const job = await t.waitForJob(r.body.id);
        expect(job).toMatchObject({ status: 'failed', validation: { status: 'failed', tool: 'apache2' } });
        expect(job.validation?.output).toContain('NoSuchDirective');
        expect((await t.api.call('getApacheStatus')).body.service.state).toBe('running');
      } finally {
        fs.rmSync(slot);
      }
    },
    120_000,
  );

  (apacheRuns ? it : it.skip)('R2.030 live tail: requests served by the private apache arrive over socket.io as apache.log until the tail is stopped', async () => {
    // The demo sites as applied (a previous test may have left a failed apply behind: this one is the running version).
    await t.applied('POST', api('/apply'));
    const downloads = (await t.api.call('listApacheVhosts')).body.data.find((v) => v.serverNames[0] === 'downloads.mueller-schmidt.example')!;
    const root = t.portal.managed.gateway(t.server.id).hostPath('/var/www/downloads');
    fs.mkdirSync(root, { recursive: true });
    for (const name of ['live-1.txt', 'live-2.txt', 'live-3.txt']) fs.writeFileSync(path.join(root, name), `${name}\n`);
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = connect(t.portal.url, {
        path: '/a/ws',
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: [...t.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    try {
      expect(await socket.emitWithAck('managed:subscribe', { clusterId: t.cluster.id, serverId: t.server.id })).toEqual({ ok: true });
      const received: { vhostId: number; kind: string; entries: { uri: string | null; status: number | null; userAgent: string | null }[] }[] = [];
      socket.on('apache.log', (e: { payload: (typeof received)[number] }) => received.push(e.payload));
      const tail = await t.api.call('startApacheLogTail', { path: { vhostId: downloads.id, kind: 'access' } });
      expect(tail.status).toBe(200);
      expect(tail.body.tailId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      const renewed = await t.api.call('startApacheLogTail', { path: { vhostId: downloads.id, kind: 'access' }, query: { tailId: tail.body.tailId } });
      expect(renewed.body.tailId).toBe(tail.body.tailId);

      expect(await request('downloads.mueller-schmidt.example', '/live-1.txt')).toMatchObject({ status: 200, body: 'live-1.txt\n' });
      expect((await request('downloads.mueller-schmidt.example', '/live-2.txt?from=tail')).status).toBe(200);
      const uris = () => received.flatMap((e) => e.entries.map((x) => x.uri));
      for (let i = 0; i < 100 && uris().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(uris()).toEqual(['/live-1.txt', '/live-2.txt?from=tail']);
      expect(received[0]).toMatchObject({ vhostId: downloads.id, kind: 'access' });
      expect(received[0].entries[0]).toMatchObject({ status: 200, userAgent: 'portal-apache-test/1.0' });

      const stopped = await t.api.call('stopApacheLogTail', { path: { vhostId: downloads.id, kind: 'access', tailId: tail.body.tailId } });
      expect(stopped.status).toBe(204);
      received.length = 0;
      await request('downloads.mueller-schmidt.example', '/live-3.txt');
      await new Promise((r) => setTimeout(r, 1500));
      expect(received).toEqual([]);
    } finally {
      socket.close();
    }
  }, 60_000);
});
