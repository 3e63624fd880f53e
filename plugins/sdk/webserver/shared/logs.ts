/**
 * A site's access and error log: the portal's JSON access format (every web server of the family writes
 * it: nginx `log_format portal_json`, apache `LogFormat`), searching and paging lines newest first with
 * the dialect's parser, and finding the lines a live tail has not sent yet. The error format is the dialect's.
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
    // Seconds (nginx `$request_time`) or milliseconds (apache `%{ms}T`).
    const duration = num(j.duration);
    const ms = num(j.durationMs);
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
      durationMs: ms ?? (duration === null ? null : Math.round(duration * 1000)),
    };
  } catch {
    return entry;
  }
}

/** A dialect's reading of one log line (its error format; access lines are {@link parseAccessLine}). */
export type LineParser = (kind: LogKind, raw: string, line?: number) => LogEntry;

/** An entry with every field but `raw` empty: the start of a dialect's error line parser. */
export const emptyEntry = empty;

/** Newest first, only lines containing `search` (case-insensitive), one page. */
export function searchLog(parseLine: LineParser, kind: LogKind, lines: readonly string[], search: string | undefined, page: number, perPage: number): { data: LogEntry[]; total: number } {
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
