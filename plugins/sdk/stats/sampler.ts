/**
 * The sampler of a stats service: while a panel watches a server (a lease of `LiveFeeds`), it reads
 * the service every interval through the server's gateway, turns counters into rates, stores the
 * figures (raw + rollups, `StatsStore`) and publishes the live payload to room `server:<id>`. A
 * service supplies only its `StatsSource`: what it reads and how its figures and payload look.
 */
import type { PluginPorts, ServerGateway } from '../server.ts';
import { LiveFeeds } from './lease.ts';
import { RAW_SECONDS } from './ranges.ts';
import { counterRates, type CounterReading } from './rates.ts';
import { bucketOf, type Figures } from './rollup.ts';
import type { StatsStore } from './store.ts';

/** One reading of a service: gauges (values now) and counters (monotonic totals the family turns into per-second rates). */
export interface StatsReading<G extends string, C extends string> {
  gauges: Partial<Record<G, number | null>>;
  counters?: Partial<Record<C, number>>;
}

/** What a stats service plugin declares: how it reads a server, and what it stores and publishes. */
export interface StatsSource<G extends string, C extends string, F extends string, Live> {
  /** The counters whose per-second rates the figures use. */
  counters: readonly C[];
  /** Reads the service once through the gateway (should not throw for a missing figure: leave it out). */
  read(gateway: ServerGateway, serverId: number): Promise<StatsReading<G, C>>;
  /** The figures stored for a sample (`null` where the service gave none). */
  figures(gauges: StatsReading<G, C>['gauges'], rates: Record<C, number | null>): Figures<F>;
  /** The live payload of a sample (the event and the watch answer). */
  present(sample: { at: Date; gauges: StatsReading<G, C>['gauges']; figures: Figures<F> }): Live;
}

export interface StatsSamplerOptions<G extends string, C extends string, F extends string, Live> {
  ports: Pick<PluginPorts, 'database' | 'gateway' | 'events' | 'logger' | 'clock'>;
  source: StatsSource<G, C, F, Live>;
  store: StatsStore<F>;
  /** The event type the payload is published as (`<pluginId>.<type>`; default `sample`). */
  eventType?: string;
  /** Between two samples of a watched server (default 10 s, the raw resolution). */
  intervalMs?: number;
  /** How long a watch lasts after the last `watch()` (default 60 s). */
  leaseMs?: number;
  /** Gap between two counter readings when there is no recent earlier one, for the first rates (default 1 s). */
  primeMs?: number;
  /** How often old history is pruned, at most (default 5 min). */
  pruneEveryMs?: number;
  /** Monotonic milliseconds (rates). */
  monotonic?: () => number;
}

interface Watch<Live> {
  counters?: CounterReading;
  /** The newest sample: the start of its bucket and its payload. */
  last?: { at: number; live: Live };
  running?: Promise<Live>;
}

export class StatsSampler<G extends string, C extends string, F extends string, Live> {
  readonly #o: StatsSamplerOptions<G, C, F, Live>;
  readonly #feeds: LiveFeeds<number, Watch<Live>>;
  readonly #primeMs: number;
  readonly #pruneEveryMs: number;
  readonly #monotonic: () => number;
  #lastPrune = -Infinity;

  constructor(options: StatsSamplerOptions<G, C, F, Live>) {
    this.#o = options;
    this.#primeMs = options.primeMs ?? 1000;
    this.#pruneEveryMs = options.pruneEveryMs ?? 5 * 60_000;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    this.#feeds = new LiveFeeds<number, Watch<Live>>({
      id: (serverId) => String(serverId),
      open: () => ({}),
      tick: async (serverId, w) => void (await this.#measure(serverId, w)),
      intervalMs: options.intervalMs ?? RAW_SECONDS * 1000,
      leaseMs: options.leaseMs ?? 60_000,
      aligned: true,
      clock: options.ports.clock,
      logger: options.ports.logger,
      name: 'stats sample',
    });
  }

  get intervalMs(): number {
    return this.#feeds.intervalMs;
  }

  get leaseMs(): number {
    return this.#feeds.leaseMs;
  }

  /** The servers being sampled now. */
  get watched(): number[] {
    return this.#feeds.active;
  }

  /**
   * Starts or extends the watch of a server and answers its newest sample: the last one when it is
   * younger than the interval, otherwise a new measurement.
   */
  async watch(serverId: number): Promise<Live> {
    const { state: w } = await this.#feeds.lease(serverId);
    const now = this.#o.ports.clock.now().getTime();
    if (w.last && now - w.last.at < this.intervalMs) return w.last.live;
    return this.#measure(serverId, w);
  }

  /** Ends every watch (the plugin's `stop` hook; tests). */
  stop(): void {
    this.#feeds.stop();
  }

  /** One measurement, at most one at a time per server. */
  #measure(serverId: number, w: Watch<Live>): Promise<Live> {
    w.running ??= this.#take(serverId, w).finally(() => {
      w.running = undefined;
    });
    return w.running;
  }

  async #read(gateway: ServerGateway, serverId: number): Promise<{ reading: StatsReading<G, C>; counters: CounterReading }> {
    const reading = await this.#o.source.read(gateway, serverId);
    return { reading, counters: { atMs: this.#monotonic(), values: reading.counters ?? {} } };
  }

  async #take(serverId: number, w: Watch<Live>): Promise<Live> {
    const { ports, source, store } = this.#o;
    const gateway = ports.gateway(serverId);
    let previous = w.counters;
    let current = await this.#read(gateway, serverId);
    const hasCounters = source.counters.length > 0 && Object.keys(current.counters.values).length > 0;
    if (hasCounters && (!previous || current.counters.atMs - previous.atMs > 3 * this.intervalMs)) {
      // No recent reading to compare with: read again a moment later, so the first rates are complete.
      previous = current.counters;
      await new Promise((resolve) => setTimeout(resolve, this.#primeMs));
      current = await this.#read(gateway, serverId);
    }
    w.counters = current.counters;
    const at = ports.clock.now();
    const figures = source.figures(current.reading.gauges, counterRates(previous, current.counters, source.counters));
    const em = ports.database.fork();
    await store.record(em, serverId, at, figures);
    if (at.getTime() - this.#lastPrune >= this.#pruneEveryMs) {
      this.#lastPrune = at.getTime();
      ports.logger.debug({ removed: await store.prune(em, at) }, 'stats history pruned');
    }
    const live = source.present({ at, gauges: current.reading.gauges, figures });
    w.last = { at: bucketOf(at, RAW_SECONDS).getTime(), live };
    await ports.events.publish(serverId, this.#o.eventType ?? 'sample', live);
    return live;
  }
}
