/**
 * The `varnish-ssl` section through the real portal (`startPluginPortal`) and a private Varnish (Debian's varnishd,
 * no mock) on loopback ports inside the server's sandbox: a change compiled by `varnishd -C`, loaded into the running
 * daemon and switched to; requests served through it from a tiny local backend (a cache hit); a broken custom VCL
 * refused with the compiler's line; purges; the request log (varnishncsa); rollback as one switch; the limits.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { defaultsOf } from '@portal/plugin-sdk';
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { dropInPath, vclPath } from './program.ts';

let t: PluginPortal<ApiOperations>;
let backend: http.Server;
let backendHits = 0;
const defaults = defaultsOf(config);
const run = hasProgram('varnishd') && hasProgram('varnishadm') ? it : it.skip;

/** A request through the server's private Varnish. */
async function request(urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = await t.portal.managed.gateway(t.server.id).listenAddress('varnish', 6081);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { Host: 'shop.example', ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { cluster: '20011', server: (s) => s.name.startsWith('lb01') });
  // When tests run as root, Varnish's processes run as varnish/vcache: the data directory (mkdtemp, 0700) must be searchable.
  fs.chmodSync(path.resolve(t.portal.managed.gateway(t.server.id).hostPath('/'), '../..'), 0o755);
  backend = http.createServer((req, res) => {
    backendHits++;
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`page ${req.url} #${backendHits}`);
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
}, 120_000);
afterAll(async () => {
  await t?.stop();
  backend?.closeAllConnections();
  await new Promise((resolve) => backend?.close(resolve));
});

