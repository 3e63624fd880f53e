/**
 * apache's log formats for the family's log views: access lines are the family's JSON format (`LogFormat …
 * portal_json`), error lines apache's own
 * (`[Sat Nov 28 08:15:52.694608 2026] [authz_core:error] [pid 1:tid 2] [client 127.0.0.1:5] AH01630: message`).
 */
import { emptyEntry, parseAccessLine, type LogEntry, type LogKind } from '@portal/plugin-sdk/webserver/shared';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const errorLine = /^\[[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d+)? (\d{4})\] \[(?:[a-z0-9_]+:)?([a-z0-9]+)\] \[pid \d+(?::tid \d+)?\] (?:\[client ([^\]]+)\] )?(.*)$/;

/** An error log line; the time is the server's local time. */
export function parseErrorLine(raw: string, line = 0): LogEntry {
  const entry = emptyEntry(raw, line);
  const m = errorLine.exec(raw);
  if (!m) return entry;
  const [, mon, d, h, mi, s, y, level, client, message] = m;
  const time = new Date(Number(y), months.indexOf(mon), Number(d), Number(h), Number(mi), Number(s));
  return {
    ...entry,
    time: Number.isNaN(time.getTime()) || months.indexOf(mon) < 0 ? null : time.toISOString(),
    level,
    message,
    // `127.0.0.1:56366` → the address without the port (`[::1]:5` → `::1`).
    client: client ? client.replace(/^\[?([^\]]*?)\]?:\d+$/, '$1') : null,
  };
}

export const parseLine = (kind: LogKind, raw: string, line = 0): LogEntry => (kind === 'access' ? parseAccessLine(raw, line) : parseErrorLine(raw, line));
