/**
 * Typed real-time events of room `server:<id>`. Platform events are listed here; a plugin adds its
 * own (published as `<id>.<type>`) from the one event map its server publishes with
 * (`shared/events.ts`, see `../events.ts`), by augmenting the interface in its web code:
 *
 * ```ts
 * declare module '@portal/plugin-sdk/web' {
 *   // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
 *   interface ServerEvents extends ServerEventsOf<'monitoring', MonitoringEvents> {}
 * }
 * ```
 */
import type { ResponseOf } from '@portal/openapi';

export type { ServerEventsOf } from '../events.ts';

export type ManagedJob = ResponseOf<'getManagedJob'>;
export type ManagedChange = ResponseOf<'listManagedChanges'>['data'][number];
export type ServerMetricsView = ResponseOf<'getServerMetrics'>;

export interface ServerEvents {
  /** An apply or rollback job changed (queued, a step, finished). */
  'managed.job': ManagedJob;
  /** A change of the server's change log was recorded or changed its status. */
  'managed.change': ManagedChange;
  /** A job found files someone changed on the server and stopped before writing (`job.drift`; issue 30: a webhook). */
  'managed.drift.detected': { jobId: number; pluginId: string; serverId: number; paths: string[] };
  /** Current load, memory and disk of the server. */
  'managed.metrics': { serverId: number; metrics: ServerMetricsView };
}

export type ServerEventType = keyof ServerEvents & string;
