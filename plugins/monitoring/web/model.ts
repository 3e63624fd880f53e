/** The monitoring section's data types (from the contract) and its real-time event. */
import type { ResponseOf } from '@portal/openapi';
import type { ServerEventsOf, StatsRange } from '@portal/plugin-sdk/web';
import type { MonitoringEvents } from '../shared/events.ts';

export type RangeId = StatsRange;
export type Series = ResponseOf<'getMonitoringMetrics'>;
/** The payload of `monitoring.sample` (declared once, in `shared/events.ts`). */
export type LiveSample = MonitoringEvents['sample'];
export type ServiceState = ResponseOf<'listMonitoringServices'>['data'][number];

declare module '@portal/plugin-sdk/web' {
  // The events of `shared/events.ts` under their published names (`monitoring.sample`), typed for `useServerEvent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
  interface ServerEvents extends ServerEventsOf<'monitoring', MonitoringEvents> {}
}
export { statsRangeIds as rangeIds } from '@portal/plugin-sdk/web';
