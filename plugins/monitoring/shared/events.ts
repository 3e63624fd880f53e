/** The monitoring events, declared once: the sampler publishes them, the live panel listens to them. */
import type { Schemas } from '@portal/openapi';

export interface MonitoringEvents {
  /** A live sample while someone watches the section (`monitoring.sample` in room `server:<id>`). */
  sample: Schemas['MonitoringSample'];
}
