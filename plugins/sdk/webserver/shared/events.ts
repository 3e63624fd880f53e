/** The events of a member of the family (`<id>.log`), declared once: the live tail publishes them, the logs page listens. */
import type { LogEntry, LogKind } from './logs.ts';

export interface WebServerEvents {
  /** New lines of a followed log (`<id>.log` in room `server:<id>`, while someone follows it). */
  log: { vhostId: number; kind: LogKind; entries: LogEntry[] };
}
