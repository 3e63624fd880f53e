/**
 * How much does the portal cost per request compared to doing nothing at all? (issue 14)
 *
 * In one run on the same machine this measures
 *   (a) a bare `node:http` server answering the very same JSON bytes as the portal,
 *   (b) the authenticated `GET /api/v1/me` of the real portal (createTestServer: the full Koa stack,
 *       the principal cache, contract routing and response validation) over PGlite, and — when a
 *       PostgreSQL server is named — over PostgreSQL, each at full load and at half of bare's rate,
 * under the same load (autocannon: same connections, warm-up and duration), and prints requests/s,
 * p50 and p99 latency, the serving thread's busy time per request, and whether the targets are met
 * (≥ 50% of bare's req/s; p99 < 25 ms at half of bare's req/s). The servers run on the main thread;
 * autocannon runs in a worker thread of its own, so the load generator does not compete for the
 * servers' event loop.
 *
 *   npm run bench                                                               # PGlite only
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test npm run bench    # PGlite and PostgreSQL side by side
 *   (DATABASE_URL works too; each portal gets a throw-away database of its own)
 *
 * Tunables: BENCH_CONNECTIONS (10), BENCH_DURATION seconds (5), BENCH_WARMUP seconds (1).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
// @ts-expect-error -- autocannon ships no type declarations; the part used here is typed below.
import autocannonUntyped from 'autocannon';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
  headers: Record<string, string>;
  overallRate?: number;
}
/** The running instance: an EventEmitter that is also a promise of its (raw, inside a worker) result. */
type AutocannonRun = PromiseLike<unknown> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): unknown;
};
const autocannon = autocannonUntyped as {
  (options: AutocannonOptions): AutocannonRun;
  aggregateResult(results: unknown[], options: Omit<AutocannonOptions, 'duration'>): AutocannonResult;
};

interface Job {
  name: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
  warmup: number;
  /** Requests per second for all connections together (fixed load); unset: as fast as the server answers. */
  overallRate?: number;
}

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time of the serving (main) thread per request, µs: what one request costs the server, hardly affected by other load on the machine. */
  cpuUs?: number;
}

/** Percentile of ascending values (nearest rank). */
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/**
 * Load generator (worker thread): a warm-up run (discarded), then the measured run. Latencies come from
 * autocannon's `response` events (sub-millisecond resolution); its own latency histogram keeps whole
 * milliseconds only, which reads 0 for the bare server.
 */
async function measure(job: Job): Promise<Figures> {
  const base = { url: job.url, connections: job.connections, pipelining: 1, headers: job.headers, ...(job.overallRate ? { overallRate: job.overallRate } : {}) };
  await autocannon({ ...base, duration: job.warmup });
  const latencies: number[] = [];
  const run = autocannon({ ...base, duration: job.duration });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  // Inside a worker thread autocannon hands back its raw, encoded result; aggregate it as on the main thread.
  const r = autocannon.aggregateResult([await run], base);
  const sorted = Float64Array.from(latencies).sort();
  return {
    name: job.name,
    requests: r.requests.total,
    rps: r.requests.total / r.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs one measurement in a fresh worker thread (this same file); measures the serving thread's CPU time meanwhile. */
async function inWorker(job: Job): Promise<Figures> {
  const before = process.threadCpuUsage();
  const figures = await new Promise<Figures>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code && reject(new Error(`load generator exited with ${code}`)));
  });
  const cpu = process.threadCpuUsage(before);
  // Warm-up requests count too: they ran in the same window. Estimated from the measured rate.
  const all = figures.requests * (1 + job.warmup / job.duration);
  return { ...figures, cpuUs: (cpu.user + cpu.system) / all };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  │  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('──┼──');
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A portal over one database (PGlite when `databaseUrl` is undefined), signed in as the demo manager. */
async function startPortal(databaseUrl: string | undefined) {
  const { createTestServer } = await import('../bff/src/testing.ts');
  // The test database helper reads DATABASE_URL when it creates the database.
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const portal = await createTestServer();
  // One sign-in; every benchmark request carries the session cookie (a GET needs no CSRF header).
  const client = portal.client();
  const login = await client.login('manager@demo.example');
  if (login.status >= 300) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const url = `${portal.url.replace('localhost', '127.0.0.1')}/api/v1/me`;
  const probe = await fetch(url, { headers: { cookie } });
  const body = await probe.text();
  if (probe.status !== 200) throw new Error(`GET /api/v1/me answered ${probe.status}: ${body}`);
  return { portal, cookie, url, body };
}

