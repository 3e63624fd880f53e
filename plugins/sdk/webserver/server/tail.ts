/**
 * Live tails of site logs, on the stats family's lease lifecycle (`LiveFeeds`): a browser panel takes a lease
 * and renews it while it is open; one feed per server, site and log polls the file through the gateway
 * (`tail`) and publishes the new lines as `<id>.log` to room `server:<id>`. A feed ends when its last lease is
 * given back or runs out, so a closed tab cannot keep one alive.
 */
import { eventsOf, LiveFeeds, type PluginPorts } from '../../server.ts';
import type { WebServerEvents } from '../shared/events.ts';
import { linesAfter, type LineParser, type LogKind } from '../shared/logs.ts';

interface Tail {
  serverId: number;
  vhostId: number;
  kind: LogKind;
  path: string;
}

const WINDOW = 500;
const MAX_EVENT_LINES = 200;

export class LogTails {
  readonly #feeds: LiveFeeds<Tail, { previous: string[] }>;

  constructor(ports: Pick<PluginPorts, 'gateway' | 'events' | 'logger'>, parseLine: LineParser, options: { intervalMs?: number; leaseMs?: number } = {}) {
    const events = eventsOf<WebServerEvents>(ports);
    this.#feeds = new LiveFeeds({
      id: (t) => `${t.serverId}:${t.vhostId}:${t.kind}`,
      open: async (t) => ({ previous: await ports.gateway(t.serverId).tail(t.path, WINDOW) }),
      tick: async (t, state) => {
        const lines = await ports.gateway(t.serverId).tail(t.path, WINDOW);
        const fresh = linesAfter(state.previous, lines).slice(-MAX_EVENT_LINES);
        state.previous = lines;
        if (fresh.length) await events.publish(t.serverId, 'log', { vhostId: t.vhostId, kind: t.kind, entries: fresh.map((raw) => parseLine(t.kind, raw)) });
      },
      intervalMs: options.intervalMs ?? 1000,
      leaseMs: options.leaseMs ?? 90_000,
      logger: ports.logger,
      name: 'log tail',
    });
  }

  get leaseMs(): number {
    return this.#feeds.leaseMs;
  }

  /** Starts a tail, or renews the lease `tailId` when it is one of this tail's. */
  async start(serverId: number, vhostId: number, kind: LogKind, path: string, tailId?: string): Promise<{ tailId: string; expiresAt: Date }> {
    const lease = await this.#feeds.lease({ serverId, vhostId, kind, path }, tailId);
    return { tailId: lease.leaseId, expiresAt: lease.expiresAt };
  }

  /** Ends a lease (no error when it is unknown or over). */
  stop(serverId: number, vhostId: number, kind: LogKind, tailId: string): void {
    // The feed's id leaves the path out: the lease is found without it.
    this.#feeds.release({ serverId, vhostId, kind, path: '' }, tailId);
  }

  /** How many tails run (tests). */
  get size(): number {
    return this.#feeds.size;
  }

  stopAll(): void {
    this.#feeds.stop();
  }
}
