/**
 * The slowest statements of the server's MariaDB for a report — or, where the server runs none, of its cluster's
 * database server (read-only, `ReportRunContext.peer`): the mysql module's slow-query log, read through this
 * plugin's gateway and parsed by the SDK's parser (`@portal/plugin-sdk/mysql`, the mysql module's too). Whether the
 * log is on, and its threshold, come from the mysql module's rendered options file (`60-portal.cnf`).
 *
 * The window: the statements logged after those the previous report read (its `until` and `untilCount`; the first
 * report: the log's newest 20 000 lines) — so a report before and one after a configuration change each hold only
 * their own statements. Times are the log's own (`SET timestamp=`), not the portal's clock.
 */
import { groupSlowLog, mysqlConfigPath, readSlowLog, slowLogEntries, slowLogSettings, type SlowLogEntry } from '@portal/plugin-sdk/mysql';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { QueryFigures } from '../shared/result.ts';

const maxStatements = 20;

/** The figures of the entries after the previous report's (pure: the gateway part is {@link readQueries}). */
export function queryFigures(
  entries: readonly SlowLogEntry[],
  settings: { thresholdSeconds: number | null; server?: QueryFigures['server'] },
  previous: Pick<QueryFigures, 'until' | 'untilCount'> | null,
): QueryFigures {
  let inWindow = entries;
  if (previous?.until) {
    const until = Date.parse(previous.until);
    let sameSecond = 0;
    inWindow = entries.filter((e) => {
      const at = e.at === null ? NaN : Date.parse(e.at);
      if (at === until) return ++sameSecond > previous.untilCount;
      return at > until;
    });
  }
  const timed = entries.filter((e) => e.at !== null);
  const until = timed.length ? timed.map((e) => e.at!).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : (previous?.until ?? null);
  const untilCount = until === null ? 0 : entries.filter((e) => e.at !== null && Date.parse(e.at) === Date.parse(until)).length;
  const totalSeconds = Math.round(inWindow.reduce((sum, e) => sum + e.seconds, 0) * 1e6) / 1e6;
  return {
    status: 'on',
    thresholdSeconds: settings.thresholdSeconds,
    server: settings.server ?? null,
    from: previous?.until ?? null,
    until,
    untilCount,
    count: inWindow.length,
    totalSeconds,
    statements: groupSlowLog(inWindow, { limit: maxStatements, by: 'total' }).map((s) => ({
      statement: s.statement,
      count: s.count,
      totalSeconds: s.totalSeconds,
      avgSeconds: Math.round((s.totalSeconds / s.count) * 1e6) / 1e6,
      maxSeconds: s.maxSeconds,
      rowsExamined: s.rowsExamined,
      lastAt: s.lastAt,
    })),
  };
}

/**
 * Whether two reads of the slow log are of the same server's log (`null`/absent: this server's; reports stored before
 * the database server was read have no `server`): only then do a window mark and a before/after comparison carry over.
 */
export const sameLogServer = (a: { id: number } | null | undefined, b: { id: number } | null | undefined) => (a?.id ?? null) === (b?.id ?? null);

/** Where the slow log is read: this server's gateway (`server: null`), or the read-only one of the cluster's database server. */
export interface QuerySource {
  gateway: ServerGateway;
  server: { id: number; name: string } | null;
}

/** Not read: the figures say why (`no_mysql`, `off`) instead of showing zero. */
const unavailable = (
  status: 'off' | 'no_mysql',
  thresholdSeconds: number | null,
  server: QuerySource['server'],
  previous: Pick<QueryFigures, 'until' | 'untilCount'> | null,
): QueryFigures => ({
  status,
  thresholdSeconds,
  server,
  from: null,
  // The previous report's mark is kept, so a report after the log is turned on again starts where it ended.
  until: previous?.until ?? null,
  untilCount: previous?.untilCount ?? 0,
  count: null,
  totalSeconds: null,
  statements: [],
});

/**
 * The slowest statements since the previous report of the MariaDB at `source` (this server's, or the cluster's
 * database server's). `no_mysql` without a source (no server of the cluster runs MariaDB of the mysql module); `off`
 * when its options say the slow log is off (or the module never applied them and there is no log). The previous
 * report's window mark counts only when it read the same server's log (another log's clock is not this one's).
 */
export async function readQueries(source: QuerySource | null, previous: QueryFigures | null): Promise<QueryFigures> {
  const sameLog = previous && sameLogServer(previous.server, source?.server) ? previous : null;
  if (!source) return unavailable('no_mysql', null, null, sameLog);
  const { gateway, server } = source;
  const settings = slowLogSettings(await gateway.readFile(mysqlConfigPath));
  const lines = settings?.on === false ? [] : await readSlowLog(gateway);
  if (!settings?.on && lines.length === 0) return unavailable('off', settings?.thresholdSeconds ?? null, server, sameLog);
  return queryFigures(slowLogEntries(lines), { thresholdSeconds: settings?.thresholdSeconds ?? null, server }, sameLog);
}
