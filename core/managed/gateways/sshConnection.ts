/**
 * Connections of the `ssh` gateway (issue 28): one `ssh2` client per server in a pool (idle ones close, all
 * close at shutdown), its host key pinned by SHA-256 fingerprint, failures translated to `ServerUnreachable`
 * with a reason the UI translates. Never the `ssh` binary: commands go over exec channels as one argument
 * vector, each argument single-quoted for the far side's login shell (see `shellWords`).
 */
import { createHash } from 'node:crypto';
import net from 'node:net';
import { Client, type ClientChannel, type SFTPWrapper } from 'ssh2';
import sshpk from 'sshpk';

/** Why a server could not be reached: `job.unreachableReason.<reason>` in the translations. */
export type UnreachableReason = 'auth_refused' | 'host_key_unknown' | 'host_key_changed' | 'timeout' | 'connection_failed' | 'connection_lost' | 'not_configured';

/**
 * A gateway's `ServerUnreachable` (plugins/sdk/gateway.ts; the job runner recognises it by its name): the
 * change stays pending and the job ends with `job.unreachable` and this reason.
 */
export class SshUnreachable extends Error {
  readonly reason: UnreachableReason;
  constructor(reason: UnreachableReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServerUnreachable';
    this.reason = reason;
  }
}

/** Where and as whom to connect (a server's row of `managed_server_connections`, the key opened). */
export interface SshSettings {
  host: string;
  port: number;
  username: string;
  /** OpenSSH private key (ed25519), in plain text only in memory. */
  privateKey: string;
  /** Per operation and for the handshake; default 10 000 ms. */
  timeoutMs?: number;
}

/** The pinned host key of a server: `fingerprint` is `SHA256:…` as `ssh-keygen -l` prints it. */
export interface PinnedHostKey {
  fingerprint: string;
  /** Whether a cluster administrator confirmed it (a key only seen is refused until then, unless trust on first use). */
  confirmed: boolean;
}

/** Where the pins live (the database in the portal; memory in tests). */
export interface HostKeyStore {
  get(serverId: number): Promise<PinnedHostKey | null>;
  /** A key seen on a first contact: pinned (confirmed when trusted on first use). */
  seen(serverId: number, fingerprint: string, confirmed: boolean): Promise<void>;
  /** Each successful connection (the page's "last contact"). */
  contacted?(serverId: number, at: Date): Promise<void>;
}

export const memoryHostKeys = (): HostKeyStore & { pins: Map<number, PinnedHostKey> } => {
  const pins = new Map<number, PinnedHostKey>();
  return {
    pins,
    get: async (id) => pins.get(id) ?? null,
    seen: async (id, fingerprint, confirmed) => void pins.set(id, { fingerprint, confirmed }),
  };
};

/** `SHA256:<base64 without padding>` of a public key (its wire form, or an OpenSSH line). */
export function fingerprintOf(key: Buffer | string): string {
  const parsed = typeof key === 'string' ? sshpk.parseKey(key, 'ssh') : sshpk.parseKey(key, 'rfc4253');
  return parsed.fingerprint('sha256').toString();
}

/** A new ed25519 key pair for a server: the private key (OpenSSH format) and the `authorized_keys` line. */
export function generateKeyPair(comment: string): { privateKey: string; publicKey: string; fingerprint: string } {
  const key = sshpk.generatePrivateKey('ed25519');
  key.comment = comment;
  const pub = key.toPublic();
  pub.comment = comment;
  return { privateKey: key.toString('openssh'), publicKey: pub.toString('ssh').trim(), fingerprint: pub.fingerprint('sha256').toString() };
}

/** Arguments as one command line for the far side's login shell: every argument single-quoted (no expansion at all). */
export function shellWords(argv: readonly string[]): string {
  return argv
    .map((a) => {
      // eslint-disable-next-line no-control-regex -- NUL and line breaks are refused
      if (/[\u0000\n\r]/.test(a)) throw new Error('control character in an argument');
      return /^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
    })
    .join(' ');
}

/** An ssh2 failure → the reason shown to the user. */
export function translate(e: unknown, during: 'connect' | 'operation'): SshUnreachable {
  if (e instanceof SshUnreachable) return e;
  const err = e as { message?: string; level?: string; code?: string } | null;
  const message = err?.message ?? String(e);
  let reason: UnreachableReason = during === 'connect' ? 'connection_failed' : 'connection_lost';
  if (err?.level === 'client-authentication' || /authentication methods failed/i.test(message)) reason = 'auth_refused';
  else if (/timed out|ETIMEDOUT/i.test(message) || err?.level === 'client-timeout') reason = 'timeout';
  return new SshUnreachable(reason, message, { cause: e });
}

