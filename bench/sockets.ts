/**
 * 5,000 live sockets on one portal instance, and events across two instances (issue 14, "Real time").
 *
 * Part 1: one real portal (createTestServer: the full BFF with its socket.io gateway at /a/ws) on the main
 * thread; BENCH_SOCKETS (5,000) socket.io clients in BENCH_SOCKET_WORKERS (4) worker threads of this
 * benchmark, each worker with a sign-in session of its own (the sockets of a worker share it, as the
 * tabs of one browser do; every socket is still authenticated by the gateway on its own). Then
 * BENCH_ROUNDS (30) times a domain event for the signed-in user is published on the portal's event bus —
 * the path every real notice takes (event bus → gateway → `user:<id>` room) — and every client notes when
 * it received it. Reported: time until the last of all clients received the event (p50/p99 over the
 * rounds; target p99 ≤ 1 s), each client's own delivery time, and memory per connection.
 *
 * Part 2 (needs Redis, REDIS_URL or redis://127.0.0.1:6379): two portal instances with the socket.io
 * Redis adapter; clients connected to instance B receive an event published on instance A. Asserted.
 *
 *   npm run bench:sockets                                                      # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sockets  # PostgreSQL (throw-away database)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { TestServer } from '../bff/src/testing.ts';

interface WorkerJob {
  url: string;
  cookie: string;
  count: number;
}
type ToWorker = { type: 'close' } | { type: 'memory' };
type FromWorker =
  | { type: 'ready'; connected: number; failed: number; firstError?: string }
  | { type: 'round'; round: number; times: number[] }
  | { type: 'memory'; heapUsed: number }
  | { type: 'closed' };

const EVENT = 'bench.broadcast';
const now = () => performance.timeOrigin + performance.now();

/** Worker: opens `count` sockets (at most 100 handshakes at a time), reports every round's receive times. */
async function clientWorker(job: WorkerJob): Promise<void> {
  const { io } = await import('socket.io-client');
  const port = parentPort!;
  const sockets: ReturnType<typeof io>[] = [];
  const rounds = new Map<number, number[]>();
  let connected = 0;
  let failed = 0;
  let firstError: string | undefined;
  const connectOne = () =>
    new Promise<void>((resolve) => {
      const socket = io(job.url, {
        path: '/a/ws',
        transports: ['websocket'],
        reconnection: false,
        timeout: 60_000,
        extraHeaders: { cookie: job.cookie },
      });
      sockets.push(socket);
      socket.on(EVENT, (message: { payload: { round: number } }) => {
        const at = now();
        const round = message.payload.round;
        const times = rounds.get(round) ?? [];
        times.push(at);
        rounds.set(round, times);
        if (times.length === connected) {
          rounds.delete(round);
          port.postMessage({ type: 'round', round, times } satisfies FromWorker);
        }
      });
      socket.once('connect', () => {
        connected++;
        resolve();
      });
      socket.once('connect_error', (e) => {
        failed++;
        firstError ??= e.message;
        resolve();
      });
    });
  let next = 0;
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next < job.count) {
        next++;
        await connectOne();
      }
    }),
  );
  port.postMessage({ type: 'ready', connected, failed, firstError } satisfies FromWorker);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'memory') {
      globalThis.gc?.();
      port.postMessage({ type: 'memory', heapUsed: process.memoryUsage().heapUsed } satisfies FromWorker);
    } else {
      for (const s of sockets) s.disconnect();
      port.postMessage({ type: 'closed' } satisfies FromWorker);
      port.close();
    }
  });
}

/** A pool of client workers; `rounds` collects each round's receive times from all of them. */
class Clients {
  readonly workers: Worker[] = [];
  readonly #rounds = new Map<number, { times: number[]; reported: number; done: () => void }>();
  readonly #waiting = new Map<Worker, (m: FromWorker) => void>();

  static async start(url: string, cookies: string[], total: number): Promise<{ clients: Clients; connected: number; failed: number; firstError?: string }> {
    const clients = new Clients();
    const per = Math.ceil(total / cookies.length);
    const ready = await Promise.all(
      cookies.map((cookie, i) => {
        const count = Math.max(0, Math.min(per, total - i * per));
        const worker = new Worker(new URL(import.meta.url), { workerData: { url, cookie, count } satisfies WorkerJob });
        clients.workers.push(worker);
        worker.on('error', (e) => console.error('client worker failed:', e));
        worker.on('message', (m: FromWorker) => clients.#onMessage(worker, m));
        return clients.#next(worker, 'ready') as Promise<Extract<FromWorker, { type: 'ready' }>>;
      }),
    );
    return {
      clients,
      connected: ready.reduce((n, r) => n + r.connected, 0),
      failed: ready.reduce((n, r) => n + r.failed, 0),
      firstError: ready.find((r) => r.firstError)?.firstError,
    };
  }

  #onMessage(worker: Worker, m: FromWorker) {
    if (m.type === 'round') {
      const round = this.#rounds.get(m.round);
      if (!round) return;
      round.times.push(...m.times);
      if (++round.reported === this.workers.length) round.done();
      return;
    }
    const waiter = this.#waiting.get(worker);
    this.#waiting.delete(worker);
    waiter?.(m);
  }

  #next(worker: Worker, _type: FromWorker['type']): Promise<FromWorker> {
    return new Promise((resolve) => this.#waiting.set(worker, resolve));
  }

