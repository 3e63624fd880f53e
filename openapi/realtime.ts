/**
 * The real-time channel (socket.io at `/a/ws`, §7) as types: the one event map the BFF's server
 * (`Server<ClientToServerEvents, ServerToClientEvents, …, SocketData>`) and the web app's sockets
 * (`Socket<ServerToClientEvents, ClientToServerEvents>`) are declared with, so an event's name and payload
 * are written once. Domain events reach the browser as `{ payload, occurredAt }` under their type; the map lists
 * the ones the web app listens to with their payload. The BFF forwards every domain event by its type (a plugin's
 * `<id>.<type>` too, typed in the SDK's `ServerEvents`): that one dynamic emit is the gateway's `forward`.
 */
import type { ResponseOf } from './index.ts';

/** What a domain event becomes on the channel. */
export interface RealtimeMessage<T = unknown> {
  payload: T;
  occurredAt: string;
}

/** The events of room `server:<id>` the platform publishes (plugins add theirs in the SDK's `ServerEvents`). */
export interface ManagedServerEvents {
  /** An apply or rollback job changed (queued, a step, finished). */
  'managed.job': ResponseOf<'getManagedJob'>;
  /** A change of the server's change log was recorded or changed its status. */
  'managed.change': ResponseOf<'listManagedChanges'>['data'][number];
  /** A job found files someone changed on the server and stopped before writing (`job.drift`; issue 30: a webhook). */
  'managed.drift.detected': { jobId: number; pluginId: string; serverId: number; paths: string[] };
  /** Current load, memory and disk of the server (every few seconds while anyone follows it). */
  'managed.metrics': { serverId: number; metrics: ResponseOf<'getServerMetrics'> };
}

/** The payloads of the domain events the web app reacts to. */
export interface DomainEventPayloads extends ManagedServerEvents {
  /** The user's settings or profile changed (another tab answers with a refetch unless it made the change: `origin`). */
  'user.updated': { id: number; origin?: string };
  /** A notice for the user (notification centre). */
  'notification.created': { kind: string; values: Record<string, unknown>; link?: string | null };
  /** An order moved on (pending → … → completed). */
  'order.changed': { type: string; number: string; status: string };
}

type DomainEventListeners = { [Type in keyof DomainEventPayloads]: (message: RealtimeMessage<DomainEventPayloads[Type]>) => void };

/** From the BFF to the browser. */
export interface ServerToClientEvents extends DomainEventListeners {
  /** The instance shuts down (graceful restart): reconnect after this delay, to whichever instance answers. */
  'server.restarting': (message: { reconnectInMs: number }) => void;
}

/** A server of a cluster, as the Managed Center's subscription names it. */
export interface ServerRef {
  clusterId: number;
  serverId: number;
}

/** The answer to a subscription: `error` is a translation key (`errors.forbidden`, …). */
export interface SubscribeReply {
  ok: boolean;
  error?: string;
}

/** From the browser to the BFF. */
export interface ClientToServerEvents {
  /** Follow a server's room (`server:<id>`); the same access check as the API decides. */
  'managed:subscribe': (server: ServerRef, ack: (reply: SubscribeReply) => void) => void;
  'managed:unsubscribe': (server: ServerRef) => void;
}

/** What the BFF keeps on an admitted socket. */
export interface SocketData {
  userId: number;
  sessionId: string;
}
