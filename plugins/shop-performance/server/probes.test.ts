/**
 * Issue 25 through the real portal with every plugin: a site of the nginx module served by the server's private
 * nginx — an HTML page above 1 KB, an oversized image on it and a stylesheet, neither compressed — probed by a
 * performance report (TTFB, full load, sizes, cache headers, the image's size and type, findings with the nginx
 * directive that fixes them); after the site turns gzip on, the next report finds them compressed and compares the
 * pages' TTFB with the report before.
 */
import fs from 'node:fs';
import { listSites, requestSite } from '@portal/plugin-sdk/webserver';
import { startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { keyPages, sameSiteImages } from './probes.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { allPlugins: true });
}, 120_000);
afterAll(() => t?.stop());

const finished = async (reportId: number) => {
  for (let i = 0; i < 600; i++) {
    const r = await t.api.call('getShopPerformanceReport', { path: { reportId } });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body).slice(0, 2000));
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report ${reportId} still running`);
};
const report = async () => {
  const started = await t.api.call('runShopPerformanceReport');
  expect(started.status).toBe(202);
  const r = await finished(started.body.id);
  expect(r.status).toBe('done');
  return { id: r.id, ...r.result! };
};

const host = 'perf.mueller-schmidt-shop.example';
const root = '/var/www/perf/public';
/** A change of the private nginx's sites, applied. */
const nginxApplied = (method: string, path: string, body?: unknown) => t.appliedIn('nginx', method, path, body);

describe('R2.025 shop-performance probes of key pages through the private web server (issue 25)', () => {
  it('measures the pages, finds the oversized image and the missing compression; after gzip on, the next report compares the TTFB', async () => {
    const site = await nginxApplied('POST', '/vhosts', { serverNames: [host], documentRoot: 'perf/public', backend: 'static' });
    const gw = t.portal.managed.gateway(t.server.id);
    const filler = Array.from({ length: 80 }, (_, i) => `<p>Produkt ${i}: Wanderschuh, wasserdicht, Größe 36–48.</p>`).join('\n');
    await gw.writeFile({ path: `${root}/index.html`, content: `<!doctype html><title>Shop</title>\n<img src="/media/hero.png" alt="">\n<img src='https://cdn.other.example/logo.png'>\n${filler}\n` });
    await gw.writeFile({ path: `${root}/styles.css`, content: Array.from({ length: 100 }, (_, i) => `.product-${i} { margin: 0 auto; padding: 4px; }`).join('\n') });
    await gw.writeFile({ path: `${root}/media/hero.png`, content: 'x'.repeat(400 * 1024) });
    // Run as root (this container), the private nginx's workers are `nobody`: let them into the 0700 test directory.
    if (process.getuid?.() === 0) for (let d = gw.hostPath(`${root}/media`); d !== '/'; d = d.slice(0, d.lastIndexOf('/')) || '/') fs.chmodSync(d, fs.statSync(d).mode | 0o005);

    // Visitors asked for the stylesheet most: the private nginx logged it, so it becomes a key page.
    const target = (await listSites(gw)).find((s) => s.host === host)!;
    expect(target).toMatchObject({ server: 'nginx', names: [host] });
    for (let i = 0; i < 3; i++) expect((await requestSite(gw, target, '/styles.css', { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' } }))?.status).toBe(200);

    const first = await report();
    const pages = first.pages.filter((p) => p.site === host);
    expect(pages.map((p) => p.url)).toEqual([`http://${host}/`, `http://${host}/styles.css`]);
    const home = pages[0]!;
    expect(home).toMatchObject({ server: 'nginx', status: 200, runs: 3, encoding: null, contentType: expect.stringContaining('text/html'), cacheControl: null, expires: null });
    expect(home.ttfbMs).toBeGreaterThan(0);
    expect(home.totalMs).toBeGreaterThanOrEqual(home.ttfbMs);
    expect(home.wireBytes).toBeGreaterThan(1024);
    expect(home.bytes).toBe(home.wireBytes);
    // Only the site's own image, with its size and type.
    expect(first.images.filter((i) => i.url.includes(host))).toEqual([{ url: `http://${host}/media/hero.png`, page: `http://${host}/`, status: 200, bytes: 400 * 1024, contentType: 'image/png' }]);
    expect(first.images.some((i) => i.url.includes('other.example'))).toBe(false);
    const mine = (r: typeof first) => r.findings.filter((f) => f.site === host).map((f) => `${f.kind} ${f.url.replace(`http://${host}`, '')}`).sort();
    expect(mine(first)).toEqual(['large_image /media/hero.png', 'no_cache_headers /', 'no_cache_headers /styles.css', 'not_compressed /', 'not_compressed /styles.css']);
    const uncompressed = first.findings.find((f) => f.kind === 'not_compressed' && f.url === `http://${host}/styles.css`)!;
    expect(uncompressed).toMatchObject({ severity: 'medium', server: 'nginx', evidence: expect.stringContaining('text/css'), directive: expect.stringMatching(/^gzip on;/) });
    expect(first.findings.find((f) => f.kind === 'large_image' && f.site === host)).toMatchObject({ severity: 'medium', evidence: 'image/png, 400 KB', directive: null });

    // The site turns compression on (and static files get an expiry): the next report shows it and compares.
    await nginxApplied('PUT', `/vhosts/${site.id}`, {
      serverNames: [host],
      documentRoot: 'perf/public',
      backend: 'static',
      directives: [
        { name: 'gzip', value: 'on' },
        { name: 'gzip_types', value: 'text/css text/plain' },
        { name: 'expires', value: '1h' },
      ],
    });
    const second = await report();
    const after = second.pages.filter((p) => p.site === host);
    expect(after.map((p) => [p.url, p.encoding])).toEqual([
      [`http://${host}/`, 'gzip'],
      [`http://${host}/styles.css`, 'gzip'],
    ]);
    expect(after[0]!.wireBytes).toBeLessThan(after[0]!.bytes!);
    expect(after[0]!.bytes).toBe(home.bytes);
    expect(after[1]!.cacheControl).toBe('max-age=3600');
    expect(mine(second)).toEqual(['large_image /media/hero.png']);
    // The probes' own requests are no visitors: the access-log figures count only the stylesheet's three.
    expect(second.urls.filter((u) => u.host === host).map((u) => [u.path, u.count])).toEqual([['/styles.css', 3]]);
    expect(second.comparison).toMatchObject({ previousReportId: first.id });
    expect(second.comparison!.pages.filter((p) => p.url.includes(host))).toEqual([
      { url: `http://${host}/`, ttfbBeforeMs: home.ttfbMs, ttfbAfterMs: after[0]!.ttfbMs },
      { url: `http://${host}/styles.css`, ttfbBeforeMs: pages[1]!.ttfbMs, ttfbAfterMs: after[1]!.ttfbMs },
    ]);
  }, 120_000);
});

