/**
 * Several instances (issue 14): two real portal processes on one PostgreSQL and Redis behind a real nginx
 * on loopback, a steady load of reads and writes plus open sockets, and both instances restarted one after
 * the other (SIGTERM → graceful shutdown → start). No request may fail, no write may be lost or doubled,
 * and every socket must be back in its rooms afterwards.
 * Runs as a step of its own in `npm test` (SCALE_OUT_TEST=1), alone, so the load of other tests cannot make
 * nginx give up on an instance.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createTestDatabase, type TestDatabase } from '@portal/core/testing';
import { seedDemo } from '@portal/core/seed';
import { demoPassword } from '@portal/core/seed';
import { pluginRegistry } from './generated/plugins.ts';
import { loadPlugins } from './managed/plugins.ts';
import { freePort, Instance, LoopbackClient, startNginx, type Nginx } from './testing/cluster.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: TestDatabase;
let nginx: Nginx;
let instances: Instance[] = [];
let dataDir: string;
const openSockets: Socket[] = [];
const openClients: LoopbackClient[] = [];

beforeAll(async () => {
  // The instances are separate processes, so the database must be a server: PostgreSQL, which runs on every
  // development and CI machine (README); DATABASE_URL names another one.
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const plugins = await loadPlugins(pluginRegistry);
  db = await createTestDatabase({
    entities: plugins.entities as NonNullable<Parameters<typeof createTestDatabase>[0]>['entities'],
    migrations: plugins.migrations,
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
  await seedDemo(db.orm.em.fork(), { dataDir });
  const ports = [await freePort(), await freePort()];
  // Marked failed for 2 s after a failure, so the restarted instance gets its clients back between the restarts.
  // SCALE_DRAIN_MS / SCALE_WRITE_RETRY: experiments only (what the drain phase and the write retries buy, docs/operations.md).
  nginx = await startNginx(ports, { failTimeoutSeconds: 2, ...(process.env.SCALE_WRITE_RETRY ? { writeRetry: process.env.SCALE_WRITE_RETRY } : {}) });
  instances = ports.map(
    (port, i) =>
      new Instance(port, {
        NODE_ENV: 'production',
        DATABASE_URL: db.url!, // PostgreSQL (checked above), so the database has a URL
        REDIS_URL: redisUrl,
        PUBLIC_URL: nginx.url,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(dataDir, `instance-${i}`),
        // Rate limits live in Redis, shared with every other portal on this Redis (and earlier runs): not what this test is about.
        TOKEN_CREATE_LIMIT: '100000',
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_ACCOUNT_LIMIT: '1000',
        SHUTDOWN_DRAIN_MS: process.env.SCALE_DRAIN_MS ?? '3000',
      }),
  );
  await Promise.all(instances.map((i) => i.start()));
}, 240_000);

afterAll(async () => {
  for (const socket of openSockets) socket.disconnect();
  for (const client of openClients) client.close();
  await Promise.allSettled(instances.map((i) => i.stop()));
  await nginx?.stop();
  await db?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Side {
  client: LoopbackClient;
  email: string;
  userId: number;
  sockets: Socket[];
  updates: Map<Socket, number>;
  disconnects: number;
}

test('two instances behind nginx restarted one after the other under load: no failed request, no lost write, sockets back in their rooms', async () => {
  // Source addresses that ip_hash sends to different instances, so both carry load and sockets.
  const byUpstream = new Map<string, string>();
  for (let n = 1; n <= 40 && byUpstream.size < 2; n++) {
    const probe = new LoopbackClient(nginx.url, `127.0.${n}.1`);
    const res = await probe.request('GET', '/api/health');
    probe.close();
    const upstream = String(res.headers['x-upstream']);
    if (!byUpstream.has(upstream)) byUpstream.set(upstream, probe.localAddress);
  }
  expect(byUpstream.size).toBe(2);

  const sides: Side[] = [];
  for (const [i, address] of [...byUpstream.values()].entries()) {
    const client = new LoopbackClient(nginx.url, address);
    openClients.push(client);
    const email = i === 0 ? 'manager@demo.example' : 'admin@demo.example';
    const login = await client.request('POST', '/api/v1/session', { email, password: demoPassword });
    expect([login.status, login.body]).toEqual([200, expect.anything()]);
    const me = await client.request('GET', '/api/v1/me');
    const side: Side = { client, email, userId: (me.body as { id: number }).id, sockets: [], updates: new Map(), disconnects: 0 };
    for (let k = 0; k < 10; k++) {
      const socket = io(nginx.url, {
        path: '/a/ws',
        transports: ['websocket'],
        extraHeaders: { cookie: client.cookieHeader },
        localAddress: address,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
      } as Parameters<typeof io>[1]);
      side.updates.set(socket, 0);
      socket.on('user.updated', () => side.updates.set(socket, side.updates.get(socket)! + 1));
      socket.on('disconnect', () => side.disconnects++);
      // As the web app does: come back when the restarting instance says so.
      socket.on('server.restarting', ({ reconnectInMs }: { reconnectInMs: number }) => socket.io.reconnectionDelay(Math.min(reconnectInMs, 1_000)));
      side.sockets.push(socket);
      openSockets.push(socket);
    }
    sides.push(side);
  }
  const allConnected = async () => {
    const deadline = Date.now() + 20_000;
    while (sides.some((s) => s.sockets.some((k) => !k.connected))) {
      if (Date.now() > deadline) throw new Error('sockets did not (re)connect');
      await sleep(50);
    }
  };
  await allConnected();

  // Steady load: per side 4 loops of reads and writes (a new access token per write: a POST, counted afterwards).
  const failures: string[] = [];
  const created: string[] = [];
  let requests = 0;
  let running = true;
  const loops = sides.flatMap((side, s) =>
    Array.from({ length: 4 }, async (_, l) => {
      for (let n = 0; running; n++) {
        const step = n % 4;
        const name = `load-${s}-${l}-${n}`;
        const [method, url, body] =
          step === 0
            ? ['POST', '/api/v1/me/personal-access-tokens', { name, expires: 0, abilities: { global: true } }]
            : step === 1
              ? ['GET', '/api/v1/me/personal-access-tokens?perPage=5']
              : step === 2
                ? ['PATCH', '/api/v1/me/settings', { darkMode: n % 8 === 2 }]
                : ['GET', '/api/v1/me'];
        try {
          requests++;
          const res = await side.client.request(method as string, url as string, body);
          if (res.status >= 400) failures.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          else if (step === 0) created.push(name);
        } catch (e) {
          failures.push(`${method} ${url}: ${(e as Error).message}`);
        }
      }
    }),
  );

  await sleep(1_500);
  for (const instance of instances) {
    await instance.restart();
    // Past nginx's fail_timeout: the restarted instance takes its clients back before the next restart.
    await sleep(2_500);
  }
  running = false;
  await Promise.all(loops);

  expect(instances.map((i) => i.exitCodes)).toEqual([[0], [0]]);
  if (failures.length) {
    const errorLog = fs.readFileSync(path.join(nginx.dir, 'error.log'), 'utf8').split('\n').slice(-30).join('\n');
    console.log(`${failures.length} of ${requests} requests failed; first: ${failures.slice(0, 3).join(' | ').slice(0, 600)}\nnginx error.log (end):\n${errorLog}\ninstance logs:\n${instances.map((i) => i.log.slice(-1500)).join('\n---\n')}`);
  }
  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThan(100);
  // Every acknowledged write is stored exactly once (none lost, none doubled by a retry).
  const rows = await db.orm.em
    .fork()
    .getConnection()
    .execute<{ name: string }[]>(`select name from personal_access_tokens where name like 'load-%'`);
  expect(rows.map((r: { name: string }) => r.name).sort()).toEqual([...created].sort());

  // Sockets: the ones of each restarted instance were dropped and came back, and get their rooms' events again.
  await allConnected();
  for (const side of sides) expect(side.disconnects).toBeGreaterThanOrEqual(side.sockets.length);
  for (const side of sides) for (const socket of side.sockets) side.updates.set(socket, 0);
  for (const side of sides) expect((await side.client.request('PATCH', '/api/v1/me/settings', { container: 'fluid' })).status).toBe(200);
  const deadline = Date.now() + 10_000;
  while (sides.some((s) => [...s.updates.values()].some((n) => n === 0)) && Date.now() < deadline) await sleep(50);
  for (const side of sides) expect([...side.updates.values()].filter((n) => n === 0)).toHaveLength(0);

  console.log(`scale-out: ${requests} requests, ${created.length} tokens created, 0 failed; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}, 240_000);
