/**
 * nginx's log formats for the family's log views: access lines are the family's JSON format
 * (`log_format portal_json`), error lines nginx's own (`2026/11/22 14:00:00 [error] 12#12: *3 message, client: …`).
 */
import { emptyEntry, parseAccessLine, searchLog as searchWith, type LogEntry, type LogKind } from '@portal/plugin-sdk/webserver/shared';

export { linesAfter, parseAccessLine, SEARCH_WINDOW, type LogEntry, type LogKind } from '@portal/plugin-sdk/webserver/shared';

const errorLine = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2}) \[([a-z]+)\] \d+#\d+: (?:\*\d+ )?(.*)$/;

/** An error log line (`2026/11/22 14:00:00 [error] 12#12: *3 message, client: …`); the time is the server's local time. */
export function parseErrorLine(raw: string, line = 0): LogEntry {
  const entry = emptyEntry(raw, line);
  const m = errorLine.exec(raw);
  if (!m) return entry;
  const [, y, mo, d, h, mi, s, level, message] = m;
  const time = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return {
    ...entry,
    time: Number.isNaN(time.getTime()) ? null : time.toISOString(),
    level,
    message,
    client: /, client: ([^,]+)/.exec(message)?.[1] ?? null,
    uri: /, request: "[A-Z]+ ([^ "]+)/.exec(message)?.[1] ?? null,
  };
}

export const parseLine = (kind: LogKind, raw: string, line = 0) => (kind === 'access' ? parseAccessLine(raw, line) : parseErrorLine(raw, line));

/** Newest first, only lines containing `search` (case-insensitive), one page. */
export const searchLog = (kind: LogKind, lines: readonly string[], search: string | undefined, page: number, perPage: number) => searchWith(parseLine, kind, lines, search, page, perPage);
