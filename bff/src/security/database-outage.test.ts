/**
 * A database outage (issue 8, defect 7): the portal reaches PostgreSQL through a TCP proxy the test
 * closes. While it is closed, the API answers 503 `errors.database_unavailable` with `Retry-After`,
 * `/api/health` reports the database as down and `/api/ready` fails; when the proxy opens again, the
 * same process serves requests again without a restart.
 *
 * Needs PostgreSQL (`DATABASE_URL`); the embedded PGlite has no connection to cut.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { demoLogins, startSuite, type Suite } from './harness.ts';

const base = process.env.DATABASE_URL;

/** A TCP proxy to the database that can be cut (every connection reset) and restored. */
async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

(base ? describe : describe.skip)('database outage (issue 8): 503 with Retry-After, health and readiness say so, recovery without restart', () => {
  let suite: Suite;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    const target = new URL(base!);
    proxy = await startProxy(target);
    const viaProxy = new URL(base!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    // The test database (and the portal's pool) is reached through the proxy only.
    process.env.DATABASE_URL = viaProxy.toString();
    try {
      suite = await startSuite();
    } finally {
      process.env.DATABASE_URL = base;
    }
  });
  afterAll(async () => {
    proxy?.restore();
    await suite?.stop();
    await proxy?.close();
  });

  it('answers 503 errors.database_unavailable while the database is unreachable, reports it, and recovers', async () => {
    const manager = await suite.signIn(demoLogins.manager);
    expect((await manager.get('/api/v1/clusters')).status).toBe(200);
    expect((await manager.get('/api/health')).body).toMatchObject({ status: 'ok', database: 'up' });

    proxy.cut();
    const during = await manager.get('/api/v1/clusters');
    expect([during.status, during.body.error?.code, during.body.error?.message]).toEqual([503, 'unavailable', 'errors.database_unavailable']);
    expect(Number(during.headers.get('Retry-After'))).toBeGreaterThan(0);
    const write = await manager.request('PATCH', '/api/v1/profile', { department: 'Outage' });
    expect(write.status).toBe(503);
    const signIn = await suite.server.client().login(demoLogins.admin);
    expect(signIn.status).toBe(503);
    // The orchestrator's probes come without a session cookie.
    const probe = suite.server.client();
    const health = await probe.get('/api/health');
    expect([health.status, health.body.status, health.body.database]).toEqual([200, 'degraded', 'down']);
    const ready = await probe.get('/api/ready');
    expect([ready.status, ready.body.error?.message]).toEqual([503, 'errors.database_unavailable']);

    proxy.restore();
    let recovered = 0;
    for (let i = 0; i < 50 && recovered !== 200; i++) {
      recovered = (await manager.get('/api/v1/clusters')).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(200);
    expect((await probe.get('/api/health')).body).toMatchObject({ status: 'ok', database: 'up' });
    expect((await probe.get('/api/ready')).status).toBe(200);
    // Nothing of the refused write was stored.
    expect((await manager.get('/api/v1/profile')).body.department).not.toBe('Outage');
  });

  it('secrets in logs: the outage\'s log lines carry no password or session id', () => {
    expect(suite.logs.lines.some((l) => l.includes('database unavailable'))).toBe(true);
    expect(suite.logs.leaks()).toEqual([]);
  });
});
