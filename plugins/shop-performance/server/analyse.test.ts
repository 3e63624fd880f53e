/** The analyser over real log files in a temporary server sandbox, read through the local gateway. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalGateway } from '@portal/plugin-sdk/testing';
import { accessRecords, analyse, fpmPools, measure, timing } from './analyse.ts';

/** An nginx access line in the family's `portal_json` format (`duration` in seconds, `$request_time`). */
const nginx = (uri: string, seconds: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ time: '2026-11-28T10:00:00+01:00', client: '203.0.113.9', user: '', host: 'shop.example', method: 'GET', uri, protocol: 'HTTP/1.1', status: 200, bytes: 512, referer: '', agent: 'curl', duration: seconds, ...extra });
/** An apache line (`durationMs`, `%{ms}T`). */
const apache = (uri: string, ms: number, status = 200) =>
  JSON.stringify({ time: '2026-11-28T10:05:00+0100', client: '203.0.113.9', user: '-', host: 'shop.example', method: 'POST', uri, protocol: 'HTTP/1.1', status, bytes: 10, referer: '-', agent: 'curl', durationMs: ms });

let base: string;
const put = (serverPath: string, lines: string[]) => {
  const file = path.join(base, '3', serverPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
};
beforeAll(() => void (base = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-performance-'))));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('R2.025 shop-performance report from the server', () => {
  it('joins nginx and apache access logs per URL, the Varnish hit ratio, php-fpm saturation and the slowest requests', async () => {
    put('/var/log/nginx/shop.example.access.log', [
      nginx('/', 0.05, { cache: 'HIT' }),
      nginx('/', 0.07, { cache: 'HIT' }),
      nginx('/?utm=x', 0.09, { cache: 'MISS' }),
      nginx('/checkout', 1.2),
      'not a json line',
    ]);
    put('/var/log/apache2/shop.example.access.log', [apache('/checkout', 1800), apache('/checkout', 2500, 502)]);
    put('/var/log/apache2/shop.example.error.log', ['[error] ignored']);
    put('/var/log/php8.2-fpm.log', [
      '[28-Nov-2026 10:00:01] WARNING: [pool www] seems busy (you may need to increase pm.start_servers, or pm.min/max_spare_servers), spawning 8 children, there are 0 idle, and 4 total children',
      '[28-Nov-2026 10:00:02] WARNING: [pool www] server reached pm.max_children setting (5), consider raising it',
      '[28-Nov-2026 10:03:02] WARNING: [pool www] server reached pm.max_children setting (5), consider raising it',
    ]);
    const gateway = new LocalGateway({ baseDir: base, serverId: 3 });
    const r = await measure(gateway, null, async () => undefined);

    expect(r.logs).toEqual(['/var/log/nginx/shop.example.access.log', '/var/log/apache2/shop.example.access.log']);
    expect(r.overall).toEqual({ count: 6, avgMs: 952, p50Ms: 90, p95Ms: 2500, maxMs: 2500 });
    // The checkout costs the most time in total, so it comes first; the query string is left out of the URL.
    expect(r.urls.map((u) => [u.path, u.count, u.p50Ms, u.maxMs, Math.round(u.errorRate * 100)])).toEqual([
      ['/checkout', 3, 1800, 2500, 33],
      ['/', 3, 70, 90, 0],
    ]);
    expect(r.slowest[0]).toMatchObject({ uri: '/checkout', durationMs: 2500, status: 502, method: 'POST' });
    expect(r.cache).toEqual({ hits: 2, misses: 1, ratio: 2 / 3 });
    expect(r.fpm).toEqual([{ pool: 'www', maxChildrenReached: 2, busyWarnings: 1, maxChildren: 5 }]);
    expect(r.comparison).toBeNull();
  });

  it('without php-fpm log or cache states says so instead of showing zeros', () => {
    const r = analyse([{ path: '/var/log/nginx/a.access.log', lines: [nginx('/a', 0.1)] }], null, null);
    expect(r.cache).toBeNull();
    expect(r.fpm).toBeNull();
  });

  it('compares with the previous report: before/after a configuration change', () => {
    const before = analyse([{ path: 'x', lines: [nginx('/', 0.4, { cache: 'MISS' }), nginx('/', 0.5, { cache: 'HIT' }), nginx('/p', 0.2)] }], [], null);
    const after = analyse(
      [{ path: 'x', lines: [nginx('/', 0.05, { cache: 'HIT' }), nginx('/', 0.06, { cache: 'HIT' }), nginx('/p', 0.2)] }],
      [],
      { id: 4, finishedAt: new Date('2026-11-27T10:00:00Z'), result: before },
    );
    expect(after.comparison).toMatchObject({ previousReportId: 4, previousAt: '2026-11-27T10:00:00.000Z', p95DeltaMs: 200 - 500, cacheRatioDelta: 50 });
    expect(after.comparison!.urls[0]).toEqual({ host: 'shop.example', path: '/', p95BeforeMs: 500, p95AfterMs: 60 });
  });

  it('reads durations in seconds (nginx) and milliseconds (apache), and percentiles by rank', () => {
    expect(accessRecords([nginx('/', 0.25), apache('/', 30)]).map((r) => r.durationMs)).toEqual([250, 30]);
    expect(timing([10, 20, 30, 40, 50, 60, 70, 80, 90, 100])).toEqual({ count: 10, avgMs: 55, p50Ms: 50, p95Ms: 100, maxMs: 100 });
    expect(fpmPools(['WARNING: [pool shop] server reached max_children setting (12), consider raising it'])).toEqual([{ pool: 'shop', maxChildrenReached: 1, busyWarnings: 0, maxChildren: 12 }]);
  });
});
