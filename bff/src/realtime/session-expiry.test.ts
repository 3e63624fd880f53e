/**
 * Issue 31, probe 3: a socket lives only as long as its session. After the idle timeout (`/me` → 401) or
 * a removal of the session, the socket gets no more server events, may not follow further servers, and
 * is disconnected (each instance checks its own sockets every SOCKET_SESSION_CHECK_SECONDS; revocations
 * reach every instance through the adapter).
 */
import { io as connect, type Socket } from 'socket.io-client';
import { Session } from '@portal/core/accounts';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { socketPath } from './gateway.ts';

const open = (server: TestServer, client: TestClient): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(server.url, { path: socketPath, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));
const disconnected = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (!socket.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.on('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

async function shopCluster(c: TestClient): Promise<{ id: number; web: number; lb: number }> {
  const list = await c.get('/api/v1/clusters?search=20011');
  const id = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
  const servers = (await c.get(`/api/v1/clusters/${id}`)).body.servers as { id: number; role: string }[];
  return { id, web: servers.find((s) => s.role === 'web')!.id, lb: servers.find((s) => s.role === 'loadbalancer')!.id };
}

describe('issue 31 probe 3: a socket ends with its session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ SOCKET_SESSION_CHECK_SECONDS: '1' }, { fixtures: false });
  });
  afterAll(() => server.stop());

  it('R7.018 after the idle timeout the socket gets no managed events, may not follow another server, and is disconnected', async () => {
    const admin = server.client();
    await admin.login(demoLogins.admin);
    const shop = await shopCluster(admin);
    const socket = await open(server, admin);
    try {
      expect(await socket.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: shop.lb })).toEqual({ ok: true });
      const got: string[] = [];
      socket.on('managed.change', () => got.push('managed.change'));
      socket.on('managed.job', () => got.push('managed.job'));

      server.clock.advance(61 * 60_000); // past the 60-minute idle expiry
      await server.deps.events.publish('managed.change', { serverId: shop.lb, diff: 'secret' }, { servers: [shop.lb] });
      await server.deps.events.publish('managed.job', { serverId: shop.lb, step: 'writing' }, { servers: [shop.lb] });
      await settle();
      expect(got).toEqual([]);
      if (socket.connected) expect(await socket.timeout(2000).emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: shop.web }).catch(() => ({ ok: false }))).toMatchObject({ ok: false });
      expect(await disconnected(socket, 3000)).toBe(true);
      expect((await admin.get('/api/v1/me')).status).toBe(401);
    } finally {
      socket.close();
    }
  });

  it('R7.018 an idle socket (no events, no requests) is disconnected once its session expired', async () => {
    const admin = server.client();
    await admin.login(demoLogins.admin);
    const socket = await open(server, admin);
    try {
      expect(await disconnected(socket, 1500)).toBe(false);
      server.clock.advance(61 * 60_000);
      expect(await disconnected(socket, 3000)).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('R7.018 a session removed behind the portal\'s back (another instance, an operator) ends its sockets too', async () => {
    const admin = server.client();
    await admin.login(demoLogins.admin);
    const shop = await shopCluster(admin);
    const socket = await open(server, admin);
    try {
      expect(await socket.emitWithAck('managed:subscribe', { clusterId: shop.id, serverId: shop.lb })).toEqual({ ok: true });
      await server.db.orm.em.fork().nativeDelete(Session, { user: { email: demoLogins.admin } });
      const got: string[] = [];
      socket.on('managed.change', () => got.push('managed.change'));
      await server.deps.events.publish('managed.change', { serverId: shop.lb, diff: 'secret' }, { servers: [shop.lb] });
      await settle();
      expect(got).toEqual([]);
      expect(await disconnected(socket, 3000)).toBe(true);
    } finally {
      socket.close();
    }
  });
});