describe('issue 25 key pages and images without a server', () => {
  const site = { server: 'nginx' as const, host: 'shop.example', names: ['shop.example', 'www.shop.example'], documentRoot: '/var/www/shop', http: { host: '127.0.0.1', port: 8080 }, https: null };
  it('key pages: `/` and the site’s most requested paths (by count), not other hosts’', () => {
    const u = (host: string | null, path: string, count: number) => ({ host, path, count, avgMs: 1, p50Ms: 1, p95Ms: 1, maxMs: 1, errorRate: 0, profiles: [] });
    const urls = [u('shop.example', '/a', 2), u('WWW.shop.example', '/b', 9), u('other.example', '/c', 50), u(null, '/d', 50), u('shop.example', '/', 99), ...Array.from({ length: 6 }, (_, i) => u('shop.example', `/p${i}`, 1))];
    expect(keyPages([site], urls)[0]!.paths).toEqual(['/', '/b', '/a', '/p0', '/p1', '/p2']);
  });
  it('images: same-site `<img src>` as paths (relative, absolute, www alias), once; other hosts and data URLs left out', () => {
    const html = `<img src="a.jpg"><IMG alt="x" src='/b.png?v=2'><img src=https://www.shop.example/c.webp><img src="https://cdn.example/d.jpg"><img src="data:image/png;base64,AA"><img src="/b.png?v=2"><img data-src="/lazy.jpg">`;
    expect(sameSiteImages(html, 'http://shop.example/category/', site)).toEqual(['/category/a.jpg', '/b.png?v=2', '/c.webp']);
  });
});