async function main(): Promise<void> {
  const load = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    duration: Number(process.env.BENCH_DURATION ?? 5),
    warmup: Number(process.env.BENCH_WARMUP ?? 1),
  };
  // PGlite always; PostgreSQL too when a server is named (DATABASE_URL or BENCH_POSTGRES_URL).
  const postgres = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL;
  const databases: [string, string | undefined][] = [['PGlite', undefined], ...(postgres ? [['PostgreSQL', postgres] as [string, string]] : [])];

  // The bare server answers the very same bytes as the portal, so both transfer the same amount of data.
  const first = await startPortal(databases[0][1]);
  const payload = Buffer.from(first.body);
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
    res.end(payload);
  });
  bare.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  console.log(
    `Node ${process.version}, ${os.cpus()[0]?.model ?? os.arch()} (${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}); ` +
      `databases: ${databases.map(([n]) => n).join(', ')}`,
  );
  console.log(
    `autocannon (worker thread): ${load.connections} connections, ${load.warmup} s warm-up + ${load.duration} s measured per target; ` +
      `response body ${payload.length} bytes\n`,
  );

  const rows: Figures[] = [];
  let portalRun: Awaited<ReturnType<typeof startPortal>> | undefined = first;
  try {
    const raw = await inWorker({ name: 'bare node:http', url: bareUrl, headers: {}, ...load });
    rows.push(raw);
    const verdicts: string[] = [];
    for (const [i, [db, url]] of databases.entries()) {
      portalRun ??= await startPortal(url);
      const { cookie } = portalRun;
      const full = await inWorker({ name: `portal /me (${db}), full load`, url: portalRun.url, headers: { cookie }, ...load });
      const rate = Math.max(1, Math.round(raw.rps / 2));
      const half = await inWorker({ name: `portal /me (${db}), ${fmt(rate)} req/s`, url: portalRun.url, headers: { cookie }, ...load, overallRate: rate });
      rows.push(full, half);
      const share = full.rps / raw.rps;
      verdicts.push(
        `${db}: ${fmt(share * 100, 1)}% of bare node's req/s (target ≥ 50%: ${share >= 0.5 ? 'met' : 'NOT met'}); ` +
          `p99 at half of bare's rate ${fmt(half.p99, 2)} ms (target < 25 ms: ${half.p99 < 25 && !half.non2xx && !half.errors ? 'met' : 'NOT met'})`,
      );
      for (const f of [full, half])
        if (f.non2xx || f.errors) verdicts.push(`warning: ${f.name} answered ${f.non2xx} non-2xx responses and had ${f.errors} errors; not comparable`);
      await portalRun.portal.stop();
      portalRun = undefined;
      void i;
    }
    console.log(
      table([
        ['target', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'non-2xx', 'errors'],
        ...rows.map((f) => [f.name, fmt(f.requests), fmt(f.rps), fmt(f.p50, 2), fmt(f.p99, 2), fmt(f.cpuUs ?? NaN, 0), fmt(f.non2xx), fmt(f.errors)]),
      ]),
    );
    console.log(`\n${verdicts.join('\n')}`);
    console.log(
      'server CPU µs/req: CPU time of the serving thread per request (user + system, warm-up included; the portal also runs its background jobs there), comparable between runs on a busy machine',
    );
  } finally {
    bare.closeAllConnections();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await portalRun?.portal.stop();
  }
}

// Dispatch last, once every declaration above is initialised: the main thread serves, a worker loads.
if (!isMainThread) {
  parentPort!.postMessage(await measure(workerData as Job));
} else {
  await main();
}
