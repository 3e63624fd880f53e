/**
 * A performance report from what the server measured itself:
 * - response times per URL from the web servers' access logs: the family's `portal_json` format (nginx
 *   `$request_time`, apache `%{ms}T`) under `/var/log/nginx` and `/var/log/apache2`, the newest lines of each;
 * - the cache hit ratio where the lines carry a cache state (`"cache"`: Varnish's `X-Cache` or nginx's
 *   `$upstream_cache_status` logged by the web server; HIT/MISS/…);
 * - PHP-FPM pool saturation from php-fpm's log (`server reached pm.max_children`, `seems busy`);
 * - the slowest requests;
 * - the key pages of the sites probed through the private web server (`probes.ts`: TTFB, compression, cache
 *   headers, image sizes);
 * - the slowest statements of the server's MariaDB since the previous report (the mysql module's slow-query log,
 *   parsed by the SDK's `@portal/plugin-sdk/mysql`, shared with the mysql module);
 * - links to the PHP profiles the profiler module captured of the same host and path (`profiles.ts`);
 * and the comparison with the previous report (before/after a configuration change).
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { listSites } from '@portal/plugin-sdk/webserver';
import { parseAccessLine } from '@portal/plugin-sdk/webserver/shared';
import type { CacheFigures, Comparison, FpmPool, PageProbe, PerformanceResult, QueryFigures, SlowRequest, Timing, UrlTiming } from '../shared/result.ts';
import { keyPages, probeSites, type ProbeOutcome } from './probes.ts';
import { linksFor, readProfiles, type ProfileMeta } from './profiles.ts';
import { readQueries, sameLogServer, type QuerySource } from './queries.ts';

export const logDirs = ['/var/log/nginx', '/var/log/apache2'] as const;
export const fpmLogs = ['/var/log/php8.2-fpm.log', '/var/log/php8.3-fpm.log', '/var/log/php8.4-fpm.log', '/var/log/php-fpm.log'] as const;
/** The newest lines read of each log. */
export const linesPerLog = 20_000;
const maxUrls = 50;
const maxSlowest = 20;

export interface AccessRecord {
  time: string | null;
  host: string | null;
  method: string | null;
  uri: string;
  status: number | null;
  durationMs: number;
  cache: 'hit' | 'miss' | null;
}

const cacheState = (v: unknown): AccessRecord['cache'] => {
  if (typeof v !== 'string') return null;
  const s = v.trim().toUpperCase();
  if (/^(HIT|STALE|UPDATING|REVALIDATED)/.test(s)) return 'hit';
  if (/^(MISS|EXPIRED|BYPASS|PASS)/.test(s)) return 'miss';
  return null;
};

/** The portal's own requests (this report's probes, shop-security's scan): not visitors, left out. */
const ownAgent = /^portal-(?:shop-performance|shop-security)\//;

/** The requests of access log lines with a duration (other lines and the portal's own requests are left out). */
export function accessRecords(lines: readonly string[]): AccessRecord[] {
  const out: AccessRecord[] = [];
  for (const raw of lines) {
    const e = parseAccessLine(raw);
    if (e.durationMs === null || e.uri === null) continue;
    let host: string | null = null;
    let cache: AccessRecord['cache'] = null;
    try {
      const j = JSON.parse(raw) as { host?: unknown; cache?: unknown; agent?: unknown };
      if (typeof j.agent === 'string' && ownAgent.test(j.agent)) continue;
      host = typeof j.host === 'string' && j.host !== '' && j.host !== '-' ? j.host : null;
      cache = cacheState(j.cache);
    } catch {
      // parseAccessLine read it, so it is JSON
    }
    out.push({ time: e.time, host, method: e.method, uri: e.uri, status: e.status, durationMs: e.durationMs, cache });
  }
  return out;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

export function timing(durations: readonly number[]): Timing | null {
  if (durations.length === 0) return null;
  const sorted = [...durations].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return { count: sorted.length, avgMs: Math.round(sum / sorted.length), p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), maxMs: sorted[sorted.length - 1]! };
}

const pathOf = (uri: string) => uri.split('?')[0]!.split('#')[0]! || '/';

