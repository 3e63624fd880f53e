/**
 * Profiles the authenticated `GET /api/v1/me` (issue 14): starts one portal (PostgreSQL when
 * BENCH_POSTGRES_URL / DATABASE_URL is set, PGlite otherwise), signs in, and loads it with autocannon
 * from a worker thread for BENCH_DURATION seconds (10). Run under `node --cpu-prof --cpu-prof-dir=<dir>`
 * to see where the serving thread spends its time; `node bench/profile-summary.ts <file>.cpuprofile`
 * summarises the profile. Also: BENCH_PATH (another path than /api/v1/me), BENCH_MARKERS=1 (prints LOAD START/END
 * around the load, e.g. to read `--trace-gc` output of the load only), BENCH_HEAP_PROFILE=<file> (sampled heap left
 * by the load; BENCH_HEAP_ALL=1 with everything allocated, BENCH_HEAP_ALL=major with what survived scavenges).
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
// @ts-expect-error -- autocannon ships no type declarations.
import autocannon from 'autocannon';

interface Job {
  url: string;
  cookie: string;
  duration: number;
}

if (!isMainThread) {
  const job = workerData as Job;
  const run = (duration: number) =>
    new Promise((resolve, reject) =>
      (autocannon as (o: object, cb: (e: unknown, r: unknown) => void) => void)(
        { url: job.url, connections: 10, duration, headers: { cookie: job.cookie } },
        (e, r) => (e ? reject(e) : resolve(r)),
      ),
    );
  await run(1);
  await run(job.duration);
  parentPort!.postMessage('done');
} else {
  const { createTestServer } = await import('../bff/src/testing.ts');
  const postgres = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (postgres) process.env.DATABASE_URL = postgres;
  const portal = await createTestServer();
  try {
    const client = portal.client();
    await client.login('manager@demo.example');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = `${portal.url.replace('localhost', '127.0.0.1')}${process.env.BENCH_PATH ?? '/api/v1/me'}`;
    // BENCH_HEAP_PROFILE=<file>: what the load left alive on the heap (sampled), written before the portal stops.
    const heapFile = process.env.BENCH_HEAP_PROFILE;
    const inspector = heapFile ? new (await import('node:inspector/promises')).Session() : undefined;
    if (inspector) {
      inspector.connect();
      await inspector.post('HeapProfiler.startSampling', { samplingInterval: 4096, ...(process.env.BENCH_HEAP_ALL ? { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_ALL !== 'major' } : {}) });
    }
    let requests = 0;
    portal.server.on('request', () => requests++);
    if (process.env.BENCH_MARKERS) console.log('LOAD START');
    const cpuBefore = process.threadCpuUsage();
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { url, cookie, duration: Number(process.env.BENCH_DURATION ?? 10) } satisfies Job });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const cpu = process.threadCpuUsage(cpuBefore);
    if (process.env.BENCH_MARKERS) console.log('LOAD END');
    if (inspector && heapFile) {
      const { profile } = await inspector.post('HeapProfiler.stopSampling');
      (await import('node:fs')).writeFileSync(heapFile, JSON.stringify(profile));
      inspector.disconnect();
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`${requests} requests in ${seconds.toFixed(1)} s (${Math.round(requests / seconds)} req/s incl. warm-up), serving thread CPU ${((cpu.user + cpu.system) / requests).toFixed(1)} µs/req`);
  } finally {
    await portal.stop();
  }
}
