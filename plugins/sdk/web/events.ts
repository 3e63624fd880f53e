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
import type { ServerEventsOf } from '../events.ts';
import type { ReportEvents } from '../reports/shared.ts';

export type { ServerEventsOf } from '../events.ts';

export type ManagedJob = ResponseOf<'getManagedJob'>;
export type ManagedChange = ResponseOf<'listManagedChanges'>['data'][number];
export type ServerMetricsView = ResponseOf<'getServerMetrics'>;

/**
 * The report part's progress of every plugin that has one (`<pluginId>.report`, `defineReports`), from its one
 * event map (`../reports/shared.ts`): a pattern, so the SDK's `ReportList`/`ReportDetail` listen for any plugin.
 */
export type ReportServerEvents = ServerEventsOf<string, ReportEvents>;

/** The platform's events (declared once, in the real-time channel's event map); plugins add theirs by augmenting. */
export interface ServerEvents extends ManagedServerEvents, ReportServerEvents {}

export type ServerEventType = keyof ServerEvents & string;
