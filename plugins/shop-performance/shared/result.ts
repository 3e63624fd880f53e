/** What a performance report measured (the result of a `shop-performance` report, stored as JSON). */
export interface Timing {
  count: number;
  avgMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface UrlTiming extends Timing {
  /** Host and path without the query string. */
  host: string | null;
  path: string;
  /** Share of answers with a 5xx status, 0–1. */
  errorRate: number;
  /** Profiles of this host and path in the report's window, the slowest first (at most 3). */
  profiles: ProfileLink[];
}

/** A PHP profile the profiler module captured of a request to the same host and path in the report's window. */
export interface ProfileLink {
  /** The profiler's id of it (`?profile=<id>` in the profiler section opens it). */
  id: string;
  startedAt: string;
  durationMs: number;
}

export interface SlowRequest {
  time: string | null;
  host: string | null;
  method: string | null;
  uri: string;
  status: number | null;
  durationMs: number;
  /** Profiles of the same host and path, the slowest first (at most 3); empty without the profiler. */
  profiles: ProfileLink[];
}

/** Statements of one shape in the report's window of MariaDB's slow-query log. */
export interface SlowQueryFigures {
  /** Numbers, strings and `IN` lists as `?`. */
  statement: string;
  count: number;
  totalSeconds: number;
  avgSeconds: number;
  maxSeconds: number;
  /** The most rows one run examined. */
  rowsExamined: number;
  lastAt: string | null;
}

/**
 * The slowest statements of the server's MariaDB (the mysql module's slow-query log) in the report's window:
 * since the previous report read it (`from`; `null`: the log's newest lines) until this one did (`until`).
 */
export interface QueryFigures {
  /** `on`: read; `off`: the slow log is off (turn it on in the mysql section); `no_mysql`: the server runs no MariaDB of the portal. */
  status: 'on' | 'off' | 'no_mysql';
  /** `long_query_time`: statements slower than this are logged. */
  thresholdSeconds: number | null;
  /**
   * The cluster's server whose MariaDB was read when this server runs none (its database server); `null`: this
   * server's own, or none. Absent in reports stored before the database server was read (presented as `null`).
   */
  server: { id: number; name: string } | null;
  from: string | null;
  /** The newest statement's time in the log when read (`null`: none yet). */
  until: string | null;
  /** How many statements of the second `until` were read (the next report's window begins after them). */
  untilCount: number;
  /** All statements of the window (not only those listed); `null` unless `on`. */
  count: number | null;
  totalSeconds: number | null;
  /** The statement shapes costing the most time in all their runs first (at most 20). */
  statements: SlowQueryFigures[];
}

export interface CacheFigures {
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0–1. */
  ratio: number;
}

export interface FpmPool {
  pool: string;
  /** How often the pool reached `pm.max_children` (requests waited). */
  maxChildrenReached: number;
  /** How often php-fpm said the pool "seems busy". */
  busyWarnings: number;
  /** The highest `pm.max_children` it named. */
  maxChildren: number | null;
}

/** A key page asked through the private web server (the median of its runs). */
export interface PageProbe {
  url: string;
  /** The site's name and the web server serving it. */
  site: string;
  server: 'nginx' | 'apache';
  status: number;
  /** How many of the runs answered (the times are their median). */
  runs: number;
  /** To the answer's head, and to its last byte (milliseconds to 0.1: a loopback answer takes less than one). */
  ttfbMs: number;
  totalMs: number;
  /** Body bytes as sent, and uncompressed (`null`: too large to unpack here). */
  wireBytes: number;
  bytes: number | null;
  contentType: string | null;
  /** `Content-Encoding` offered for `Accept-Encoding: gzip, br` (`null`: not compressed). */
  encoding: string | null;
  cacheControl: string | null;
  expires: string | null;
  age: string | null;
  /** `X-Cache`, else `X-Varnish`. */
  xCache: string | null;
}

/** An `<img src>` of a probed page on the same site. */
export interface ImageProbe {
  url: string;
  /** The page it is on. */
  page: string;
  status: number;
  bytes: number;
  contentType: string | null;
}

export interface PerfFinding {
  kind: 'not_compressed' | 'no_cache_headers' | 'large_image' | 'slow_ttfb' | 'unreachable';
  severity: 'high' | 'medium' | 'low';
  url: string;
  site: string;
  server: 'nginx' | 'apache';
  evidence: string;
  /** What fixes it in the site's web server's syntax; `null` where no directive does. */
  directive: string | null;
}

export interface Comparison {
  previousReportId: number;
  previousAt: string;
  /** Positive: slower now; `null` when either report read no requests from the access logs. */
  p50DeltaMs: number | null;
  p95DeltaMs: number | null;
  avgDeltaMs: number | null;
  /** Percentage points, `null` when either report has no cache figures. */
  cacheRatioDelta: number | null;
  /** URLs in both reports whose p95 changed most. */
  urls: { host: string | null; path: string; p95BeforeMs: number; p95AfterMs: number }[];
  /** Key pages probed in both reports: their TTFB before and now. */
  pages: { url: string; ttfbBeforeMs: number; ttfbAfterMs: number }[];
  /** The slow log's totals in both reports' windows; `null` unless both read it. */
  queries: { countBefore: number; countAfter: number; secondsBefore: number; secondsAfter: number } | null;
}

export interface PerformanceResult {
  /** The access logs read (server paths). */
  logs: string[];
  /** First and last request time read. */
  from: string | null;
  to: string | null;
  overall: Timing | null;
  urls: UrlTiming[];
  slowest: SlowRequest[];
  /** `null`: no request carried a cache state (no Varnish or proxy cache in front). */
  cache: CacheFigures | null;
  /** `null`: no php-fpm log on the server. */
  fpm: FpmPool[] | null;
  /** Key pages probed through the private web server, their images, and what they show. */
  pages: PageProbe[];
  images: ImageProbe[];
  findings: PerfFinding[];
  /** `null` only in reports from before the slow log was read. */
  queries: QueryFigures | null;
  comparison: Comparison | null;
}
