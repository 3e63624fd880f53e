import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import { findLiveSession } from '@portal/core/accounts';
import { managedCustomerIds, visibleClusterIds } from '@portal/core/clusters';
import type { DomainEvent } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { cookieNames } from '../http/cookies.ts';
import { localPortOf, logRefusedOrigin, originAllowed } from '../http/origin.ts';
import type { ManagedCenter } from '../managed/center.ts';
import { attachManagedRealtime } from '../managed/realtime.ts';

export const socketPath = '/a/ws';

const parseCookies = (header = ''): Record<string, string> =>
  Object.fromEntries(
    header
      .split(';')
      .map((p) => p.trim().split('='))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k, decodeURIComponent(v.join('='))]),
  );

/** The rooms an event goes to: `user:<id>`, `customer:<id>`, `cluster:<id>`, `server:<id>`. */
export const roomsOf = (event: DomainEvent): string[] => [
  ...(event.audience.users ?? []).map((id) => `user:${id}`),
  ...(event.audience.customers ?? []).map((id) => `customer:${id}`),
  ...(event.audience.clusters ?? []).map((id) => `cluster:${id}`),
  ...(event.audience.servers ?? []).map((id) => `server:${id}`),
];

/**
 * socket.io on the BFF's HTTP server at `/a/ws`. A socket is admitted only from an allowed Origin and
 * with a live session cookie; it joins its user's, customers' and clusters' rooms. Domain events are
 * emitted to the rooms of their audience (through the Redis adapter when configured).
 */
export async function attachRealtime(
  httpServer: HttpServer,
  deps: AppDeps,
  options: { managed?: ManagedCenter } = {},
): Promise<{ io: SocketServer; close(): Promise<void> }> {
  const { config } = deps;
  const io = new SocketServer(httpServer, {
    path: socketPath,
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const ok = !origin || originAllowed(config, origin, localPortOf(req));
      if (!ok) logRefusedOrigin(deps.logger, config, origin, 'socket');
      callback(null, ok);
    },
  });

  let closeRedis = async () => {};
  if (config.REDIS_URL) {
    const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
    const pub = createClient({ url: config.REDIS_URL });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closeRedis = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  io.use(async (socket, next) => {
    try {
      const token = parseCookies(socket.request.headers.cookie)[cookieNames(config.secure).session];
      const em = deps.orm.em.fork();
      const session = token ? await findLiveSession(em, token, deps.clock) : null;
      if (!session) return next(new Error('unauthenticated'));
      const userId = session.user.id;
      socket.data.userId = userId;
      const [customers, clusters] = await Promise.all([managedCustomerIds(em, userId), visibleClusterIds(em, userId)]);
      await socket.join([
        `user:${userId}`,
        `session:${session.id}`,
        ...customers.map((id) => `customer:${id}`),
        ...clusters.map((id) => `cluster:${id}`),
      ]);
      next();
    } catch (e) {
      deps.logger.error({ err: e }, 'socket authentication failed');
      next(new Error('unavailable'));
    }
  });

  // Managed Center: sockets may join `server:<id>` rooms of servers they administrate.
  const stopManaged = options.managed ? attachManagedRealtime(io, options.managed) : () => undefined;

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'session.ended') {
      io.in(`session:${(event.payload as { sessionId: string }).sessionId}`).disconnectSockets(true);
      return;
    }
    const rooms = roomsOf(event);
    if (rooms.length) io.to(rooms).emit(event.type, { payload: event.payload, occurredAt: event.occurredAt });
  });

  return {
    io,
    async close() {
      unsubscribe();
      stopManaged();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis();
    },
  };
}
