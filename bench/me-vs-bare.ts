/**
 * How much does the portal cost per request compared to doing nothing at all?
 *
 * In one run on the same machine this measures
 *   (a) the authenticated `GET /api/v1/me` of the real portal (createTestServer: the full Koa stack,
 *       session lookup in the database, contract routing and response validation), and
 *   (b) a bare `node:http` server answering the very same JSON bytes,
 * under the same load (autocannon: same connections, warm-up and duration) and prints requests/s,
 * p50 and p99 latency of both and their ratio. The servers run on the main thread; autocannon runs
 * in a worker thread of its own, so the load generator does not compete for the servers' event loop.
 *
 *   npm run bench                                                        # embedded PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   # a throw-away PostgreSQL database
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
}

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
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
  const base = { url: job.url, connections: job.connections, pipelining: 1, headers: job.headers };
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

/** Runs one measurement in a fresh worker thread (this same file). */
function inWorker(job: Job): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code && reject(new Error(`load generator exited with ${code}`)));
  });
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  │  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('──┼──');
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<void> {
  // Imported here, not at the top: the load-generating worker runs this file too and needs none of it.
  const { createTestServer } = await import('../bff/src/testing.ts');

  const load = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    duration: Number(process.env.BENCH_DURATION ?? 5),
    warmup: Number(process.env.BENCH_WARMUP ?? 1),
  };

  const portal = await createTestServer();
  let bare: http.Server | undefined;
  try {
    // One sign-in; every benchmark request carries the session cookie (a GET needs no CSRF header).
    const client = portal.client();
    const login = await client.login('manager@demo.example');
    if (login.status >= 300) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const probe = await fetch(`${portal.url}/api/v1/me`, { headers: { cookie } });
    const body = await probe.text();
    if (probe.status !== 200) throw new Error(`GET /api/v1/me answered ${probe.status}: ${body}`);

    // The bare server answers the very same bytes, so both transfer the same amount of data.
    const payload = Buffer.from(body);
    bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
      res.end(payload);
    });
    bare.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const portalUrl = `${portal.url.replace('localhost', '127.0.0.1')}/api/v1/me`;

    console.log(
      `Node ${process.version}, ${os.cpus()[0]?.model ?? os.arch()} (${os.availableParallelism()} CPUs); ` +
        `database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory'}`,
    );
    console.log(
      `autocannon (worker thread): ${load.connections} connections, ${load.warmup} s warm-up + ${load.duration} s measured per target; ` +
        `response body ${payload.length} bytes\n`,
    );

    const me = await inWorker({ name: 'portal GET /api/v1/me', url: portalUrl, headers: { cookie }, ...load });
    const raw = await inWorker({ name: 'bare node:http', url: bareUrl, headers: {}, ...load });

    console.log(
      table([
        ['target', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
        ...[me, raw].map((f) => [f.name, fmt(f.requests), fmt(f.rps), fmt(f.p50, 2), fmt(f.p99, 2), fmt(f.non2xx), fmt(f.errors)]),
        ['ratio bare : portal', '', `${fmt(raw.rps / me.rps, 1)}×`, `${fmt(me.p50 / raw.p50, 1)}×`, `${fmt(me.p99 / raw.p99, 1)}×`, '', ''],
      ]),
    );
    console.log(
      '\nratio: req/s = bare ÷ portal (how many times more the bare server serves); latency = portal ÷ bare (how many times longer the portal takes)',
    );
    if (me.non2xx || me.errors)
      console.warn(
        `\nwarning: the portal answered ${me.non2xx} non-2xx responses and had ${me.errors} errors; the figures are not comparable`,
      );
  } finally {
    if (bare) {
      bare.closeAllConnections();
      await new Promise<void>((resolve) => bare!.close(() => resolve()));
    }
    await portal.stop();
  }
}

// Dispatch last, once every declaration above is initialised: the main thread serves, a worker loads.
if (!isMainThread) {
  parentPort!.postMessage(await measure(workerData as Job));
} else {
  await main();
}
