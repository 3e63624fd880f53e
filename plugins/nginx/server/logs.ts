/**
 * A domain's access and error log: parsing the lines (the portal's JSON access format, nginx's error
 * format), searching and paging them newest first, and finding the lines a live tail has not sent yet.
 */
export type LogKind = 'access' | 'error';

export interface LogEntry {
  line: number;
  time: string | null;
  client: string | null;
  method: string | null;
  uri: string | null;
  status: number | null;
  bytes: number | null;
  referer: string | null;
  userAgent: string | null;
  durationMs: number | null;
  level: string | null;
  message: string | null;
  raw: string;
}

/** How many of the newest lines a search looks at. */
export const SEARCH_WINDOW = 10_000;
const MAX_RAW = 4000;

const empty = (raw: string, line: number): LogEntry => ({
  line,
  time: null,
  client: null,
  method: null,
  uri: null,
  status: null,
  bytes: null,
  referer: null,
  userAgent: null,
  durationMs: null,
  level: null,
  message: null,
  raw: raw.length > MAX_RAW ? `${raw.slice(0, MAX_RAW)}…` : raw,
});

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' && v !== '-' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const isoTime = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
};

/** An access log line in the `portal_json` format (anything else stays raw). */
export function parseAccessLine(raw: string, line = 0): LogEntry {
  const entry = empty(raw, line);
  if (!raw.startsWith('{')) return entry;
  try {
    const j = JSON.parse(raw) as Record<string, unknown>;
    const duration = num(j.duration);
    return {
      ...entry,
      time: isoTime(j.time),
      client: str(j.client),
      method: str(j.method),
      uri: str(j.uri),
      status: num(j.status),
      bytes: num(j.bytes),
      referer: str(j.referer),
      userAgent: str(j.agent),
      durationMs: duration === null ? null : Math.round(duration * 1000),
    };
  } catch {
    return entry;
  }
}

const errorLine = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2}) \[([a-z]+)\] \d+#\d+: (?:\*\d+ )?(.*)$/;

/** An error log line (`2026/11/22 14:00:00 [error] 12#12: *3 message, client: …`); the time is the server's local time. */
export function parseErrorLine(raw: string, line = 0): LogEntry {
  const entry = empty(raw, line);
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
export function searchLog(kind: LogKind, lines: readonly string[], search: string | undefined, page: number, perPage: number): { data: LogEntry[]; total: number } {
  const needle = search?.trim().toLowerCase();
  const matches: { raw: string; line: number }[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const raw = lines[i];
    if (!raw) continue;
    if (!needle || raw.toLowerCase().includes(needle)) matches.push({ raw, line: lines.length - i });
  }
  const start = (page - 1) * perPage;
  return { data: matches.slice(start, start + perPage).map((m) => parseLine(kind, m.raw, m.line)), total: matches.length };
}

/**
 * The lines of `next` (the newest lines of a file now) that follow what `previous` ended with. The
 * last lines of `previous` are looked up in `next`; when they are gone (rotated, or more new lines
 * than `next` holds) every line of `next` is new.
 */
export function linesAfter(previous: readonly string[], next: readonly string[]): string[] {
  if (!previous.length) return [...next];
  // The longest anchor first (fewer false matches among repeated lines), then shorter ones (the
  // window of `next` may have moved past the older lines of `previous`).
  for (let size = Math.min(5, previous.length); size >= 1; size--) {
    const anchor = previous.slice(-size);
    for (let end = next.length - 1; end >= size - 1; end--) {
      let ok = true;
      for (let k = 0; k < size && ok; k++) ok = next[end - size + 1 + k] === anchor[k];
      if (ok) return next.slice(end + 1);
    }
  }
  return [...next];
}
