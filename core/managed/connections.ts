/**
 * The gateway factory of the Managed Center (issue 28): per server the `local` gateway (a sandbox on this
 * machine) or the `ssh` gateway, as `MANAGED_GATEWAY` says unless the server's connection row overrides it.
 * The ssh gateways share one connection pool; their settings, key pair and pinned host key live in
 * `managed_server_connections`, the private key sealed with the portal's secret box. Plugins never see which
 * kind they got.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { SecretBox } from '../accounts/index.ts';
import { Server } from '../clusters/index.ts';
import { requestEntityManager, type Clock, type Orm } from '../platform/index.ts';
import { ManagedServerConnection } from './entities/index.ts';
import { LocalGateway } from './gateways/local.ts';
import { SshGateway, sudoersDropIn } from './gateways/ssh.ts';
import { generateKeyPair, SshPool, type HostKeyStore, type SshSettings, type UnreachableReason } from './gateways/sshConnection.ts';

export type GatewayKind = 'local' | 'ssh';

/** What the gateways need of a server's row, kept in memory. */
interface Snapshot {
  override: GatewayKind | null;
  host: string | null;
  port: number;
  username: string;
  privateKey: string | null;
  publicKey: string | null;
  hostKeyFingerprint: string | null;
  hostKeyConfirmed: boolean;
  lastContactAt: Date | null;
  lastError: string | null;
}

export interface ServerGatewaysOptions {
  orm: Orm;
  clock: Clock;
  box: SecretBox;
  /** `MANAGED_GATEWAY`. */
  defaultKind: GatewayKind;
  /** `DATA_DIR/servers` (the local gateway's sandboxes). */
  baseDir: string;
  programs: () => readonly ProgramDescriptor[];
  idleSeconds?: number;
  /** `MANAGED_SSH_ROOT` (development and tests): the far-side sandbox of a server without one of its own is `<sshRoot>/<id>`. */
  sshRoot?: string;
}

/** What the connection page shows of a server. */
export interface ConnectionView {
  serverId: number;
  gateway: GatewayKind;
  override: GatewayKind | null;
  host: string | null;
  port: number;
  username: string;
  publicKey: string | null;
  hostKey: { fingerprint: string; confirmed: boolean } | null;
  lastContactAt: string | null;
  lastError: string | null;
  state: 'local' | 'not_configured' | 'unconfirmed' | 'ready' | 'failing';
  sudoers: string;
}

const keyContext = (serverId: number) => `managed-ssh-key:${serverId}`;

export class ServerGateways {
  readonly pool: SshPool;
  readonly #options: ServerGatewaysOptions;
  readonly #gateways = new Map<number, ServerGateway>();
  /** Each server's gateway kind and far-side root, read at `load` and after every change of its row. */
  readonly #rows = new Map<number, { kind: GatewayKind; root: string | null }>();

  constructor(options: ServerGatewaysOptions) {
    this.#options = options;
    this.pool = new SshPool({ idleMs: (options.idleSeconds ?? 60) * 1000 });
  }

