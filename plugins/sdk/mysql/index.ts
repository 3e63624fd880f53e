/**
 * MariaDB's slow-query log as the mysql module writes it (`slow_query_log_file` in its rendered
 * `60-portal.cnf`), read by more than one plugin: the mysql module lists its slowest statements, shop-performance
 * puts those of a report's window into the report. Pure (no runtime import): the mysql module's `program.ts`, which
 * the generator loads, takes its paths from here.
 *
 * An entry as MariaDB 10.11 writes it:
 *
 *     # Time: 261128 11:35:12
 *     # User@Host: shop[shop] @ localhost []
 *     # Thread_id: 8  Schema: shop  QC_hit: No
 *     # Query_time: 2.500000  Lock_time: 0.000100  Rows_sent: 1  Rows_examined: 50000
 *     # Rows_affected: 0  Bytes_sent: 78
 *     SET timestamp=1795865712;
 *     SELECT * FROM orders WHERE customer = 'x' AND id > 17;
 *
 * `# Time:` is written only when the second changes (the server's local time); `SET timestamp=` (seconds since
 * the epoch) comes with every entry and is what an entry's time is taken from.
 */
import type { ServerGateway } from '../gateway.ts';

/** Server paths of the mysql module: its rendered options file and the slow log it names there. */
export const mysqlConfigPath = '/etc/mysql/mariadb.conf.d/60-portal.cnf';
export const mysqlSlowLogPath = '/var/log/mysql/mariadb-slow.log';
/** How many of the slow log's newest lines are read. */
export const slowLogLines = 20_000;

/** One statement of the slow log. */
export interface SlowLogEntry {
  /** When it ran (ISO, to the second; `null`: the log named no time before it). */
  at: string | null;
  seconds: number;
  rowsExamined: number;
  /** The statement with numbers and strings as `?` (see {@link fingerprint}), at most 2000 characters. */
  digest: string;
}

/** Statements of one shape. */
export interface SlowStatement {
  /** The normalised statement (numbers, strings and `IN` lists as `?`). */
  statement: string;
  count: number;
  maxSeconds: number;
  totalSeconds: number;
  /** The most rows one run examined. */
  rowsExamined: number;
  lastAt: string | null;
}

/** Numbers and strings → `?`, `IN (?, ?, …)` → `IN (?)`, whitespace folded: one entry per statement shape. */
export const fingerprint = (sql: string) =>
  sql
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, '?')
    .replace(/\b\d+(\.\d+)?\b/g, '?')
    .replace(/\bIN\s*\(\s*\?(?:\s*,\s*\?)*\s*\)/gi, 'IN (?)')
    .replace(/\s+/g, ' ')
    .trim();

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The statements of slow-log lines, in the log's order (`SET timestamp`, `use` and the log's header left out). */
export function slowLogEntries(lines: readonly string[]): SlowLogEntry[] {
  const out: SlowLogEntry[] = [];
  let at: string | null = null;
  let seconds = 0;
  let rows = 0;
  let statement: string[] = [];
  const flush = () => {
    const sql = statement.join(' ').trim();
    statement = [];
    if (!sql || /^(SET timestamp=|use )/i.test(sql)) return;
    out.push({ at, seconds, rowsExamined: rows, digest: fingerprint(sql.replace(/;$/, '')).slice(0, 2000) });
  };
  for (const line of lines) {
    const time = /^# Time: (\d{6}) +(\d{1,2}):(\d\d):(\d\d)/.exec(line);
    if (time) {
      flush();
      const d = time[1]!;
      at = `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}T${time[2]!.padStart(2, '0')}:${time[3]}:${time[4]}Z`;
      continue;
    }
    const q = /^# Query_time: ([\d.]+)\s+Lock_time: [\d.]+\s+Rows_sent: \d+\s+Rows_examined: (\d+)/.exec(line);
    if (q) {
      flush();
      seconds = Number(q[1]);
      rows = Number(q[2]);
      continue;
    }
    const stamp = /^SET timestamp=(\d+);$/.exec(line);
    if (stamp) {
      at = iso(Number(stamp[1]) * 1000);
      continue;
    }
    if (line.startsWith('#') || /^use [^ ]+;$/.test(line)) continue;
    if (/^\/usr\/sbin\/mariadbd|^\S*mariadbd, Version:|^Tcp port:|^Time +Id Command/.test(line)) continue;
    statement.push(line);
  }
  flush();
  return out;
}

/** Entries grouped by statement shape: the slowest single run first (`max`) or the most time in all runs (`total`). */
export function groupSlowLog(entries: readonly SlowLogEntry[], options: { limit: number; by?: 'max' | 'total' }): SlowStatement[] {
  const groups = new Map<string, SlowStatement>();
  for (const e of entries) {
    const g = groups.get(e.digest) ?? { statement: e.digest, count: 0, maxSeconds: 0, totalSeconds: 0, rowsExamined: 0, lastAt: null };
    g.count += 1;
    g.maxSeconds = Math.max(g.maxSeconds, e.seconds);
    g.totalSeconds = Math.round((g.totalSeconds + e.seconds) * 1e6) / 1e6;
    g.rowsExamined = Math.max(g.rowsExamined, e.rowsExamined);
    if (e.at) g.lastAt = e.at;
    groups.set(e.digest, g);
  }
  const key = options.by === 'total' ? (s: SlowStatement) => s.totalSeconds : (s: SlowStatement) => s.maxSeconds;
  return [...groups.values()].sort((a, b) => key(b) - key(a) || a.statement.localeCompare(b.statement)).slice(0, options.limit);
}

/** The slow-query log's entries grouped by statement, the slowest single run first. */
export const parseSlowLog = (lines: readonly string[], limit: number): SlowStatement[] => groupSlowLog(slowLogEntries(lines), { limit });

/** What the mysql module's rendered options say about the slow log (`null`: no such file, the module never applied). */
export function slowLogSettings(cnf: string | null): { on: boolean; thresholdSeconds: number | null } | null {
  if (cnf === null) return null;
  const value = (name: string) => new RegExp(`^\\s*${name}\\s*=\\s*([^\\s#;]+)`, 'm').exec(cnf)?.[1];
  const on = value('slow_query_log');
  const threshold = Number(value('long_query_time'));
  return { on: on === '1' || on?.toUpperCase() === 'ON', thresholdSeconds: Number.isFinite(threshold) && value('long_query_time') !== undefined ? threshold : null };
}

/** The newest lines of the slow log through a gateway that may read it. */
export const readSlowLog = (gateway: ServerGateway, lines = slowLogLines) => gateway.tail(mysqlSlowLogPath, lines);
