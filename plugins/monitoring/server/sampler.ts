/**
 * Measures servers that someone is watching. Sampling is on demand (the plugin's `stop` hook ends it at shutdown): `watch(serverId)` (the live panel calls it when it opens and every 30 s
 * while it stays open and visible) starts or extends a lease of a minute; while the lease lasts the
 * server is measured every 10 seconds, each sample is stored (raw + rollups) and published as
 * `monitoring.sample` to room `server:<id>`. When nobody renews, the lease runs out and sampling
 * stops: a server nobody looks at costs nothing.
 */
import type { PluginPorts, ServerGateway, ServerMetrics } from '@portal/plugin-sdk/server';
import type { Schemas } from '@portal/openapi';
import { readCounters, rates, type Counters } from './counters.ts';
import { bucketOf, RAW_SECONDS, type Sample } from './rollup.ts';
import { prune, recordSample } from './store.ts';

export type LiveSample = Schemas['MonitoringSample'];

export interface SamplerOptions {
  ports: Pick<PluginPorts, 'database' | 'gateway' | 'events' | 'logger' | 'clock'>;
  /** Between two samples of a watched server (default 10 s, the raw resolution). */
  intervalMs?: number;
  /** How long a watch lasts after the last `watch()` (default 60 s). */
  leaseMs?: number;
  /** Gap between two counter readings when there is no recent earlier one, for the first CPU and network rates (default 1 s). */
  primeMs?: number;
  /** How often old history is pruned, at most (default 5 min). */
  pruneEveryMs?: number;
  /** Monotonic milliseconds (rates). */
  monotonic?: () => number;
}

interface Watch {
  /** The lease ends at this clock time (ms). */
  until: number;
  timer?: ReturnType<typeof setTimeout>;
  counters?: Counters;
  last?: LiveSample;
  running?: Promise<LiveSample>;
}

const samplers = new Set<Sampler>();

/** Stops every sampler of this process (tests). */
export function stopAllSamplers(): void {
  for (const s of samplers) s.stop();
}

const round = (v: number | null, digits: number) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** A stored sample as the contract's live figures. */
export function presentSample(s: Sample, uptimeSeconds: number): LiveSample {
  return {
    at: s.bucket.toISOString(),
    cpuPercent: s.cpuPercent,
    load: [s.load1, s.load5, s.load15],
    cpuCount: s.cpuCount,
    memory: { usedBytes: s.memoryUsedBytes, totalBytes: s.memoryTotalBytes },
    disk: { usedBytes: s.diskUsedBytes, totalBytes: s.diskTotalBytes },
    network:
      s.netRxBytesPerSecond === null || s.netTxBytesPerSecond === null
        ? null
        : { rxBytesPerSecond: s.netRxBytesPerSecond, txBytesPerSecond: s.netTxBytesPerSecond },
    uptimeSeconds,
  };
}

/** One sample from the gateway's figures and the CPU and network rates. */
export function sampleOf(at: Date, m: ServerMetrics, r: ReturnType<typeof rates>): Sample {
  return {
    bucket: bucketOf(at, RAW_SECONDS),
    cpuPercent: round(r.cpuPercent, 1),
    load1: round(m.load[0], 2)!,
    load5: round(m.load[1], 2)!,
    load15: round(m.load[2], 2)!,
    cpuCount: m.cpuCount,
    memoryUsedBytes: m.memory.usedBytes,
    memoryTotalBytes: m.memory.totalBytes,
    diskUsedBytes: m.disk.usedBytes,
    diskTotalBytes: m.disk.totalBytes,
    netRxBytesPerSecond: round(r.rx, 0),
    netTxBytesPerSecond: round(r.tx, 0),
  };
}

export class Sampler {
  readonly intervalMs: number;
  readonly leaseMs: number;
  readonly #ports: SamplerOptions['ports'];
  readonly #primeMs: number;
  readonly #pruneEveryMs: number;
  readonly #monotonic: () => number;
  readonly #watches = new Map<number, Watch>();
  #lastPrune = -Infinity;

  constructor(options: SamplerOptions) {
    this.#ports = options.ports;
    this.intervalMs = options.intervalMs ?? RAW_SECONDS * 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.#primeMs = options.primeMs ?? 1000;
    this.#pruneEveryMs = options.pruneEveryMs ?? 5 * 60_000;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    samplers.add(this);
  }

  /** The servers being sampled now. */
  get watched(): number[] {
    return [...this.#watches.keys()];
  }

  /**
   * Starts or extends the watch of a server and answers its newest sample: the last one when it is
   * younger than the interval, otherwise a new measurement.
   */
  async watch(serverId: number): Promise<LiveSample> {
    const now = this.#ports.clock.now().getTime();
    let w = this.#watches.get(serverId);
    if (!w) {
      w = { until: 0 };
      this.#watches.set(serverId, w);
    }
    w.until = now + this.leaseMs;
    if (!w.timer) this.#schedule(serverId, w);
    if (w.last && now - Date.parse(w.last.at) < this.intervalMs) return w.last;
    return this.#measure(serverId, w);
  }

  /** Ends every watch (tests; a stop hook of the SDK would call it on shutdown). */
  stop(): void {
    for (const w of this.#watches.values()) clearTimeout(w.timer);
    this.#watches.clear();
    samplers.delete(this);
  }

  /** The next tick at the start of the next 10-second bucket (plus a little), so samples land one per bucket. */
  #schedule(serverId: number, w: Watch): void {
    const delay = this.intervalMs - (Date.now() % this.intervalMs) + Math.min(250, this.intervalMs / 10);
    w.timer = setTimeout(() => void this.#tick(serverId, w), delay);
    w.timer.unref?.();
  }

  async #tick(serverId: number, w: Watch): Promise<void> {
    w.timer = undefined;
    if (this.#watches.get(serverId) !== w) return;
    if (this.#ports.clock.now().getTime() > w.until) {
      this.#watches.delete(serverId);
      return;
    }
    try {
      await this.#measure(serverId, w);
    } catch (e) {
      this.#ports.logger.warn({ err: e, serverId }, 'monitoring sample failed');
    }
    if (this.#watches.get(serverId) === w) this.#schedule(serverId, w);
  }

  /** One measurement, at most one at a time per server. */
  #measure(serverId: number, w: Watch): Promise<LiveSample> {
    w.running ??= this.#take(serverId, w).finally(() => {
      w.running = undefined;
    });
    return w.running;
  }

  async #take(serverId: number, w: Watch): Promise<LiveSample> {
    const gateway: ServerGateway = this.#ports.gateway(serverId);
    // The figures first: on `local` they also create the server's sandbox, which `run` needs as its directory.
    const metrics = await gateway.metrics();
    let previous = w.counters;
    if (!previous || this.#monotonic() - previous.atMs > 3 * this.intervalMs) {
      previous = await readCounters(gateway, this.#monotonic);
      await new Promise((resolve) => setTimeout(resolve, this.#primeMs));
    }
    const counters = await readCounters(gateway, this.#monotonic);
    w.counters = counters;
    const now = this.#ports.clock.now();
    const sample = sampleOf(now, metrics, rates(previous, counters));
    const em = this.#ports.database.fork();
    await recordSample(em, serverId, sample);
    if (now.getTime() - this.#lastPrune >= this.#pruneEveryMs) {
      this.#lastPrune = now.getTime();
      const removed = await prune(em, now);
      this.#ports.logger.debug({ removed }, 'monitoring history pruned');
    }
    const live = presentSample(sample, metrics.uptimeSeconds);
    w.last = live;
    await this.#ports.events.publish(serverId, 'sample', live);
    return live;
  }
}