/** Per URL (host + path), the URLs that cost the most time in total first (profile links: {@link withProfiles}). */
export function urlTimings(records: readonly AccessRecord[]): UrlTiming[] {
  const groups = new Map<string, AccessRecord[]>();
  for (const r of records) {
    const key = `${r.host ?? ''} ${pathOf(r.uri)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()]
    .map((rs) => ({
      host: rs[0]!.host,
      path: pathOf(rs[0]!.uri),
      ...timing(rs.map((r) => r.durationMs))!,
      errorRate: rs.filter((r) => (r.status ?? 0) >= 500).length / rs.length,
      profiles: [],
    }))
    .sort((a, b) => b.avgMs * b.count - a.avgMs * a.count || a.path.localeCompare(b.path))
    .slice(0, maxUrls);
}

export function slowest(records: readonly AccessRecord[]): SlowRequest[] {
  return [...records]
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, maxSlowest)
    .map((r) => ({ time: r.time, host: r.host, method: r.method, uri: r.uri.length > 1000 ? r.uri.slice(0, 1000) : r.uri, status: r.status, durationMs: r.durationMs, profiles: [] }));
}

export function cacheFigures(records: readonly AccessRecord[]): CacheFigures | null {
  const hits = records.filter((r) => r.cache === 'hit').length;
  const misses = records.filter((r) => r.cache === 'miss').length;
  return hits + misses === 0 ? null : { hits, misses, ratio: hits / (hits + misses) };
}

/** Pool saturation from php-fpm's log lines (`WARNING: [pool www] server reached pm.max_children setting (5), consider raising it`). */
export function fpmPools(lines: readonly string[]): FpmPool[] {
  const pools = new Map<string, FpmPool>();
  const pool = (name: string) => pools.get(name) ?? pools.set(name, { pool: name, maxChildrenReached: 0, busyWarnings: 0, maxChildren: null }).get(name)!;
  for (const line of lines) {
    const reached = /\[pool ([^\]]+)\] server reached (?:pm\.)?max_children setting \((\d+)\)/.exec(line);
    if (reached) {
      const p = pool(reached[1]!);
      p.maxChildrenReached++;
      p.maxChildren = Math.max(p.maxChildren ?? 0, Number(reached[2]));
      continue;
    }
    const busy = /\[pool ([^\]]+)\] seems busy/.exec(line);
    if (busy) pool(busy[1]!).busyWarnings++;
  }
  return [...pools.values()].sort((a, b) => a.pool.localeCompare(b.pool));
}

/** The differences to the previous report: p50/p95/avg, cache ratio, the URLs whose p95 moved most, the key pages' TTFB. */
export function compare(now: Pick<PerformanceResult, 'overall' | 'urls' | 'cache'> & { pages?: PageProbe[]; queries?: QueryFigures | null }, previous: { id: number; finishedAt: Date; result: PerformanceResult } | null): Comparison | null {
  const before = previous?.result;
  if (!previous || !before) return null;
  const earlier = new Map(before.urls.map((u) => [`${u.host ?? ''} ${u.path}`, u]));
  const urls = now.urls
    .flatMap((u) => {
      const b = earlier.get(`${u.host ?? ''} ${u.path}`);
      return b ? [{ host: u.host, path: u.path, p95BeforeMs: b.p95Ms, p95AfterMs: u.p95Ms }] : [];
    })
    .sort((a, b) => Math.abs(b.p95AfterMs - b.p95BeforeMs) - Math.abs(a.p95AfterMs - a.p95BeforeMs))
    .slice(0, 10);
  // Reports from before the probes have no pages.
  const probedBefore = new Map((before.pages ?? []).map((p) => [p.url, p]));
  const pages = (now.pages ?? []).flatMap((p) => {
    const b = probedBefore.get(p.url);
    return b ? [{ url: p.url, ttfbBeforeMs: b.ttfbMs, ttfbAfterMs: p.ttfbMs }] : [];
  });
  // Reports from before the slow log was read have none.
  // Statements compare only when both reports read the same server's log.
  const sameLog = sameLogServer(now.queries?.server, before.queries?.server);
  const q = now.queries?.status === 'on' && before.queries?.status === 'on' && sameLog ? { now: now.queries, before: before.queries } : null;
  const queries = q && { countBefore: q.before.count ?? 0, countAfter: q.now.count ?? 0, secondsBefore: q.before.totalSeconds ?? 0, secondsAfter: q.now.totalSeconds ?? 0 };
  if (!(now.overall && before.overall) && pages.length === 0 && !queries) return null;
  const both = now.overall && before.overall ? { now: now.overall, before: before.overall } : null;
  return {
    previousReportId: previous.id,
    previousAt: previous.finishedAt.toISOString(),
    p50DeltaMs: both ? both.now.p50Ms - both.before.p50Ms : null,
    p95DeltaMs: both ? both.now.p95Ms - both.before.p95Ms : null,
    avgDeltaMs: both ? both.now.avgMs - both.before.avgMs : null,
    cacheRatioDelta: now.cache && before.cache ? Math.round((now.cache.ratio - before.cache.ratio) * 1000) / 10 : null,
    urls,
    pages,
    queries,
  };
}

/** The profiles of each URL's and slow request's host and path captured in the access logs' window (`from`…`to`). */
export function withProfiles<T extends { host: string | null }>(rows: readonly T[], pathOfRow: (r: T) => string, profiles: readonly ProfileMeta[], window: { from: string | null; to: string | null }): (T & { profiles: UrlTiming['profiles'] })[] {
  return rows.map((r) => ({ ...r, profiles: linksFor(profiles, r.host, pathOf(pathOfRow(r)), window) }));
}

/** The report of what the access lines and php-fpm lines say (pure: the gateway part is {@link measure}). */
export function analyse(
  logs: { path: string; lines: readonly string[] }[],
  fpmLines: readonly string[] | null,
  previous: { id: number; finishedAt: Date; result: PerformanceResult } | null,
  probes: ProbeOutcome = { pages: [], images: [], findings: [] },
  database: { queries: QueryFigures | null; profiles: readonly ProfileMeta[] } = { queries: null, profiles: [] },
): PerformanceResult {
  const records = logs.flatMap((l) => accessRecords(l.lines));
  const times = records.flatMap((r) => (r.time ? [r.time] : [])).sort();
  const window = { from: times[0] ?? null, to: times[times.length - 1] ?? null };
  const partial = { overall: timing(records.map((r) => r.durationMs)), urls: withProfiles(urlTimings(records), (u) => u.path, database.profiles, window), cache: cacheFigures(records) };
  return {
    logs: logs.map((l) => l.path),
    ...window,
    ...partial,
    slowest: withProfiles(slowest(records), (r) => r.uri, database.profiles, window),
    fpm: fpmLines === null ? null : fpmPools(fpmLines),
    ...probes,
    queries: database.queries,
    comparison: compare({ ...partial, pages: probes.pages, queries: database.queries }, previous),
  };
}

/**
 * Reads the server's access logs and php-fpm log through the gateway, probes the key pages of its sites (`/` and
 * the most requested paths of the logs) through its private web server, reads MariaDB's slow log and the
 * profiler's profiles where the server runs them — the slow log of the cluster's database server (`database`)
 * where this one runs no MariaDB — and analyses it all.
 */
export async function measure(
  gateway: ServerGateway,
  previous: { id: number; finishedAt: Date; result: PerformanceResult } | null,
  progress: (fraction: number, step: 'logs' | 'fpm' | 'pages' | 'queries') => Promise<void>,
  server: { services: readonly string[] } = { services: [] },
  database: () => Promise<QuerySource | null> = async () => null,
): Promise<PerformanceResult> {
  const logs: { path: string; lines: string[] }[] = [];
  for (const [i, dir] of logDirs.entries()) {
    await progress(i / logDirs.length, 'logs');
    for (const name of await gateway.listFiles(dir))
      if (/access\.log$/.test(name)) logs.push({ path: `${dir}/${name}`, lines: await gateway.tail(`${dir}/${name}`, linesPerLog) });
  }
  await progress(0.4, 'fpm');
  let fpm: string[] | null = null;
  for (const path of fpmLogs) {
    const lines = await gateway.tail(path, linesPerLog);
    if (lines.length > 0) fpm = [...(fpm ?? []), ...lines];
  }
  await progress(0.5, 'pages');
  const records = logs.flatMap((l) => accessRecords(l.lines));
  const urls = urlTimings(records);
  const probes = await probeSites(gateway, keyPages(await listSites(gateway), urls), (f) => progress(0.5 + f * 0.45, 'pages'));
  await progress(0.95, 'queries');
  const queries = await readQueries(server.services.includes('mysql') ? { gateway, server: null } : await database(), previous?.result.queries ?? null);
  const since = records.flatMap((r) => (r.time ? [r.time] : [])).sort()[0] ?? null;
  const profiles = server.services.includes('profiler') && since ? await readProfiles(gateway, since) : [];
  return analyse(logs, fpm, previous, probes, { queries, profiles });
}
