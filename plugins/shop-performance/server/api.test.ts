/**
 * Performance reports through the real portal: computed from a real access log in the server's sandbox (the
 * web server family's `portal_json` lines), and the next report compared with it (before/after a change).
 */
import { demoLogins, Server, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const line = (uri: string, seconds: number, cache?: string) =>
  JSON.stringify({ time: '2026-11-22T09:00:00+01:00', client: '203.0.113.5', user: '', host: 'shop.example', method: 'GET', uri, protocol: 'HTTP/2.0', status: 200, bytes: 900, referer: '', agent: 'k6', duration: seconds, ...(cache ? { cache } : {}) });

const finished = async (reportId: number) => {
  for (let i = 0; i < 200; i++) {
    const r = await t.api.call('getShopPerformanceReport', { path: { reportId } });
    expect(r.status).toBe(200);
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report ${reportId} still running`);
};

describe('R2.025 shop-performance reports', () => {
  it('computes response times per URL, the cache hit ratio and the slowest requests from the access log, and compares the next report with it', async () => {
    const gateway = t.portal.managed.gateway(t.server.id);
    const log = '/var/log/nginx/shop.example.access.log';
    await gateway.writeFile({ path: log, content: [line('/', 0.8, 'MISS'), line('/', 0.9, 'MISS'), line('/category/shoes', 1.5, 'MISS'), line('/', 0.05, 'HIT')].join('\n') + '\n' });

    const started = await t.api.call('runShopPerformanceReport');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', startedBy: demoLogins.admin });
    const before = await finished(started.body.id);
    expect(before.status).toBe('done');
    expect(before.result).toMatchObject({
      logs: [log],
      overall: { count: 4, p50Ms: 800, p95Ms: 1500, maxMs: 1500 },
      cache: { hits: 1, misses: 3, ratio: 0.25 },
      comparison: null,
    });
    expect(before.result!.urls.map((u) => [u.path, u.count])).toEqual([
      ['/', 3],
      ['/category/shoes', 1],
    ]);
    expect(before.result!.slowest[0]).toMatchObject({ uri: '/category/shoes', durationMs: 1500 });

    // After a configuration change (Varnish in front now): the next report says what changed.
    await gateway.writeFile({ path: log, content: [line('/', 0.04, 'HIT'), line('/', 0.05, 'HIT'), line('/category/shoes', 0.06, 'HIT'), line('/', 0.7, 'MISS')].join('\n') + '\n' });
    const next = await t.api.call('runShopPerformanceReport');
    const after = await finished(next.body.id);
    expect(after.result!.comparison).toMatchObject({ previousReportId: before.id, p95DeltaMs: 700 - 1500, cacheRatioDelta: 50 });
    expect(after.p95DeltaMs).toBe(-800);
    const list = await t.api.call('listShopPerformanceReports');
    expect(list.body.data.slice(0, 2).map((r) => [r.id, r.p95Ms])).toEqual([
      [after.id, 700],
      [before.id, 1500],
    ]);
  });

  it('an unknown report is 404, and another cluster’s administrator sees none', async () => {
    expect((await t.api.call('getShopPerformanceReport', { path: { reportId: 999999 } })).status).toBe(404);
    const other = await t.signIn(demoLogins.other);
    expect((await t.api.call('listShopPerformanceReports', { as: other })).status).toBe(404);
  });
});

describe('R2.025 scheduled performance reports (issue 25)', () => {
  afterAll(() => t.portal.clock.set('2026-11-22T10:00:00Z'));

  it('stores the schedule, refuses values out of range (422 with field errors), and the scheduler runs the report at its slot', async () => {
    const bad = await t.api.call('setShopPerformanceSchedule', { body: { mode: 'weekly', weekday: 8, hour: -1 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error!.fields!).sort()).toEqual(['hour', 'weekday']);

    t.portal.clock.set('2026-11-23T10:00:00Z'); // Monday
    const saved = await t.api.call('setShopPerformanceSchedule', { body: { mode: 'weekly', weekday: 2, hour: 5 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ mode: 'weekly', weekday: 2, hour: 5, zone: 'Europe/Berlin', nextRun: '2026-11-24T04:00:00.000Z', confirmedCents: null });
    expect((await t.api.call('getShopPerformanceSchedule')).body).toMatchObject({ mode: 'weekly', nextRun: '2026-11-24T04:00:00.000Z' });

    const { schedules, reports } = await import('./index.ts');
    const scheduled = async () => (await t.api.call('listShopPerformanceReports')).body.data.filter((r) => r.startedBy === 'schedule');
    await schedules.tick();
    expect(await scheduled()).toEqual([]);
    t.portal.clock.set('2026-11-24T04:01:00Z'); // 05:01 in Berlin
    await schedules.tick();
    await reports.settled();
    expect(await scheduled()).toMatchObject([{ status: 'done' }]);
    await schedules.tick();
    expect(await scheduled()).toHaveLength(1);
    await t.api.call('setShopPerformanceSchedule', { body: { mode: 'off', weekday: 1, hour: 3 } });
  });
});

/**
 * A MariaDB slow-query log as MariaDB 10.11 writes it (header, `# Time` only when the second changes, `SET timestamp`
 * per entry). Written into the server's sandbox instead of starting the mysql module's private MariaDB: the mysql
 * module's own test (`plugins/mysql/server/mysql.test.ts`) proves its MariaDB writes this format there; starting it
 * here too would need the whole portal and ~5 s per run.
 */
const slowEntry = (epoch: number, seconds: number, rows: number, sql: string, time = true) => [
  ...(time ? [`# Time: ${new Date(epoch * 1000).toISOString().replace(/^20(\d\d)-(\d\d)-(\d\d)T(\d\d:\d\d:\d\d).*$/, '$1$2$3 $4')}`] : []),
  '# User@Host: shop[shop] @ localhost []',
  '# Thread_id: 31  Schema: shop  QC_hit: No',
  `# Query_time: ${seconds.toFixed(6)}  Lock_time: 0.000041  Rows_sent: 1  Rows_examined: ${rows}`,
  '# Rows_affected: 0  Bytes_sent: 187',
  'use shop;',
  `SET timestamp=${epoch};`,
  sql,
];
const slowHeader = ['/usr/sbin/mariadbd, Version: 10.11.14-MariaDB-0+deb12u2-log (Debian 12). started with:', 'Tcp port: 13306  Unix socket: /run/mysqld/mysqld.sock', 'Time                Id Command  Argument'];
const at = (iso: string) => Date.parse(iso) / 1000;
/** The cluster's database server (db01 of the demo cluster: mysql, not shop-performance). */
const databaseServer = () => t.cluster.servers.find((s) => s.id !== t.server.id && s.services.includes('mysql'))!;

describe('R2.025 issue 25: slowest database statements and profile links in a performance report', () => {
  const gateway = () => t.portal.managed.gateway(t.server.id);
  const setServicesOf = async (serverId: number, services: string[]) => t.portal.db.orm.em.fork().nativeUpdate(Server, { id: serverId }, { services });
  const setServices = (services: string[]) => setServicesOf(t.server.id, services);
  let services: string[];
  beforeAll(async () => {
    services = [...(await t.portal.db.orm.em.fork().findOneOrFail(Server, { id: t.server.id })).services];
  });
  afterAll(() => setServices(services));
  const run = async () => {
    const started = await t.api.call('runShopPerformanceReport');
    expect(started.status).toBe(202);
    const r = await finished(started.body.id);
    expect(r.status).toBe('done');
    return r;
  };

  it('without MariaDB in the cluster, and with its slow log off, the report says not available instead of zero', async () => {
    await setServices(services.filter((s) => s !== 'mysql'));
    // A cluster without a database server: no server of it runs mysql.
    const db = databaseServer();
    await setServicesOf(db.id, db.services.filter((s) => s !== 'mysql'));
    try {
      expect((await run()).result!.queries).toMatchObject({ status: 'no_mysql', server: null, count: null, totalSeconds: null, statements: [] });
    } finally {
      await setServicesOf(db.id, db.services);
    }
    await setServices([...services, 'mysql']);
    await gateway().writeFile({ path: '/etc/mysql/mariadb.conf.d/60-portal.cnf', content: '[mariadbd]\nslow_query_log = 0\nlong_query_time = 1\n' });
    expect((await run()).result!.queries).toMatchObject({ status: 'off', thresholdSeconds: 1, count: null, statements: [] });
  });

  it('lists the slowest statement of the slow log with its runs, total and average time and rows, and the next report only the statements after it, compared', async () => {
    await setServices([...services, 'mysql']);
    const gw = gateway();
    await gw.writeFile({ path: '/etc/mysql/mariadb.conf.d/60-portal.cnf', content: '[mariadbd]\nslow_query_log = 1\nlong_query_time = 0.5\n' });
    const orders = (customer: number) => `SELECT * FROM sales_order WHERE customer_id = ${customer} AND status IN ('pending', 'processing');`;
    const log = [
      ...slowHeader,
      ...slowEntry(at('2026-11-22T07:59:01Z'), 2.5, 182_000, orders(17)),
      ...slowEntry(at('2026-11-22T07:59:30Z'), 1.25, 90_000, orders(4711)),
      ...slowEntry(at('2026-11-22T07:59:30Z'), 0.75, 12, "SELECT COUNT(*) FROM catalog_product_entity WHERE sku LIKE 'abc%';", false),
    ];
    await gw.writeFile({ path: '/var/log/mysql/mariadb-slow.log', content: `${log.join('\n')}\n` });
    const before = (await run()).result!.queries!;
    expect(before).toMatchObject({ status: 'on', thresholdSeconds: 0.5, count: 3, totalSeconds: 4.5, until: '2026-11-22T07:59:30Z', untilCount: 2 });
    expect(before.statements[0]).toEqual({
      statement: 'SELECT * FROM sales_order WHERE customer_id = ? AND status IN (?)',
      count: 2,
      totalSeconds: 3.75,
      avgSeconds: 1.875,
      maxSeconds: 2.5,
      rowsExamined: 182_000,
      lastAt: '2026-11-22T07:59:30Z',
    });
    expect(before.statements[1]).toMatchObject({ statement: 'SELECT COUNT(*) FROM catalog_product_entity WHERE sku LIKE ?', count: 1 });

    // After a change (an index): one more statement of the same second and a faster one later; the next report holds only those.
    const later = [
      ...slowEntry(at('2026-11-22T07:59:30Z'), 0.6, 5, orders(8)),
      ...slowEntry(at('2026-11-22T08:10:00Z'), 0.55, 40, orders(9)),
    ];
    await gw.writeFile({ path: '/var/log/mysql/mariadb-slow.log', content: `${[...log, ...later].join('\n')}\n` });
    const report = await run();
    const after = report.result!.queries!;
    expect(after).toMatchObject({ status: 'on', from: '2026-11-22T07:59:30Z', until: '2026-11-22T08:10:00Z', untilCount: 1, count: 2, totalSeconds: 1.15 });
    expect(after.statements).toMatchObject([{ statement: 'SELECT * FROM sales_order WHERE customer_id = ? AND status IN (?)', count: 2, maxSeconds: 0.6 }]);
    expect(report.result!.comparison!.queries).toEqual({ countBefore: 3, countAfter: 2, secondsBefore: 4.5, secondsAfter: 1.15 });
  });

  it('links the slowest request to the profile the profiler captured of its host and path in the window, not to one of another path or day', async () => {
    await setServices([...services, 'profiler']);
    const gw = gateway();
    await gw.writeFile({ path: '/var/log/nginx/shop.example.access.log', content: [line('/checkout?step=2', 2.4), line('/', 0.05)].join('\n') + '\n' });
    const profile = (id: string, uri: string, startedAt: string, durationMs: number) =>
      gw.writeFile({ path: `/var/lib/portal-profiler/profiles/${id}.json`, content: JSON.stringify({ id, host: 'shop.example', uri, method: 'GET', startedAt, durationMs, samples: 240, periodMs: 10, clock: 'wall', config: 'a1b2c3d4e5f6' }) });
    await profile('20261122-075957-a1b2c3d4', '/checkout?step=2', '2026-11-22T07:59:57.610Z', 2390.5);
    await profile('20261122-075958-b1b2c3d4', '/cart', '2026-11-22T07:59:58.000Z', 900);
    await profile('20261101-075958-c1b2c3d4', '/checkout', '2026-11-01T07:59:58.000Z', 5000);
    const r = (await run()).result!;
    expect(r.slowest[0]).toMatchObject({ uri: '/checkout?step=2', profiles: [{ id: '20261122-075957-a1b2c3d4', startedAt: '2026-11-22T07:59:57.610Z', durationMs: 2391 }] });
    expect(r.urls.find((u) => u.path === '/checkout')!.profiles.map((p) => p.id)).toEqual(['20261122-075957-a1b2c3d4']);
    expect(r.urls.find((u) => u.path === '/')!.profiles).toEqual([]);
  });
});

/**
 * A web server's database runs on the cluster's database server (the demo's topology): the report reads that server's
 * slow log and options through a read-only gateway of it, and names it. The peer gateway reaches only servers of the
 * same cluster (and customer), and only reads.
 */
describe("R2.025 issue 25: the slow log of the cluster's database server", () => {
  const em = () => t.portal.db.orm.em.fork();
  let services: string[];
  beforeAll(async () => {
    services = [...(await em().findOneOrFail(Server, { id: t.server.id })).services];
    await em().nativeUpdate(Server, { id: t.server.id }, { services: services.filter((s) => s !== 'mysql') });
  });
  afterAll(() => em().nativeUpdate(Server, { id: t.server.id }, { services }));
  const ports = () => t.portal.managed.ports(t.portal.managed.plugin('shop-performance')!);

  it('a web server without MariaDB shows the slowest statements of the database server’s slow log and names that server', async () => {
    expect(databaseServer().role).toBe('database');
    const gw = t.portal.managed.gateway(databaseServer().id);
    await gw.writeFile({ path: '/etc/mysql/mariadb.conf.d/60-portal.cnf', content: '[mariadbd]\nslow_query_log = 1\nlong_query_time = 2\n' });
    const log = [
      ...slowHeader,
      ...slowEntry(at('2026-11-22T06:00:05Z'), 4.5, 1_200_000, 'SELECT * FROM catalog_product_index_price WHERE website_id = 1 ORDER BY min_price;'),
      ...slowEntry(at('2026-11-22T06:00:09Z'), 2.25, 3_000, "UPDATE quote SET updated_at = NOW() WHERE entity_id = 881;"),
    ];
    await gw.writeFile({ path: '/var/log/mysql/mariadb-slow.log', content: `${log.join('\n')}\n` });
    // Nothing of it on the web server itself.
    expect(await t.portal.managed.gateway(t.server.id).readFile('/var/log/mysql/mariadb-slow.log')).not.toContain('catalog_product_index_price');

    const started = await t.api.call('runShopPerformanceReport');
    const report = await finished(started.body.id);
    expect(report.status).toBe('done');
    const queries = report.result!.queries!;
    expect(queries).toMatchObject({ status: 'on', thresholdSeconds: 2, server: { id: databaseServer().id, name: databaseServer().name }, count: 2, totalSeconds: 6.75 });
    expect(queries.statements[0]).toMatchObject({ statement: 'SELECT * FROM catalog_product_index_price WHERE website_id = ? ORDER BY min_price', count: 1, maxSeconds: 4.5, rowsExamined: 1_200_000 });
  });

  it('the peer gateway refuses a server of another cluster and of another customer, and every write, command and connection', async () => {
    const servers = await em().find(Server, {}, { populate: ['cluster.customer'] });
    const own = servers.find((s) => s.id === t.server.id)!;
    const otherCluster = servers.find((s) => s.cluster.id !== own.cluster.id && s.cluster.customer.id === own.cluster.customer.id && s.services.includes('mysql'))!;
    const otherCustomer = servers.find((s) => s.cluster.customer.id !== own.cluster.customer.id && s.services.includes('mysql'))!;
    expect(otherCluster && otherCustomer).toBeTruthy();
    await expect(ports().peerGateway(t.server.id, otherCluster.id)).rejects.toMatchObject({ name: 'PathNotDeclared' });
    await expect(ports().peerGateway(t.server.id, otherCustomer.id)).rejects.toMatchObject({ name: 'PathNotDeclared' });
    await expect(ports().peerGateway(t.server.id, 999_999)).rejects.toMatchObject({ name: 'PathNotDeclared' });

    const peer = await ports().peerGateway(t.server.id, databaseServer().id);
    expect(peer.serverId).toBe(databaseServer().id);
    expect(await peer.readFile('/etc/mysql/mariadb.conf.d/60-portal.cnf')).toContain('slow_query_log = 1');
    // Read-only: no write or removal (not even of a path shop-performance reads), no command, no connection, no program step.
    await expect(peer.writeFile({ path: '/var/log/mysql/mariadb-slow.log', content: '' })).rejects.toMatchObject({ name: 'PathNotDeclared' });
    await expect(peer.removeFile('/etc/mysql/mariadb.conf.d/60-portal.cnf')).rejects.toMatchObject({ name: 'PathNotDeclared' });
    await expect(peer.run({ tool: 'mariadb', args: ['-e', 'DROP DATABASE shop'] })).rejects.toMatchObject({ name: 'PathNotDeclared' });
    await expect(peer.reach({ socket: '/run/mysqld/mysqld.sock' })).rejects.toMatchObject({ name: 'PathNotDeclared' });
    await expect(peer.service('mysql').reload()).rejects.toMatchObject({ name: 'PathNotDeclared' });
    // And only what shop-performance declared to read.
    await expect(peer.readFile('/etc/mysql/debian.cnf')).rejects.toMatchObject({ name: 'PathNotDeclared' });
    expect(await t.portal.managed.gateway(databaseServer().id).readFile('/etc/mysql/mariadb.conf.d/60-portal.cnf')).toContain('slow_query_log = 1');
  });
});
