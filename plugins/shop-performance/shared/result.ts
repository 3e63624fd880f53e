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
}

export interface SlowRequest {
  time: string | null;
  host: string | null;
  method: string | null;
  uri: string;
  status: number | null;
  durationMs: number;
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

export interface Comparison {
  previousReportId: number;
  previousAt: string;
  /** Positive: slower now. */
  p50DeltaMs: number;
  p95DeltaMs: number;
  avgDeltaMs: number;
  /** Percentage points, `null` when either report has no cache figures. */
  cacheRatioDelta: number | null;
  /** URLs in both reports whose p95 changed most. */
  urls: { host: string | null; path: string; p95BeforeMs: number; p95AfterMs: number }[];
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
  comparison: Comparison | null;
}
