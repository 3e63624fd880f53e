/**
 * Live tails of domain logs. A browser panel starts a tail and renews its lease while it is open; one
 * watcher per server, domain and log polls the file through the gateway (`tail`) and publishes the new
 * lines as `nginx.log` to room `server:<id>`. A watcher ends when its last lease is stopped or runs out,
 * so a closed tab cannot keep one alive. Leases live in the instance that granted them.
 */
import { randomBytes } from 'node:crypto';
import type { PluginLogger, ServerGateway } from '@portal/plugin-sdk/server';
import { linesAfter, parseLine, type LogEntry, type LogKind } from './logs.ts';

export interface LogTailDeps {
  gateway(serverId: number): ServerGateway;
  publish(serverId: number, type: string, payload: unknown): Promise<void>;
  logger: PluginLogger;
  intervalMs?: number;
  leaseMs?: number;
}

/** The payload of `nginx.log`. */
export interface LogTailEvent {
  vhostId: number;
  kind: LogKind;
  entries: LogEntry[];
}

interface Watcher {
  serverId: number;
  vhostId: number;
  kind: LogKind;
  path: string;
  leases: Map<string, number>;
  previous: string[];
  timer?: ReturnType<typeof setInterval>;
  busy: boolean;
}

const WINDOW = 500;
const MAX_EVENT_LINES = 200;

export class LogTails {
  readonly #deps: LogTailDeps;
  readonly #watchers = new Map<string, Watcher>();

  constructor(deps: LogTailDeps) {
    this.#deps = deps;
  }

  get leaseMs(): number {
    return this.#deps.leaseMs ?? 90_000;
  }

  /** Starts a tail, or renews the lease `tailId` when it is one of this watcher's. */
  async start(serverId: number, vhostId: number, kind: LogKind, path: string, tailId?: string): Promise<{ tailId: string; expiresAt: Date }> {
    const key = `${serverId}:${vhostId}:${kind}`;
    let w = this.#watchers.get(key);
    if (w && w.path !== path) {
      this.#end(key, w);
      w = undefined;
    }
    if (!w) {
      w = { serverId, vhostId, kind, path, leases: new Map(), previous: await this.#deps.gateway(serverId).tail(path, WINDOW), busy: false };
      this.#watchers.set(key, w);
      const watcher = w;
      w.timer = setInterval(() => void this.#poll(key, watcher), this.#deps.intervalMs ?? 1000);
      w.timer.unref?.();
    }
    const id = tailId && w.leases.has(tailId) ? tailId : randomBytes(18).toString('base64url');
    const expiresAt = Date.now() + this.leaseMs;
    w.leases.set(id, expiresAt);
    return { tailId: id, expiresAt: new Date(expiresAt) };
  }

  /** Ends a lease (no error when it is unknown or over). */
  stop(serverId: number, vhostId: number, kind: LogKind, tailId: string): void {
    const key = `${serverId}:${vhostId}:${kind}`;
    const w = this.#watchers.get(key);
    if (!w) return;
    w.leases.delete(tailId);
    if (!w.leases.size) this.#end(key, w);
  }

  /** How many watchers run (tests). */
  get size(): number {
    return this.#watchers.size;
  }

  stopAll(): void {
    for (const [key, w] of this.#watchers) this.#end(key, w);
  }

  #end(key: string, w: Watcher): void {
    clearInterval(w.timer);
    if (this.#watchers.get(key) === w) this.#watchers.delete(key);
  }

  async #poll(key: string, w: Watcher): Promise<void> {
    const now = Date.now();
    for (const [id, until] of w.leases) if (until < now) w.leases.delete(id);
    if (!w.leases.size) return this.#end(key, w);
    if (w.busy) return;
    w.busy = true;
    try {
      const lines = await this.#deps.gateway(w.serverId).tail(w.path, WINDOW);
      const fresh = linesAfter(w.previous, lines).slice(-MAX_EVENT_LINES);
      w.previous = lines;
      if (fresh.length) {
        const event: LogTailEvent = { vhostId: w.vhostId, kind: w.kind, entries: fresh.map((raw) => parseLine(w.kind, raw)) };
        await this.#deps.publish(w.serverId, 'log', event);
      }
    } catch (e) {
      this.#deps.logger.warn({ err: e, serverId: w.serverId, vhostId: w.vhostId }, 'log tail failed');
    } finally {
      w.busy = false;
    }
  }
}