  /** Waits for every client's receipt of round `round` (rejects after `timeoutMs`). */
  expectRound(round: number, timeoutMs = 15_000): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`round ${round}: not every client received the event within ${timeoutMs} ms`)), timeoutMs);
      const entry = {
        times: [] as number[],
        reported: 0,
        done: () => {
          clearTimeout(timer);
          this.#rounds.delete(round);
          resolve(entry.times);
        },
      };
      this.#rounds.set(round, entry);
    });
  }

  async heapUsed(): Promise<number> {
    const all = await Promise.all(
      this.workers.map((w) => {
        const reply = this.#next(w, 'memory');
        w.postMessage({ type: 'memory' } satisfies ToWorker);
        return reply;
      }),
    );
    return all.reduce((n, m) => n + (m.type === 'memory' ? m.heapUsed : 0), 0);
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map((w) => {
        const reply = this.#next(w, 'closed');
        w.postMessage({ type: 'close' } satisfies ToWorker);
        return reply;
      }),
    );
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MB`;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Signs in `n` times as the demo manager (one session per client worker); the cookies and the user's id. */
async function sessions(portal: TestServer, n: number) {
  const cookies: string[] = [];
  let userId = 0;
  for (let i = 0; i < n; i++) {
    const client = portal.client();
    const login = await client.login('manager@demo.example');
    if (login.status >= 300) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    cookies.push([...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    userId = (await client.get<{ id: number }>('/api/v1/me')).body.id;
  }
  return { cookies, userId };
}

async function main(): Promise<void> {
  const { createTestServer } = await import('../bff/src/testing.ts');
  const total = Number(process.env.BENCH_SOCKETS ?? 5_000);
  const workers = Number(process.env.BENCH_SOCKET_WORKERS ?? 4);
  const roundsWanted = Number(process.env.BENCH_ROUNDS ?? 30);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!globalThis.gc) console.log('(run with --expose-gc, as `npm run bench:sockets` does, for steadier memory figures)');
  console.log(
    `Node ${process.version}, ${os.cpus()[0]?.model ?? os.arch()} (${os.availableParallelism()} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}); ` +
      `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );

  // ── Part 1: one instance, `total` sockets ──
  const portal = await createTestServer();
  let failures = 0;
  try {
    const { cookies, userId } = await sessions(portal, workers);
    await settle();
    const before = process.memoryUsage();
    const started = now();
    const { clients, connected, failed, firstError } = await Clients.start(portal.url.replace('localhost', '127.0.0.1'), cookies, total);
    const connectSeconds = (now() - started) / 1000;
    console.log(`\n${fmt(connected)} of ${fmt(total)} sockets connected and authenticated in ${fmt(connectSeconds, 1)} s (${workers} client worker threads)` + (failed ? `; ${failed} failed: ${firstError}` : ''));
    if (connected < total) failures++;
    try {
      await settle();
      const after = process.memoryUsage();
      const clientHeap = await clients.heapUsed();
      const lastTimes: number[] = [];
      const each: number[] = [];
      for (let round = 1; round <= roundsWanted; round++) {
        const receipts = clients.expectRound(round);
        const t0 = now();
        await portal.deps.events.publish(EVENT, { round }, { users: [userId] });
        const times = await receipts;
        lastTimes.push(Math.max(...times) - t0);
        for (const t of times) each.push(t - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
      const p99 = percentile(lastTimes, 99);
      console.log(
        `event to all ${fmt(connected)} sockets, ${roundsWanted} rounds — time until the last client received it: ` +
          `p50 ${fmt(percentile(lastTimes, 50), 1)} ms, p99 ${fmt(p99, 1)} ms, max ${fmt(Math.max(...lastTimes), 1)} ms (target p99 ≤ 1,000 ms: ${p99 <= 1000 ? 'met' : 'NOT met'})`,
      );
      console.log(`  each client's delivery time: p50 ${fmt(percentile(each, 50), 1)} ms, p99 ${fmt(percentile(each, 99), 1)} ms`);
      if (p99 > 1000) failures++;
      const n = Math.max(1, connected);
      console.log(
        `memory per connection: server heap ${fmt((after.heapUsed - before.heapUsed) / n / 1024, 1)} KB ` +
          `(${mb(before.heapUsed)} → ${mb(after.heapUsed)}); process RSS ${fmt((after.rss - before.rss) / n / 1024, 1)} KB ` +
          `(${mb(before.rss)} → ${mb(after.rss)}, includes the clients: their heaps hold ${mb(clientHeap)}, ${fmt(clientHeap / n / 1024, 1)} KB per client)`,
      );
    } finally {
      await clients.close();
    }
  } finally {
    await portal.stop();
  }

  // ── Part 2: two instances with the Redis adapter ──
  const a = await createTestServer({ REDIS_URL: redisUrl });
  const b = await createTestServer({ REDIS_URL: redisUrl });
  try {
    // Both databases are seeded alike, so the demo manager has the same id on both.
    const onB = await sessions(b, 1);
    const { clients, connected } = await Clients.start(b.url.replace('localhost', '127.0.0.1'), onB.cookies, 200);
    try {
      const receipts = clients.expectRound(1, 5_000);
      const t0 = now();
      await a.deps.events.publish(EVENT, { round: 1 }, { users: [onB.userId] });
      const times = await receipts.catch(() => [] as number[]);
      const ok = times.length === connected && connected === 200;
      if (!ok) failures++;
      console.log(
        `\nRedis adapter (${redisUrl}): event published on instance A reached ${times.length} of ${connected} sockets connected to instance B` +
          (times.length ? ` (last after ${fmt(Math.max(...times) - t0, 1)} ms)` : '') +
          `: ${ok ? 'OK' : 'FAILED'}`,
      );
    } finally {
      await clients.close();
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  process.exitCode = failures ? 1 : 0;
}

if (!isMainThread) await clientWorker(workerData as WorkerJob);
else await main();
