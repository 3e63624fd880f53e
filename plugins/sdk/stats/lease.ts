/**
 * The live-feed lease lifecycle of the stats family: work that feeds a panel (a sampler, a log tail)
 * runs only while at least one panel watches. A browser takes a lease (an operation, or its socket),
 * renews it before it runs out, and may give it back; the work of a feed starts with its first lease
 * and stops when its last lease is given back or has run out, so a closed tab or a server nobody
 * looks at costs nothing. Leases live in the portal instance that granted them.
 */
import { randomBytes } from 'node:crypto';
import type { PluginLogger } from '../server.ts';

export interface LiveFeedOptions<K, S> {
  /** The identity of a feed (e.g. `${serverId}:${vhostId}:${kind}`): leases of the same id share one feed. */
  id(key: K): string;
  /** Sets a feed up when its first lease is taken (e.g. reads the lines a tail starts after). */
  open(key: K): Promise<S> | S;
  /** One round of work while leases last (never two at once for a feed: a tick still running skips the next). */
  tick(key: K, state: S): Promise<void>;
  /** Between two ticks. */
  intervalMs: number;
  /** How long a lease lasts after it was taken or renewed. */
  leaseMs: number;
  /** Ticks at the start of each interval of the clock (plus a little), e.g. one sample per 10-second bucket; default: every interval from the first lease. */
  aligned?: boolean;
  /** Clock of the leases (default: the system clock). */
  clock?: { now(): Date };
  /** Where a failed tick is reported (it does not end the feed). */
  logger?: Pick<PluginLogger, 'warn'>;
  /** What the log says a failed tick was, e.g. `log tail`. */
  name?: string;
}

export interface Lease {
  /** Renew with this id; give it back with it. */
  leaseId: string;
  expiresAt: Date;
}

interface Feed<K, S> {
  key: K;
  /** Lease id → end (ms of the clock). */
  leases: Map<string, number>;
  ready: Promise<S>;
  state?: S;
  timer?: ReturnType<typeof setTimeout>;
  busy: boolean;
}

const all = new Set<LiveFeeds<unknown, unknown>>();

/** Ends every feed of this process (the plugins' `stop` hooks at shutdown; tests). */
export function stopAllLiveFeeds(): void {
  for (const feeds of all) feeds.stop();
}

/** The feeds of one kind of work (one instance per plugin and kind, built in `handlers`). */
export class LiveFeeds<K, S> {
  readonly #o: LiveFeedOptions<K, S>;
  readonly #feeds = new Map<string, Feed<K, S>>();

  constructor(options: LiveFeedOptions<K, S>) {
    this.#o = options;
    all.add(this as LiveFeeds<unknown, unknown>);
  }

  get intervalMs(): number {
    return this.#o.intervalMs;
  }

  get leaseMs(): number {
    return this.#o.leaseMs;
  }

  /** The keys of the feeds that run now. */
  get active(): K[] {
    return [...this.#feeds.values()].map((f) => f.key);
  }

  /** How many feeds run (tests). */
  get size(): number {
    return this.#feeds.size;
  }

  #now(): number {
    return (this.#o.clock?.now() ?? new Date()).getTime();
  }

  /**
   * Takes a lease of the feed of `key` (starting the feed when it is the first), or renews `leaseId`
   * when it is one of this feed's. A feed whose key changed under the same id (e.g. a renamed log
   * file) starts afresh. Answers the lease and the feed's state once it is set up.
   */
  async lease(key: K, leaseId?: string): Promise<Lease & { state: S }> {
    const id = this.#o.id(key);
    let feed = this.#feeds.get(id);
    if (feed && JSON.stringify(feed.key) !== JSON.stringify(key)) {
      this.#end(id, feed);
      feed = undefined;
    }
    if (!feed) {
      const created: Feed<K, S> = { key, leases: new Map(), ready: Promise.resolve(this.#o.open(key)), busy: false };
      feed = created;
      this.#feeds.set(id, created);
      created.ready.then(
        (state) => {
          created.state = state;
          if (this.#feeds.get(id) === created) this.#schedule(id, created);
        },
        () => {
          if (this.#feeds.get(id) === created) this.#feeds.delete(id);
        },
      );
    }
    const lease = leaseId && feed.leases.has(leaseId) ? leaseId : randomBytes(18).toString('base64url');
    const expiresAt = this.#now() + this.#o.leaseMs;
    feed.leases.set(lease, expiresAt);
    return { leaseId: lease, expiresAt: new Date(expiresAt), state: await feed.ready };
  }

  /** Gives a lease back; the feed ends with its last lease (no error when the lease is unknown or over). */
  release(key: K, leaseId: string): void {
    const id = this.#o.id(key);
    const feed = this.#feeds.get(id);
    if (!feed) return;
    feed.leases.delete(leaseId);
    if (!feed.leases.size) this.#end(id, feed);
  }

  /** Ends every feed of this kind. */
  stop(): void {
    for (const [id, feed] of this.#feeds) this.#end(id, feed);
  }

  #end(id: string, feed: Feed<K, S>): void {
    clearTimeout(feed.timer);
    feed.timer = undefined;
    if (this.#feeds.get(id) === feed) this.#feeds.delete(id);
  }

  #schedule(id: string, feed: Feed<K, S>): void {
    const every = this.#o.intervalMs;
    const delay = this.#o.aligned ? every - (Date.now() % every) + Math.min(250, every / 10) : every;
    feed.timer = setTimeout(() => void this.#tick(id, feed), delay);
    feed.timer.unref?.();
  }

  async #tick(id: string, feed: Feed<K, S>): Promise<void> {
    feed.timer = undefined;
    if (this.#feeds.get(id) !== feed) return;
    const now = this.#now();
    for (const [lease, until] of feed.leases) if (until < now) feed.leases.delete(lease);
    if (!feed.leases.size) return this.#end(id, feed);
    this.#schedule(id, feed);
    if (feed.busy) return;
    feed.busy = true;
    try {
      await this.#o.tick(feed.key, feed.state as S);
    } catch (e) {
      this.#o.logger?.warn({ err: e, feed: id }, `${this.#o.name ?? 'live feed'} failed`);
    } finally {
      feed.busy = false;
    }
  }
}
