/**
 * Typed real-time events of room `server:<id>`. Platform events are listed here; a plugin declares
 * its own (published as `<id>.<type>`) by augmenting the interface in its web code:
 *
 * ```ts
 * declare module '@portal/plugin-sdk/web' {
 *   interface ServerEvents { 'monitoring.sample': LiveSample }
 * }
 * ```
 */
import type { ResponseOf } from '@portal/openapi';

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