describe('varnish-ssl (R2.033 varnish config, logs and startparameter)', () => {
  run('a change is compiled, loaded into the running Varnish and serves cache hits; purge; log; rollback is one switch', async () => {
    const backends = `127.0.0.1:${(backend.address() as AddressInfo).port}`;
    const first = await t.api.call('updateVarnishSslSettings', { body: { ...defaults, backends, memoryMb: 32, threadPoolMin: 10, threadPoolMax: 100 } });
    expect(first.status).toBe(202);
    expect(await t.waitForJob(first.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'varnishd' } });
    expect(await t.file(dropInPath)).toContain(' -s malloc,32m ');
    const started = await t.api.call('getVarnishSslVcl');
    expect(started.body).toMatchObject({ mode: 'form', running: true });

    // Served through the private Varnish: a miss, then a hit; a cookie named in the excluded ones bypasses the cache.
    const miss = await request('/products');
    expect([miss.status, miss.headers['x-cache'], miss.body]).toEqual([200, 'MISS', 'page /products #1']);
    const hit = await request('/products');
    expect([hit.headers['x-cache'], hit.body]).toEqual(['HIT', 'page /products #1']);
    expect((await request('/products', { Cookie: 'PHPSESSID=abc' })).body).toBe('page /products #2');
    expect((await request('/admin/x')).headers['x-cache']).toBe('MISS');

    // A second change is loaded (vcl.load) and switched to (vcl.use); the previous VCL stays loaded.
    const second = await t.api.call('updateVarnishSslSettings', {
      body: { ...defaults, backends, memoryMb: 32, threadPoolMin: 10, threadPoolMax: 100, defaultTtlSeconds: 600, excludedUrls: '/products' },
    });
    expect(await t.waitForJob(second.body.id)).toMatchObject({ status: 'succeeded' });
    const loaded = (await t.api.call('getVarnishSslVcl')).body.loaded;
    expect(loaded).toHaveLength(2);
    expect(loaded.filter((v) => v.active)).toHaveLength(1);
    expect(await t.file(vclPath)).toContain('set beresp.ttl = 600s;');
    expect((await request('/products')).headers['x-cache']).toBe('MISS');

    // Purges: one URL, the site, everything.
    expect((await request('/about')).body).toMatch(/#\d+$/);
    const cached = (await request('/about')).body;
    const url = await t.api.call('purgeVarnishSsl', { body: { scope: 'url', host: 'shop.example', path: '/about' } });
    expect([url.status, url.body.ban]).toEqual([200, 'req.http.host == shop.example && req.url == /about']);
    expect((await request('/about')).body).not.toBe(cached);
    expect((await t.api.call('purgeVarnishSsl', { body: { scope: 'site', host: 'shop.example' } })).status).toBe(200);
    expect((await t.api.call('purgeVarnishSsl', { body: { scope: 'all' } })).status).toBe(200);
    expect((await t.api.call('purgeVarnishSsl', { body: { scope: 'url', host: 'shop.example' } })).status).toBe(422);

    // The request log as varnishncsa writes it.
    const log = await t.api.call('listVarnishSslLog', { query: { search: '/about' } });
    expect(log.body.running).toBe(true);
    expect(log.body.entries.length).toBeGreaterThan(0);
    expect(log.body.entries.every((e) => e.line.includes('/about'))).toBe(true);
    expect(log.body.entries.map((e) => e.line).join('\n')).toMatch(/ 200 \d+ (hit|miss) /);

    // Undo: the previous VCL is still loaded, so the rollback switches to it.
    const active = loaded.find((v) => v.active)!.name;
    const previous = loaded.find((v) => !v.active)!.name;
    await t.applied('POST', `${t.base()}/managed/plugins/varnish-ssl/rollback`);
    const after = (await t.api.call('getVarnishSslVcl')).body.loaded;
    expect(after.find((v) => v.active)?.name).toBe(previous);
    expect(after.map((v) => v.name).sort()).toEqual([active, previous].sort());
    // /products is cached again (the rolled-back VCL does not exclude it; the purge emptied the cache).
    expect((await request('/products')).headers['x-cache']).toBe('MISS');
    expect((await request('/products')).headers['x-cache']).toBe('HIT');
  }, 120_000);

  run("a broken custom VCL is refused with the compiler's line, nothing stored; a working one is applied", async () => {
    const broken = 'vcl 4.1;\nbackend default { .host = "127.0.0.1"; .port = "8080"; }\nsub vcl_recv {\n  set req.http.X-Test = ;\n}\n';
    const check = await t.api.call('checkVarnishSslVcl', { body: { vcl: broken } });
    expect(check.status).toBe(200);
    expect(check.body.valid).toBe(false);
    expect(check.body.messages[0]).toMatchObject({ line: 4 });
    const refused = await t.api.call('updateVarnishSslVcl', { body: { mode: 'custom', customVcl: broken } });
    expect([refused.status, refused.body.error?.fields]).toEqual([422, { customVcl: ['varnish-ssl:errors.vcl_compile'] }]);
    expect((await t.api.call('getVarnishSslVcl')).body.mode).toBe('form');

    const custom = `vcl 4.1;\nbackend default { .host = "127.0.0.1"; .port = "${(backend.address() as AddressInfo).port}"; }\nsub vcl_deliver {\n  set resp.http.X-Custom = "yes";\n}\n`;
    expect((await t.api.call('checkVarnishSslVcl', { body: { vcl: custom } })).body).toEqual({ valid: true, messages: [] });
    const r = await t.api.call('updateVarnishSslVcl', { body: { mode: 'custom', customVcl: custom } });
    expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
    expect(await t.file(vclPath)).toBe(custom);
    expect((await request('/custom')).headers['x-custom']).toBe('yes');
    expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'varnish-ssl:changes.custom' } });
  }, 120_000);

  it('values outside the contract and min > max threads are refused (422), nothing stored', async () => {
    const stored = (await t.api.call('getVarnishSslSettings')).body;
    for (const body of [
      { ...defaults, memoryMb: 1 },
      { ...defaults, backends: '127.0.0.1:80"; }' },
      { ...defaults, excludedUrls: '/a\n}' },
      { ...defaults, excludedCookies: 'a"b' },
    ]) {
      const r = await t.api.call('updateVarnishSslSettings', { body: body as typeof defaults });
      expect(r.status).toBe(422);
    }
    const r = await t.api.call('updateVarnishSslSettings', { body: { ...defaults, threadPoolMin: 500, threadPoolMax: 100 } });
    expect([r.status, r.body.error?.fields]).toEqual([422, { threadPoolMin: ['varnish-ssl:errors.threads_min_max'] }]);
    expect((await t.api.call('getVarnishSslSettings')).body).toEqual(stored);
  });
});
