/**
 * The sampler of a stats service: while a panel watches a server (a lease of `LiveFeeds`), it reads
 * the service every interval through the server's gateway, turns counters into rates, stores the
 * figures (raw + rollups, `StatsStore`) and publishes the live payload to room `server:<id>`. A
 * service supplies only its `StatsSource`: what it reads and how its figures and payload look. A service with
 * subjects (redis's instances, `StatsStore.subjects`) is watched per subject: each has its own feed, counters and
 * history.
 */
import type { PluginDatabase, PluginPorts, ServerGateway } from '../server.ts';
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
  /**
   * Reads the service once through the gateway (should not throw for a missing figure: leave it out). `context`:
   * the subject read (`''`: the server's service itself) and a database, e.g. to look up where a subject listens;
   * the sampler always passes it, a test of a source without subjects may leave it out (the scaffolded one does).
   */
  read(gateway: ServerGateway, serverId: number, context?: StatsReadContext): Promise<StatsReading<G, C>>;
  /** The figures stored for a sample (`null` where the service gave none). */
  figures(gauges: StatsReading<G, C>['gauges'], rates: Record<C, number | null>): Figures<F>;
  /** The live payload of a sample (the event and the watch answer); `subject` is `''` for the server's service itself. */
  present(sample: { at: Date; gauges: StatsReading<G, C>['gauges']; figures: Figures<F>; subject: string }): Live;
}

/** What a source's `read` is told besides the server. */
export interface StatsReadContext {
  subject: string;
  em: PluginDatabase;
}

/** One feed: a server, or one subject of it. */
interface FeedKey {
  serverId: number;
  subject: string;
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
  readonly #feeds: LiveFeeds<FeedKey, Watch<Live>>;
  readonly #primeMs: number;
  readonly #pruneEveryMs: number;
  readonly #monotonic: () => number;
  #lastPrune = -Infinity;

  constructor(options: StatsSamplerOptions<G, C, F, Live>) {
    this.#o = options;
    this.#primeMs = options.primeMs ?? 1000;
    this.#pruneEveryMs = options.pruneEveryMs ?? 5 * 60_000;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    this.#feeds = new LiveFeeds<FeedKey, Watch<Live>>({
      id: ({ serverId, subject }) => (subject ? `${serverId}:${subject}` : String(serverId)),
      open: () => ({}),
      tick: async (key, w) => void (await this.#measure(key, w)),
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

  /** The servers being sampled now (once per server, whatever subjects of it are watched). */
  get watched(): number[] {
    return [...new Set(this.#feeds.active.map((k) => k.serverId))];
  }

  /** The servers and subjects being sampled now. */
  get watchedSubjects(): FeedKey[] {
    return this.#feeds.active;
  }

  /**
   * Starts or extends the watch of a server (or of one `subject` of it) and answers its newest sample: the last one
   * when it is younger than the interval, otherwise a new measurement.
   */
  async watch(serverId: number, subject = ''): Promise<Live> {
    const key = { serverId, subject };
    const { state: w } = await this.#feeds.lease(key);
    const now = this.#o.ports.clock.now().getTime();
    if (w.last && now - w.last.at < this.intervalMs) return w.last.live;
    return this.#measure(key, w);
  }

  /** Ends every watch (the plugin's `stop` hook; tests). */
  stop(): void {
    this.#feeds.stop();
  }

  /** One measurement, at most one at a time per feed. */
  #measure(key: FeedKey, w: Watch<Live>): Promise<Live> {
    w.running ??= this.#take(key, w).finally(() => {
      w.running = undefined;
    });
    return w.running;
  }

  async #read(gateway: ServerGateway, serverId: number, context: StatsReadContext): Promise<{ reading: StatsReading<G, C>; counters: CounterReading }> {
    const reading = await this.#o.source.read(gateway, serverId, context);
    return { reading, counters: { atMs: this.#monotonic(), values: reading.counters ?? {} } };
  }

  async #take({ serverId, subject }: FeedKey, w: Watch<Live>): Promise<Live> {
    const { ports, source, store } = this.#o;
    const gateway = ports.gateway(serverId);
    const em = ports.database.fork();
    const context = { subject, em };
    let previous = w.counters;
    let current = await this.#read(gateway, serverId, context);
    const hasCounters = source.counters.length > 0 && Object.keys(current.counters.values).length > 0;
    if (hasCounters && (!previous || current.counters.atMs - previous.atMs > 3 * this.intervalMs)) {
      // No recent reading to compare with: read again a moment later, so the first rates are complete.
      previous = current.counters;
      await new Promise((resolve) => setTimeout(resolve, this.#primeMs));
      current = await this.#read(gateway, serverId, context);
    }
    w.counters = current.counters;
    const at = ports.clock.now();
    const figures = source.figures(current.reading.gauges, counterRates(previous, current.counters, source.counters));
    await store.record(em, { serverId, subject }, at, figures);
    if (at.getTime() - this.#lastPrune >= this.#pruneEveryMs) {
      this.#lastPrune = at.getTime();
      ports.logger.debug({ removed: await store.prune(em, at) }, 'stats history pruned');
    }
    const live = source.present({ at, gauges: current.reading.gauges, figures, subject });
    w.last = { at: bucketOf(at, RAW_SECONDS).getTime(), live };
    await ports.events.publish(serverId, this.#o.eventType ?? 'sample', live);
    return live;
  }
}
