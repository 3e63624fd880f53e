/** The nginx events, declared once: the log tail publishes them (server/tail.ts), the logs page listens to them. */
import type { Schemas } from '@portal/openapi';

export interface NginxEvents {
  /** New lines of a followed log (`nginx.log` in room `server:<id>`, while someone follows it). */
  log: { vhostId: number; kind: 'access' | 'error'; entries: Schemas['NginxLogEntry'][] };
}
