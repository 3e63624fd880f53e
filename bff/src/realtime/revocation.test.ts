/**
 * Issue 8, defect 1: a socket's room membership follows authorization. After an administrator's role
 * on a cluster is revoked, the open socket leaves the cluster's and its servers' rooms at once (on
 * every instance, through the Redis adapter), and sensitive server events (diffs, job output, log
 * lines) are checked against the receiver's current rights when emitted.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { ClusterAdministrator } from '@portal/core/clusters';
import { User } from '@portal/core/accounts';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { socketPath } from './gateway.ts';

const open = (server: TestServer, client: TestClient): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(server.url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });

/** Collects every event of the given types a socket receives. */
const record = (socket: Socket, types: string[]) => {
  const got: string[] = [];
  for (const t of types) socket.on(t, () => got.push(t));
  return got;
};
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

async function shopCluster(c: TestClient): Promise<{ id: number; lb: number }> {
  const list = await c.get('/api/v1/clusters?search=20011');
  const id = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
  const detail = (await c.get(`/api/v1/clusters/${id}`)).body;
  return { id, lb: detail.servers.find((s: { role: string }) => s.role === 'loadbalancer').id };
}

const sensitive = ['managed.change', 'managed.job', 'nginx.log', 'cluster.changed'];

/** Publishes one of each sensitive event on an instance, for the shop cluster and its load balancer. */
async function publishAll(server: TestServer, shop: { id: number; lb: number }) {
  await server.deps.events.publish('managed.change', { serverId: shop.lb, diff: '--- crontab\n+++ crontab\n+* * * * * secret' }, { servers: [shop.lb] });
  await server.deps.events.publish('managed.job', { serverId: shop.lb, step: 'writing' }, { servers: [shop.lb] });
  await server.deps.events.publish('nginx.log', { serverId: shop.lb, line: '10.0.0.1 GET /private' }, { servers: [shop.lb] });
  await server.deps.events.publish('cluster.changed', { id: shop.id }, { clusters: [shop.id] });
}

describe('issue 8 defect 1: room membership follows authorization', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({}, { fixtures: false });
  });
  afterAll(() => server.stop());

  it('R7.018 a revoked administrator\'s open socket leaves the cluster and server rooms at once', async () => {
    const admin = server.client();
    const login = await admin.login(demoLogins.admin);
    const shop = await shopCluster(admin);
    const socket = await open(server, admin);
    try {
      expect(await socket.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: shop.lb })).toEqual({ ok: true });
      const before = record(socket, sensitive);
      await publishAll(server, shop);
      await settle();
      expect(before.sort()).toEqual([...sensitive].sort());
      socket.removeAllListeners();

      const revoked = await admin.request('POST', '/api/v1/me/permissions/contracts/revoke', { email: login.body.user.email, contract_id: shop.id });
      expect(revoked.status).toBe(204);
      expect((await admin.get(`/api/v1/clusters/${shop.id}`)).status).toBe(404);

      const after = record(socket, sensitive);
      await publishAll(server, shop);
      await settle();
      expect(after).toEqual([]);
      expect(await socket.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: shop.lb })).toEqual({ ok: false, error: 'errors.cluster_not_found' });
    } finally {
      socket.close();
    }
  });

  it('checks server events against the receiver\'s current rights even when no event announced the change', async () => {
    const manager = server.client();
    await manager.login(demoLogins.manager);
    const shop = await shopCluster(manager);
    const em = server.db.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: demoLogins.manager });
    // The manager administrates the shop cluster too (as in the demo); follow its load balancer.
    const wasAdmin = await em.count(ClusterAdministrator, { cluster: shop.id, user: user.id });
    if (!wasAdmin) {
      em.create(ClusterAdministrator, { cluster: shop.id, user: user.id } as never);
      await em.flush();
    }
    const socket = await open(server, manager);
    try {
      expect(await socket.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: shop.lb })).toEqual({ ok: true });
      // The role disappears behind the portal's back (another instance's database write, an operator).
      await em.nativeDelete(ClusterAdministrator, { cluster: shop.id, user: user.id });
      const got = record(socket, ['managed.change', 'managed.job', 'nginx.log']);
      await publishAll(server, shop);
      await settle();
      expect(got).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe('issue 8 defect 1 across instances (Redis adapter)', () => {
  it('a revocation on one instance removes the socket connected to another from the rooms', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = [await createTestServer(env, { fixtures: false }), await createTestServer(env, { fixtures: false })];
    try {
      // The same demo user on both instances (each test instance has its own, identically seeded database).
      const onA = a.client();
      await onA.login(demoLogins.admin);
      const onB = b.client();
      const login = await onB.login(demoLogins.admin);
      const shop = await shopCluster(onA);
      const socket = await open(a, onA);
      try {
        expect(await socket.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: shop.lb })).toEqual({ ok: true });
        const before = record(socket, sensitive);
        await publishAll(a, shop);
        await settle();
        expect(before.sort()).toEqual([...sensitive].sort());
        socket.removeAllListeners();

        // Revoked through instance b: only the adapter can reach the socket on instance a.
        expect((await onB.request('POST', '/api/v1/me/permissions/contracts/revoke', { email: login.body.user.email, contract_id: shop.id })).status).toBe(204);
        const after = record(socket, sensitive);
        // Published on instance a, whose own database still has the role: the rooms alone decide.
        await a.deps.events.publish('cluster.changed', { id: shop.id }, { clusters: [shop.id] });
        await a.deps.events.publish('managed.change', { serverId: shop.lb, diff: 'secret' }, { servers: [shop.lb] });
        await settle();
        expect(after.filter((t) => t === 'cluster.changed')).toEqual([]);
        expect(after).toEqual([]);
      } finally {
        socket.close();
      }
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
