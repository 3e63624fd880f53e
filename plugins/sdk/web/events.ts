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
import type { ManagedServerEvents } from '@portal/openapi/realtime';

export type { ServerEventsOf } from '../events.ts';

export type ManagedJob = ResponseOf<'getManagedJob'>;
export type ManagedChange = ResponseOf<'listManagedChanges'>['data'][number];
export type ServerMetricsView = ResponseOf<'getServerMetrics'>;

/** The platform's events (declared once, in the real-time channel's event map); plugins add theirs by augmenting. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the channel's event map
export interface ServerEvents extends ManagedServerEvents {}

export type ServerEventType = keyof ServerEvents & string;
