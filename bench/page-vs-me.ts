/**
 * What does a server-rendered page cost compared to the API's cheapest signed-in answer? (issue 29)
 *
 * One portal (createTestServer over PGlite, or PostgreSQL with BENCH_POSTGRES_URL / DATABASE_URL), signed in as
 * the demo manager; in the same run and under the same load (autocannon in a worker thread: same connections,
 * warm-up and duration) it measures `GET /api/v1/me` and the server-rendered dashboard `GET /a/` (brotli, as a
 * browser asks for it), and prints requests/s, p50/p99 latency, the serving thread's CPU time per request and the
 * page's rate as a share of /me's (issue 29's goal: ≥ 25 %). Needs `npm run build` (frontend/dist-server).
 *
 *   node bench/page-vs-me.ts
 *   BENCH_PATHS=/a/,/a/invoices,/a/contracts node bench/page-vs-me.ts
 *
 * Tunables: BENCH_CONNECTIONS (10), BENCH_DURATION seconds (5), BENCH_WARMUP seconds (1).
 */
import fs from 'node:fs';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
// @ts-expect-error -- autocannon ships no type declarations; the part used here is typed below.
import autocannonUntyped from 'autocannon';

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
  cpuUs?: number;
}
type AutocannonRun = PromiseLike<unknown> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): unknown;
};
const autocannon = autocannonUntyped as {
  (options: Omit<Job, 'name' | 'warmup'> & { pipelining: number }): AutocannonRun;
  aggregateResult(
    results: unknown[],
    options: object,
  ): { requests: { total: number }; duration: number; errors: number; timeouts: number; non2xx: number };
};

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** Load generator (worker thread): a warm-up run (discarded), then the measured run. */
async function measure(job: Job): Promise<Figures> {
  const base = { url: job.url, connections: job.connections, pipelining: 1, headers: job.headers };
  await autocannon({ ...base, duration: job.warmup });
  const latencies: number[] = [];
  const run = autocannon({ ...base, duration: job.duration });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
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

/** One measurement in a fresh worker thread; the serving (main) thread's CPU time per request meanwhile. */
async function inWorker(job: Job): Promise<Figures> {
  const before = process.threadCpuUsage();
  const figures = await new Promise<Figures>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code && reject(new Error(`load generator exited with ${code}`)));
  });
  const cpu = process.threadCpuUsage(before);
  return { ...figures, cpuUs: (cpu.user + cpu.system) / (figures.requests * (1 + job.warmup / job.duration)) };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<void> {
  if (!fs.existsSync(new URL('../frontend/dist-server/entry-server.js', import.meta.url)))
    throw new Error('no server rendering built: run `npm run build`');
  const load = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    duration: Number(process.env.BENCH_DURATION ?? 5),
    warmup: Number(process.env.BENCH_WARMUP ?? 1),
  };
  const paths = (process.env.BENCH_PATHS ?? '/a/').split(',');
  const postgres = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL;
  const { createTestServer } = await import('../bff/src/testing.ts');
  if (postgres) process.env.DATABASE_URL = postgres;
  else delete process.env.DATABASE_URL;
  const portal = await createTestServer({ SERVER_RENDERING: '1' });
  try {
    const client = portal.client();
    const login = await client.login('manager@demo.example');
    if (login.status >= 300) throw new Error(`login failed: ${login.status}`);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const origin = portal.url.replace('localhost', '127.0.0.1');
    for (const path of ['/api/v1/me', ...paths]) {
      const probe = await fetch(origin + path, { headers: { cookie } });
      const body = await probe.text();
      if (probe.status !== 200 || (path.startsWith('/a/') && !body.includes('id="portal-ssr"')))
        throw new Error(`GET ${path} answered ${probe.status} without a server-rendered page`);
    }
    console.log(
      `Node ${process.version}, ${os.cpus()[0]?.model ?? os.arch()} (${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}); ${postgres ? 'PostgreSQL' : 'PGlite'}`,
    );
    console.log(
      `autocannon (worker thread): ${load.connections} connections, ${load.warmup} s warm-up + ${load.duration} s measured per target\n`,
    );
    const me = await inWorker({ name: 'GET /api/v1/me', url: `${origin}/api/v1/me`, headers: { cookie }, ...load });
    const rows = [me];
    for (const path of paths)
      rows.push(
        await inWorker({
          name: `GET ${path} (server-rendered, br)`,
          url: origin + path,
          headers: { cookie, 'accept-encoding': 'br, gzip' },
          ...load,
        }),
      );
    const header = ['target', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'share of /me', 'non-2xx'];
    const lines = [
      header,
      ...rows.map((f) => [
        f.name,
        fmt(f.requests),
        fmt(f.rps, 1),
        fmt(f.p50, 1),
        fmt(f.p99, 1),
        fmt(f.cpuUs ?? NaN),
        `${fmt((f.rps / me.rps) * 100, 2)} %`,
        fmt(f.non2xx + f.errors),
      ]),
    ];
    const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
    for (const l of lines) console.log(l.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  │  '));
    for (const f of rows.slice(1))
      console.log(
        `${f.name}: ${fmt((f.rps / me.rps) * 100, 2)} % of /me's req/s (goal ≥ 25 %: ${f.rps / me.rps >= 0.25 ? 'met' : 'NOT met'})`,
      );
  } finally {
    await portal.stop();
  }
}

if (!isMainThread) parentPort!.postMessage(await measure(workerData as Job));
else await main();
