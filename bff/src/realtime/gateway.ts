import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { ClientToServerEvents, DomainEventPayloads, RealtimeMessage, ServerToClientEvents, SocketData } from '@portal/openapi/realtime';
import { findLiveSession, onCredentialsRevoked, Session } from '@portal/core/accounts';
import { managedCustomerIds, Server, visibleClusterIds } from '@portal/core/clusters';
import type { DomainEvent } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { cookieNames } from '../http/cookies.ts';
import { localPortOf, logRefusedOrigin, originAllowed } from '../http/origin.ts';
import type { ManagedCenter } from '../managed/center.ts';
import { attachManagedRealtime } from '../managed/realtime.ts';

export const socketPath = '/a/ws';

/** The socket.io server of the real-time channel, typed by the one event map (`@portal/openapi/realtime`). */
export type RealtimeServer = SocketServer<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * A domain event under its own type: the event bus carries any type (a plugin's `<id>.<type>` too), so this
 * is the one emit the event map cannot check; the payloads the web app reads are declared in the map.
 */
const forward = (target: { emit: RealtimeServer['emit'] }, event: DomainEvent): void => {
  const message: RealtimeMessage = { payload: event.payload, occurredAt: event.occurredAt };
  target.emit(event.type as keyof DomainEventPayloads, message as RealtimeMessage<never>);
};

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
): Promise<{ io: RealtimeServer; close(): Promise<void> }> {
  const { config } = deps;
  const io: RealtimeServer = new SocketServer(httpServer, {
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
      socket.data.sessionId = session.id;
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

  /**
   * A socket lives only as long as its session (issue 31): the session must not have expired (idle or
   * absolute) nor been removed. Checked when a socket subscribes to a server, before every server event,
   * on every revocation of sessions, and every SOCKET_SESSION_CHECK_SECONDS for this instance's sockets.
   */
  /** The ids among these whose sessions still live: one query for any number of sockets. */
  const liveSessionIds = async (ids: Iterable<string>): Promise<Set<string>> => {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Set();
    const live = await deps.orm.em.fork().find(Session, { id: { $in: wanted }, expiresAt: { $gt: deps.clock.now() } }, { fields: ['id'] });
    return new Set(live.map((x) => x.id));
  };
  const sessionLive = async (sessionId: string | undefined): Promise<boolean> => typeof sessionId === 'string' && (await liveSessionIds([sessionId])).has(sessionId);
  /** Disconnects this instance's sockets whose session ended; each instance sweeps its own. */
  const sweepSessions = async (): Promise<void> => {
    const bySession = new Map<string, { disconnect(close: boolean): unknown }[]>();
    for (const socket of io.of('/').sockets.values()) {
      const id = socket.data.sessionId;
      bySession.set(id, [...(bySession.get(id) ?? []), socket]);
    }
    if (!bySession.size) return;
    const live = await liveSessionIds(bySession.keys());
    for (const [id, sockets] of bySession) if (!live.has(id)) for (const socket of sockets) socket.disconnect(true);
  };
  let sweeping = false;
  const sweepTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepSessions()
      .catch((e) => deps.logger.warn({ err: e }, 'socket session check failed'))
      .finally(() => (sweeping = false));
  }, config.SOCKET_SESSION_CHECK_SECONDS * 1000);
  sweepTimer.unref();
  // Sessions ended by a password change or reset, a sign-out elsewhere, …: their sockets on every instance
  // (through the adapter) end once the removal is committed (the listener hears it again after the commit).
  const stopRevocations = onCredentialsRevoked((revocation) => {
    for (const id of revocation.sessions ?? [])
      void sessionLive(id)
        .then((live) => (live ? undefined : io.in(`session:${id}`).disconnectSockets(true)))
        .catch((e) => deps.logger.warn({ err: e }, 'socket session check failed'));
  });

  // Managed Center: sockets may join `server:<id>` rooms of servers they administrate.
  const stopManaged = options.managed ? attachManagedRealtime(io, options.managed, { sessionLive: (socket) => sessionLive(socket.data.sessionId) }) : () => undefined;

  /** Whether a user may follow a server right now (the Managed Center's one access check). */
  const mayFollowServer = async (userId: number, serverId: number): Promise<boolean> => {
    if (!options.managed) return false;
    const server = await deps.orm.em.fork().findOne(Server, { id: serverId }, { fields: ['cluster'] });
    if (!server) return false;
    try {
      await options.managed.authorizeRoom(userId, server.cluster.id, serverId);
      return true;
    } catch {
      return false;
    }
  };

  /**
   * Room membership follows authorization (issue 8, defect 1): after a user's roles changed, every
   * socket of the user — on every instance, through the adapter — leaves the customer, cluster and
   * server rooms it may no longer see and joins the ones it newly may.
   */
  const resyncRooms = async (userId: number): Promise<void> => {
    const sockets = await io.in(`user:${userId}`).fetchSockets();
    if (!sockets.length) return;
    const em = deps.orm.em.fork();
    const [customers, clusters] = await Promise.all([managedCustomerIds(em, userId), visibleClusterIds(em, userId)]);
    const wanted = new Set([...customers.map((id) => `customer:${id}`), ...clusters.map((id) => `cluster:${id}`)]);
    const servers = new Map<string, Promise<boolean>>();
    for (const socket of sockets) {
      for (const room of socket.rooms) {
        if ((room.startsWith('customer:') || room.startsWith('cluster:')) && !wanted.has(room)) socket.leave(room);
        if (room.startsWith('server:')) {
          if (!servers.has(room)) servers.set(room, mayFollowServer(userId, Number(room.slice('server:'.length))));
          if (!(await servers.get(room))) socket.leave(room);
        }
      }
      const missing = [...wanted].filter((r) => !socket.rooms.has(r));
      if (missing.length) socket.join(missing);
    }
  };

  /**
   * Events for a server's room carry sensitive payloads (diffs, job output, log lines, figures): each
   * receiving socket's user is checked against the current rights when the event is emitted; a socket
   * that may no longer follow the server gets nothing and leaves the room.
   */
  const emitToServerRooms = async (event: DomainEvent, serverIds: number[]): Promise<void> => {
    const rooms = serverIds.map((id) => `server:${id}`);
    const sockets = await io.in(rooms).fetchSockets();
    const verdicts = new Map<string, Promise<boolean>>();
    // One query for the sessions of every receiving socket (metrics reach every follower every few seconds).
    const live = await liveSessionIds(sockets.map((socket) => socket.data.sessionId));
    for (const socket of sockets) {
      const userId = socket.data.userId;
      const room = rooms.find((r) => socket.rooms.has(r));
      if (!room) continue;
      if (!live.has(socket.data.sessionId)) {
        socket.disconnect(true);
        continue;
      }
      const key = `${userId}:${room}`;
      if (!verdicts.has(key)) verdicts.set(key, mayFollowServer(userId, Number(room.slice('server:'.length))));
      if (await verdicts.get(key)) forward(socket, event);
      else for (const r of rooms) if (socket.rooms.has(r)) socket.leave(r);
    }
  };

  const unsubscribe = deps.events.subscribe(async (event) => {
    try {
      if (event.type === 'session.ended') {
        io.in(`session:${(event.payload as { sessionId: string }).sessionId}`).disconnectSockets(true);
        return;
      }
      if (event.type === 'permissions.changed') await resyncRooms((event.payload as { userId: number }).userId);
      const servers = event.audience.servers ?? [];
      const rooms = roomsOf({ ...event, audience: { ...event.audience, servers: [] } });
      if (rooms.length) {
        const op = io.to(rooms);
        forward(servers.length ? op.except(servers.map((id) => `server:${id}`)) : op, event);
      }
      if (servers.length) await emitToServerRooms(event, servers);
    } catch (e) {
      deps.logger.error({ err: e, event: event.type }, 'real-time delivery failed');
    }
  });

  return {
    io,
    async close() {
      unsubscribe();
      stopManaged();
      stopRevocations();
      clearInterval(sweepTimer);
      // Graceful shutdown (issue 14): tell every client that this instance goes away and when to come back, so
      // they reconnect (to another instance behind the balancer) spread out instead of all at once.
      for (const socket of io.of('/').sockets.values()) socket.emit('server.restarting', { reconnectInMs: 500 + Math.floor(Math.random() * 2_000) });
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis();
    },
  };
}
