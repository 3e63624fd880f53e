/** The monitoring section's data types (from the contract) and its real-time event. */
import type { QueryOf, ResponseOf } from '@portal/openapi';

export type RangeId = NonNullable<QueryOf<'getMonitoringMetrics'>['range']>;
export const rangeIds: readonly RangeId[] = ['1h', '24h', '7d'];
export type Series = ResponseOf<'getMonitoringMetrics'>;
export type LiveSample = ResponseOf<'watchMonitoring'>['sample'];
export type ServiceState = ResponseOf<'listMonitoringServices'>['data'][number];

declare module '@portal/plugin-sdk/web' {
  interface ServerEvents {
    /** A live sample while someone watches the section (published by the plugin's sampler). */
    'monitoring.sample': LiveSample;
  }
}
