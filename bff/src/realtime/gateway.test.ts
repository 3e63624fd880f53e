import { io as connect, type Socket } from 'socket.io-client';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { socketPath } from './gateway.ts';

const open = (server: TestServer, client?: TestClient, origin?: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(server.url, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: {
        ...(client ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(origin ? { origin } : {}),
      },
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });

const next = (socket: Socket, event: string, ms = 3000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('real-time gateway', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.stop());

  it('R7.018 admits a socket with a live session and delivers its user room events only to that user', async () => {
    const anna = server.client();
    await anna.login(demoLogins.manager);
    const lukas = server.client();
    await lukas.login(demoLogins.other);
    const annaSocket = await open(server, anna);
    const lukasSocket = await open(server, lukas);
    let lukasGotIt = false;
    lukasSocket.on('user.updated', () => (lukasGotIt = true));
    const received = next(annaSocket, 'user.updated');
    await anna.request('PATCH', '/api/v1/me/settings', { darkMode: true });
    expect(await received).toMatchObject({ payload: { darkMode: true } });
    expect(lukasGotIt).toBe(false);
    await anna.request('PATCH', '/api/v1/me/settings', { darkMode: false });
    annaSocket.close();
    lukasSocket.close();
  });

  it('refuses a socket without a session and one from a foreign origin', async () => {
    await expect(open(server)).rejects.toThrow(/unauthenticated/);
    const c = server.client();
    await c.login(demoLogins.admin);
    await expect(open(server, c, 'https://evil.example')).rejects.toThrow();
  });

  it('disconnects the sockets of a session that logs out', async () => {
    const c = server.client();
    await c.login(demoLogins.partner);
    const socket = await open(server, c);
    const gone = next(socket, 'disconnect');
    await c.request('DELETE', '/api/v1/session');
    await expect(gone).resolves.toBeDefined();
  });
});

describe('real-time gateway on shutdown', () => {
  it('tells every connected client that the instance restarts and when to reconnect, then closes its socket', async () => {
    const server = await createTestServer();
    const c = server.client();
    await c.login(demoLogins.manager);
    const socket = await open(server, c);
    const hint = next(socket, 'server.restarting');
    const gone = next(socket, 'disconnect');
    await server.stop();
    const { reconnectInMs } = (await hint) as { reconnectInMs: number };
    expect(reconnectInMs).toBeGreaterThanOrEqual(500);
    expect(reconnectInMs).toBeLessThanOrEqual(2_500);
    await expect(gone).resolves.toBeDefined();
  });
});

describe('real-time gateway with Redis', () => {
  it('delivers an event published on one instance to a socket connected to another', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [a, b] = [await createTestServer(env), await createTestServer(env)];
    try {
      const browser = a.client();
      const login = await browser.login(demoLogins.manager);
      const socket = await open(a, browser);
      const received = next(socket, 'cluster.changed');
      // Published on instance b: only the Redis adapter can carry it to the socket on instance a.
      await b.deps.events.publish('cluster.changed', { id: 1 }, { users: [login.body.user.id] });
      expect(await received).toMatchObject({ payload: { id: 1 } });
      socket.close();
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
