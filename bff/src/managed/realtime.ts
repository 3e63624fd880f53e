/**
 * The Managed Center on the real-time channel: a socket asks to follow a server
 * (`managed:subscribe { clusterId, serverId }`, answered by an acknowledgement), the same access check
 * as the API decides, and the socket joins room `server:<id>` — where apply jobs report progress
 * (`managed.job`), changes land (`managed.change`) and live figures arrive (`managed.metrics`, every
 * few seconds while anyone follows the server).
 */
import type { Socket } from 'socket.io';
import type { ClientToServerEvents, ServerRef, ServerToClientEvents, SocketData, SubscribeReply } from '@portal/openapi/realtime';
import { isDomainError } from '@portal/core/platform';
import type { ManagedCenter } from './center.ts';
import type { RealtimeServer } from '../realtime/gateway.ts';

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const METRICS_INTERVAL_MS = 5000;

type Ack = (reply: SubscribeReply) => void;

/** The event map types what a browser should send; what arrives is checked all the same. */
const ids = (msg: unknown): ServerRef | undefined => {
  const { clusterId, serverId } = (msg ?? {}) as { clusterId?: unknown; serverId?: unknown };
  return Number.isSafeInteger(clusterId) && Number.isSafeInteger(serverId) ? { clusterId: clusterId as number, serverId: serverId as number } : undefined;
};

/** Wires subscribe/unsubscribe on every socket and the metrics push; returns the stop function. */
export function attachManagedRealtime(io: RealtimeServer, center: ManagedCenter, session: { sessionLive(socket: RealtimeSocket): Promise<boolean> }): () => void {
  io.on('connection', (socket) => {
    socket.on('managed:subscribe', async (msg: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      const target = ids(msg);
      if (!target) return reply({ ok: false, error: 'errors.bad_request' });
      try {
        // A socket whose session expired or was removed follows nothing more (issue 31) and ends.
        if (!(await session.sessionLive(socket))) {
          reply({ ok: false, error: 'errors.unauthenticated' });
          socket.disconnect(true);
          return;
        }
        await center.authorizeRoom(socket.data.userId, target.clusterId, target.serverId);
        await socket.join(`server:${target.serverId}`);
        reply({ ok: true });
      } catch (e) {
        reply({ ok: false, error: isDomainError(e) ? e.message : 'errors.unavailable' });
      }
    });
    socket.on('managed:unsubscribe', async (msg: unknown) => {
      const target = ids(msg);
      if (target) await socket.leave(`server:${target.serverId}`);
    });
  });

  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      // Only this instance's sockets: every instance measures for its own followers.
      const rooms = [...io.of('/').adapter.rooms.entries()].filter(([name, members]) => name.startsWith('server:') && members.size > 0);
      for (const [room] of rooms) {
        const serverId = Number(room.slice('server:'.length));
        const metrics = await center.gateway(serverId).metrics();
        io.local.to(room).emit('managed.metrics', { payload: { serverId, metrics }, occurredAt: metrics.at });
      }
    } catch (e) {
      center.deps.logger.warn({ err: e }, 'managed metrics push failed');
    } finally {
      busy = false;
    }
  }, METRICS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