  /**
   * Reads every server's row. Gateways read settings and pins from this copy, never from the database in
   * the middle of an operation: a plugin's request may hold a transaction (the embedded PGlite has one
   * connection), and a connection opened inside it must not wait for the database.
   */
  async load(): Promise<void> {
    const rows = await this.#options.orm.em.fork().find(ManagedServerConnection, {}, { populate: [] });
    this.#rows.clear();
    this.#cache.clear();
    for (const r of rows) this.#remember(r);
    for (const id of [...this.#gateways.keys()]) this.#forget(id);
  }

  /** Each server's row as last read or written. */
  readonly #cache = new Map<number, Snapshot>();

  #remember(r: ManagedServerConnection): void {
    const serverId = typeof r.server === 'number' ? r.server : r.server.id;
    this.#cache.set(serverId, {
      override: r.gateway ?? null,
      host: r.host ?? null,
      port: r.port,
      username: r.username,
      privateKey: r.privateKey ?? null,
      publicKey: r.publicKey ?? null,
      hostKeyFingerprint: r.hostKeyFingerprint ?? null,
      hostKeyConfirmed: !!r.hostKeyConfirmedAt,
      lastContactAt: r.lastContactAt ?? null,
      lastError: r.lastError ?? null,
    });
    this.#rows.set(serverId, { kind: r.gateway ?? this.#options.defaultKind, root: r.root ?? null });
  }

  /** Writes in the background (see `load`); the cache already has the new values. */
  #persist(serverId: number, change: (row: ManagedServerConnection) => void): void {
    this.#writes = this.#writes.then(() => this.#update(serverId, change, true)).then(
      () => undefined,
      () => undefined,
    );
  }

  #writes: Promise<void> = Promise.resolve();

  kindOf(serverId: number): GatewayKind {
    return this.#rows.get(serverId)?.kind ?? this.#options.defaultKind;
  }

  gateway(serverId: number): ServerGateway {
    let gw = this.#gateways.get(serverId);
    if (!gw) {
      gw =
        this.kindOf(serverId) === 'ssh'
          ? new SshGateway({ serverId, pool: this.pool, hostKeys: this.hostKeys, settings: () => this.settings(serverId), root: this.#rows.get(serverId)?.root ?? (this.#options.sshRoot ? `${this.#options.sshRoot.replace(/\/+$/, '')}/${serverId}` : undefined), programs: this.#options.programs() })
          : new LocalGateway({ baseDir: this.#options.baseDir, serverId, programs: this.#options.programs() });
      this.#gateways.set(serverId, gw);
    }
    return gw;
  }

  /** The connection settings with the private key opened; null when the server has none (yet). */
  async settings(serverId: number): Promise<SshSettings | null> {
    const row = this.#cache.get(serverId);
    if (!row?.host || !row.privateKey) return null;
    return { host: row.host, port: row.port, username: row.username, privateKey: this.#options.box.open(row.privateKey, keyContext(serverId)) };
  }

  /** The pins (the cache, written through to the database). */
  readonly hostKeys: HostKeyStore = {
    get: async (serverId) => {
      const row = this.#cache.get(serverId);
      return row?.hostKeyFingerprint ? { fingerprint: row.hostKeyFingerprint, confirmed: row.hostKeyConfirmed } : null;
    },
    seen: async (serverId, fingerprint, confirmed) => {
      const row = this.#cache.get(serverId);
      if (row) Object.assign(row, { hostKeyFingerprint: fingerprint, hostKeyConfirmed: confirmed });
      const now = this.#options.clock.now();
      // What the cache holds when the write's turn comes: a confirmation that came meanwhile (a request's write,
      // committed before this background write) is not undone by the older "seen, not confirmed".
      this.#persist(serverId, (r) => {
        const current = this.#cache.get(serverId);
        r.hostKeyFingerprint = current ? current.hostKeyFingerprint : fingerprint;
        r.hostKeyConfirmedAt = (current ? current.hostKeyConfirmed : confirmed) ? (r.hostKeyConfirmedAt ?? now) : null;
      });
    },
    contacted: async (serverId, at) => {
      const row = this.#cache.get(serverId);
      if (row) Object.assign(row, { lastContactAt: at, lastError: null });
      this.#persist(serverId, (r) => {
        r.lastContactAt = at;
        r.lastError = null;
      });
    },
  };

  /** Waits for the background writes (before reading a row for the page). */
  flushed(): Promise<void> {
    return this.#writes;
  }

  /** Writes a server's row: inside a request in its transaction (PGlite has one connection), else on its own. */
  async #update(serverId: number, change: (row: ManagedServerConnection) => void, own = false): Promise<ManagedServerConnection> {
    const request = own ? undefined : requestEntityManager();
    const em = request ? request.fork({ keepTransactionContext: true }) : this.#options.orm.em.fork();
    let row = await em.findOne(ManagedServerConnection, { server: serverId });
    if (!row) row = em.create(ManagedServerConnection, { server: em.getReference(Server, serverId), gateway: null, host: null, port: 22, username: 'portal', root: null, privateKey: null, publicKey: null, hostKeyFingerprint: null, hostKeyConfirmedAt: null, lastContactAt: null, lastError: null, updatedAt: this.#options.clock.now() });
    change(row);
    row.updatedAt = this.#options.clock.now();
    await em.flush();
    // A background write (`#persist`) read its row when its turn came, maybe before a request's write committed:
    // remembering that row would undo the request's change in the cache (a confirmed host key seen as
    // unconfirmed again). The cache already holds what a background write writes.
    if (!own) this.#remember(row);
    return row;
  }

  /** Changes a server's connection settings (the connection closes; the next use opens one with them). */
  async configure(serverId: number, settings: { gateway?: GatewayKind | null; host?: string | null; port?: number; username?: string; root?: string | null }): Promise<ConnectionView> {
    const row = await this.#update(serverId, (r) => {
      if (settings.gateway !== undefined) r.gateway = settings.gateway;
      if (settings.host !== undefined && settings.host !== r.host) {
        r.host = settings.host;
        // Another address is another machine: its key is pinned again.
        r.hostKeyFingerprint = null;
        r.hostKeyConfirmedAt = null;
      }
      if (settings.port !== undefined) r.port = settings.port;
      if (settings.username !== undefined) r.username = settings.username;
      if (settings.root !== undefined) r.root = settings.root;
    });
    this.#changed(serverId, row);
    return this.view(serverId);
  }

  /** Forgets a server's gateway; an ssh gateway's forwarding listeners close. */
  #forget(serverId: number): void {
    const gw = this.#gateways.get(serverId);
    if (gw instanceof SshGateway) gw.close();
    this.#gateways.delete(serverId);
  }

  #changed(serverId: number, row: ManagedServerConnection): void {
    this.#remember(row);
    this.#forget(serverId);
    this.pool.close(serverId);
  }

  /** A new ed25519 key pair for the server; returns the public key to put into `authorized_keys`. */
  async generateKey(serverId: number): Promise<ConnectionView> {
    const pair = generateKeyPair(`portal-managed-server-${serverId}`);
    const row = await this.#update(serverId, (r) => {
      r.privateKey = this.#options.box.seal(pair.privateKey, keyContext(serverId));
      r.publicKey = pair.publicKey;
    });
    this.#changed(serverId, row);
    return this.view(serverId);
  }

  /** A cluster administrator confirms the fingerprint the page showed (409 in the caller when it changed meanwhile). */
  async confirmHostKey(serverId: number, fingerprint: string): Promise<boolean> {
    const row = this.#cache.get(serverId);
    if (!row?.hostKeyFingerprint || row.hostKeyFingerprint !== fingerprint) return false;
    row.hostKeyConfirmed = true;
    // The fingerprint too: the background write of the first contact that recorded it may not have run yet.
    await this.#update(serverId, (r) => {
      r.hostKeyFingerprint = fingerprint;
      r.hostKeyConfirmedAt = this.#options.clock.now();
    });
    return true;
  }

  /** Opens a connection now: ok with the round trip, or the reason it failed (recorded as the last error). */
  async test(serverId: number): Promise<{ ok: true; durationMs: number } | { ok: false; reason: UnreachableReason }> {
    if (this.kindOf(serverId) !== 'ssh') return { ok: true, durationMs: 0 };
    try {
      const r = await (this.gateway(serverId) as SshGateway).test();
      return { ok: true, durationMs: r.durationMs };
    } catch (e) {
      const reason = ((e as { reason?: UnreachableReason }).reason ?? 'connection_failed') as UnreachableReason;
      const row = this.#cache.get(serverId);
      if (row) row.lastError = reason;
      this.#persist(serverId, (r) => void (r.lastError = reason));
      return { ok: false, reason };
    }
  }

  /** What the connection page shows (from memory: a request's transaction may hold the database). */
  async view(serverId: number): Promise<ConnectionView> {
    const row = this.#cache.get(serverId);
    const gateway = this.kindOf(serverId);
    const state: ConnectionView['state'] =
      gateway === 'local' ? 'local' : !row?.host || !row.privateKey ? 'not_configured' : !row.hostKeyConfirmed ? 'unconfirmed' : row.lastError ? 'failing' : 'ready';
    const username = row?.username ?? 'portal';
    return {
      serverId,
      gateway,
      override: row?.override ?? null,
      host: row?.host ?? null,
      port: row?.port ?? 22,
      username,
      publicKey: row?.publicKey ?? null,
      hostKey: row?.hostKeyFingerprint ? { fingerprint: row.hostKeyFingerprint, confirmed: row.hostKeyConfirmed } : null,
      lastContactAt: row?.lastContactAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      state,
      sudoers: /^[a-z_][a-z0-9_-]{0,31}$/.test(username) ? sudoersDropIn(username, this.#options.programs()) : '',
    };
  }

  /** Shutdown: the background writes end, every ssh connection closes. */
  async close(): Promise<void> {
    await this.#writes;
    for (const id of [...this.#gateways.keys()]) this.#forget(id);
    this.pool.dispose();
  }

  /** Shutdown: every ssh connection closes. */
  dispose(): void {
    for (const id of [...this.#gateways.keys()]) this.#forget(id);
    this.pool.dispose();
  }
}