/** Network errors worth a second try (not a refused login or host key). */
const transient = (e: SshUnreachable) => e.reason === 'connection_failed' || e.reason === 'timeout';

/** One open connection and its SFTP session. */
export interface SshConnection {
  client: Client;
  sftp: SFTPWrapper;
  /** Destroys the socket (tests: a connection dropped in the middle of an apply). */
  drop(): void;
}

interface Entry {
  connection: Promise<SshConnection>;
  users: number;
  idle?: NodeJS.Timeout;
}

/**
 * The connections of all ssh servers: one per server, shared by its operations (ssh multiplexes channels),
 * closed after `idleMs` without use, all closed by `dispose` (the portal's shutdown).
 */
export class SshPool {
  readonly #entries = new Map<number, Entry>();
  readonly #idleMs: number;
  /** Connections opened so far (the bench counts them). */
  opened = 0;

  constructor(options: { idleMs?: number } = {}) {
    this.#idleMs = options.idleMs ?? 30_000;
  }

  /** Runs `use` on the server's connection (opening it when none is open). */
  async with<T>(serverId: number, open: () => Promise<SshConnection>, use: (c: SshConnection) => Promise<T>): Promise<T> {
    let entry = this.#entries.get(serverId);
    if (!entry) {
      const connection = open().then((c) => {
        this.opened++;
        const forget = () => {
          if (this.#entries.get(serverId)?.connection === connection) this.#entries.delete(serverId);
        };
        c.client.on('close', forget);
        c.client.on('error', forget);
        return c;
      });
      entry = { connection, users: 0 };
      this.#entries.set(serverId, entry);
      connection.catch(() => {
        if (this.#entries.get(serverId) === entry) this.#entries.delete(serverId);
      });
    }
    const current = entry;
    current.users++;
    clearTimeout(current.idle);
    try {
      return await use(await current.connection);
    } finally {
      current.users--;
      if (current.users === 0 && this.#entries.get(serverId) === current) {
        current.idle = setTimeout(() => this.close(serverId), this.#idleMs);
        current.idle.unref();
      }
    }
  }

  /** Closes a server's connection (settings changed, idle). */
  close(serverId: number): void {
    const entry = this.#entries.get(serverId);
    if (!entry) return;
    this.#entries.delete(serverId);
    clearTimeout(entry.idle);
    entry.connection.then((c) => c.client.end()).catch(() => undefined);
  }

  /** Tests: the server's socket goes away (a connection dropped in the middle of something). */
  dropForTest(serverId: number): void {
    void this.#entries.get(serverId)?.connection.then((c) => c.drop());
  }

  /** Closes every connection (shutdown). */
  dispose(): void {
    for (const id of [...this.#entries.keys()]) this.close(id);
  }

  /** Open (or opening) connections. */
  get size(): number {
    return this.#entries.size;
  }
}

/**
 * Opens a connection: the host key checked against the pin (none yet: pinned, and refused until a cluster
 * administrator confirms it unless `trustOnFirstUse`), then the SFTP session. Transient network failures
 * are tried again (3 tries, 250 ms, 1 s apart).
 */
export async function openConnection(serverId: number, settings: SshSettings, hostKeys: HostKeyStore, options: { trustOnFirstUse?: boolean } = {}): Promise<SshConnection> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await connectOnce(serverId, settings, hostKeys, options.trustOnFirstUse ?? false);
    } catch (e) {
      const t = translate(e, 'connect');
      if (!transient(t) || attempt >= 2) throw t;
      await new Promise((r) => setTimeout(r, attempt === 0 ? 250 : 1000));
    }
  }
}

async function connectOnce(serverId: number, settings: SshSettings, hostKeys: HostKeyStore, trustOnFirstUse: boolean): Promise<SshConnection> {
  const pinned = await hostKeys.get(serverId);
  let refusal: SshUnreachable | undefined;
  let seen: string | undefined;
  const client = new Client();
  await new Promise<void>((resolve, reject) => {
    client.on('ready', () => resolve());
    client.on('error', (e) => reject(refusal ?? e));
    client.on('close', () => reject(refusal ?? new SshUnreachable('connection_failed', 'connection closed during the handshake')));
    // Our own socket, without Nagle's algorithm: every SFTP request waits for its answer, and with Nagle and
    // delayed ACKs each such round trip took ~40 ms instead of well under one (bench/ssh-gateway.ts).
    const sock = net.connect({ host: settings.host, port: settings.port });
    sock.setNoDelay(true);
    client.connect({
      sock,
      host: settings.host,
      port: settings.port,
      username: settings.username,
      privateKey: settings.privateKey,
      readyTimeout: settings.timeoutMs ?? 10_000,
      keepaliveInterval: 5000,
      keepaliveCountMax: 2,
      hostVerifier: (key: Buffer) => {
        seen = fingerprintOf(key);
        if (!pinned) {
          if (trustOnFirstUse) return true;
          refusal = new SshUnreachable('host_key_unknown', `host key ${seen} not confirmed yet`);
          return false;
        }
        if (pinned.fingerprint !== seen) {
          refusal = new SshUnreachable('host_key_changed', `host key changed: pinned ${pinned.fingerprint}, offered ${seen}`);
          return false;
        }
        if (!pinned.confirmed) {
          refusal = new SshUnreachable('host_key_unknown', `host key ${seen} not confirmed yet`);
          return false;
        }
        return true;
      },
    });
  }).catch(async (e: unknown) => {
    client.end();
    // A first contact records the key it saw, for the connection page to show and confirm.
    if (!pinned && seen && (e as SshUnreachable).reason === 'host_key_unknown') await hostKeys.seen(serverId, seen, false);
    throw e;
  });
  client.removeAllListeners('error');
  client.removeAllListeners('close');
  client.on('error', () => undefined); // reported to the operations that were running
  if (!pinned && seen) await hostKeys.seen(serverId, seen, true);
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => client.sftp((err, s) => (err ? reject(err) : resolve(s))));
  await hostKeys.contacted?.(serverId, new Date());
  return { client, sftp, drop: () => (client as unknown as { _sock?: { destroy(): void } })._sock?.destroy() };
}

/** What a command printed and how it ended. */
export interface ExecResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

const MAX_OUTPUT = 1024 * 1024;

/**
 * Runs one command (an argument vector) over an exec channel. The time limit is kept on the far side by
 * coreutils' `timeout` (TERM, KILL 2 s later): sshd does not pass a channel's signal to the command, and
 * closing the channel leaves a program that runs on (a check that starts memcached for a moment) — the
 * channel would stay open until it ends. This side's timer is the backstop for a far side that hangs.
 */
export function exec(c: SshConnection, argv: readonly string[], options: { input?: string; timeoutMs?: number } = {}): Promise<ExecResult> {
  const started = performance.now();
  const limitMs = options.timeoutMs ?? 10_000;
  const command = shellWords(['timeout', '-k', '2', `${(limitMs / 1000).toFixed(3)}s`, ...argv]);
  return new Promise((resolve, reject) => {
    c.client.exec(command, (err, stream: ClientChannel) => {
      if (err) return reject(translate(err, 'operation'));
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      let done = false;
      const timer = setTimeout(() => {
        timedOut = true;
        stream.close();
      }, limitMs + 5000);
      const lost = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(new SshUnreachable('connection_lost', `connection lost while running ${argv[0]}`));
      };
      c.client.once('close', lost);
      stream.on('data', (d: Buffer) => void (stdout.length < MAX_OUTPUT && (stdout += d.toString('utf8'))));
      stream.stderr.on('data', (d: Buffer) => void (stderr.length < MAX_OUTPUT && (stderr += d.toString('utf8'))));
      stream.on('close', (code: number | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        c.client.removeListener('close', lost);
        const durationMs = Math.round(performance.now() - started);
        // `timeout` ends with 124 (TERM) or 137 (KILL) when the limit passed.
        if ((code === 124 || code === 137) && durationMs >= limitMs - 50) timedOut = true;
        resolve({ exitCode: timedOut ? null : (code ?? null), stdout, stderr, timedOut, durationMs });
      });
      if (options.input !== undefined) stream.end(options.input);
      else stream.end();
    });
  });
}

/** An SFTP call as a promise; a failure of the connection (not of the file) becomes `connection_lost`. */
export function sftpCall<T>(c: SshConnection, call: (sftp: SFTPWrapper, done: (err: Error | null | undefined, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const lost = () => {
      if (settled) return;
      settled = true;
      reject(new SshUnreachable('connection_lost', 'connection lost during a file transfer'));
    };
    c.client.once('close', lost);
    call(c.sftp, (err, value) => {
      if (settled) return;
      settled = true;
      c.client.removeListener('close', lost);
      if (err) reject(typeof (err as { code?: unknown }).code === 'number' ? err : translate(err, 'operation'));
      else resolve(value as T);
    });
  });
}

/** A fingerprint of content (drift and tests). */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
