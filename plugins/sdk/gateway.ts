/**
 * The seam between a plugin and a server. A plugin renders files and asks the gateway to write,
 * check and reload them; it never touches the file system or runs processes itself. The embedded
 * `local` gateway maps every path into a sandbox per server under `DATA_DIR/servers/<id>/`; a later
 * `ssh` gateway implements the same interface against a real server without changing a plugin.
 */

/** A configuration file at its path on the server, e.g. `/etc/nginx/conf.d/portal-vhosts.conf`. */
export interface ConfigFile {
  /** Absolute path as the server sees it (`/etc/...`); no `..` segments, no NUL. */
  path: string;
  content: string;
  /** File mode, default `0o644`. */
  mode?: number;
  /**
   * Owner and group on a real server (e.g. `root`, `www-data` for a password file with mode `0o640`).
   * The `local` gateway keeps the portal's own user (it cannot change owners). Added after the first version.
   */
  owner?: string;
  group?: string;
  /** A secret (a password file, a key): its content is never shown in a diff or the change log. */
  secret?: boolean;
  /**
   * Secret parts of an otherwise ordinary file (a token in supervisord's `environment=` line), exactly as they are
   * written in `content`: diffs, drift reports, the files panel and check outputs show `********` in their place.
   * Added after the first version.
   */
  secretValues?: readonly string[];
}

/** Shown instead of a secret value (`ConfigFile.secretValues`). */
export const SECRET_MASK = '********';

/** `text` with every one of `secrets` replaced by `********` (longest first, so a secret inside another goes with it). */
export function maskSecretValues(text: string, secrets: readonly string[] | undefined): string {
  if (!secrets?.length) return text;
  return [...new Set(secrets)]
    .filter((v) => v.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((out, v) => out.split(v).join(SECRET_MASK), text);
}

/** A path argument of a command, translated by the gateway (sandbox on `local`). */
export interface PathArg {
  path: string;
}

/** A command of an allowed tool, run without a shell (arguments are never interpreted). */
export interface RunRequest {
  /** The executable's name, e.g. `nginx`, `named-checkzone`, `ssh-keygen`. Looked up on the server's PATH. */
  tool: string;
  args: readonly (string | PathArg)[];
  /** Sent to standard input. */
  input?: string;
  /** Default 10 000 ms; the process is killed after it. */
  timeoutMs?: number;
}

export interface RunResult {
  /** `null` when the process was killed (time-out). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

/** Whether a tool is installed on the server. */
export interface ToolCheck {
  tool: string;
  available: boolean;
  /** Where it was found. */
  path?: string;
}

/**
 * The result of checking or reloading a configuration. `skipped` means the tool that would check it
 * is not installed there: the change is stored and applied, and the UI says validation was skipped.
 */
export type CheckOutcome =
  | { status: 'passed'; tool?: string; output: string }
  | { status: 'failed'; tool?: string; output: string }
  | { status: 'skipped'; reason: 'tool_missing' | 'not_supported'; tool?: string; output?: string };

export interface ServiceStatus {
  state: 'running' | 'stopped' | 'not_installed' | 'unknown';
  /** Where the service answers, when it listens (the private nginx of the `local` gateway: a loopback port). */
  endpoint?: { host: string; port: number };
  detail?: string;
}

/**
 * The steps of a program the gateway runs from a plugin's descriptor (`ProgramDescriptor`, `./program.ts`):
 * nginx on the `local` gateway: `nginx -t`, start or `-s reload` of a private instance.
 */
export interface ServiceControl {
  readonly name: string;
  /** Checks the configuration currently written on the server (`files`: the plugin's files, for descriptors that check file by file). */
  validate(files?: readonly ConfigFile[]): Promise<CheckOutcome>;
  /**
   * Checks the whole set as it will be before any live file changes (issue 28): the gateway writes `writes` into
   * a staging copy of the program's `stage` directories (without `removes`) and runs the descriptor's check
   * there. `null`: this gateway or program cannot stage; the job writes, then `validate`s in place. Optional.
   */
  validateStaged?(writes: readonly ConfigFile[], removes: readonly string[]): Promise<CheckOutcome | null>;
  /** Makes the running service use the written configuration (starts it when it is not running). */
  reload(): Promise<CheckOutcome>;
  status(): Promise<ServiceStatus>;
  /** Stops the service (the `local` gateway's private processes; tests and shutdown). */
  stop(): Promise<void>;
}

/** Live figures of the server. */
export interface ServerMetrics {
  /** ISO time of the measurement. */
  at: string;
  /** Load average over 1, 5, 15 minutes. */
  load: [number, number, number];
  cpuCount: number;
  memory: { totalBytes: number; usedBytes: number };
  disk: { totalBytes: number; usedBytes: number };
  uptimeSeconds: number;
}

/** A service's address on the server: a loopback port, or a unix socket (a server path). */
export type ReachTarget = { host?: string; port: number } | { socket: string };
/** Where this machine reaches it: a TCP address, or a unix socket (`socketPath`, as mariadb and node-redis name it). */
export type Reachable = { host: string; port: number } | { socketPath: string };

/** Everything a plugin may do on one server. Paths are server paths (`/etc/...`, `/var/log/...`). */
export interface ServerGateway {
  readonly kind: 'local' | 'ssh';
  readonly serverId: number;
  /** The file's content, or `null` when it does not exist. */
  readFile(path: string): Promise<string | null>;
  /** Writes atomically (temporary file + rename), creating directories. */
  writeFile(file: ConfigFile): Promise<void>;
  /** Removes a file; no error when it does not exist. */
  removeFile(path: string): Promise<void>;
  /** Names of the files directly in a directory (empty when it does not exist). */
  listFiles(dir: string): Promise<string[]>;
  /** The last `lines` lines of a (log) file; empty when it does not exist. */
  tail(path: string, lines: number): Promise<string[]>;
  /**
   * The path as the service on this server sees it, for use *inside* rendered configuration
   * (`access_log`, `include`, `root`). `local`: inside the sandbox; `ssh`: unchanged.
   */
  hostPath(path: string): string;
  /**
   * Where a service should listen for this server (render it into `listen`). `local`: a loopback
   * port of its own per server and service; `ssh`: the service's usual address.
   */
  listenAddress(service: string, defaultPort: number): Promise<{ host: string; port: number }>;
  /**
   * Where the portal connects to a service of this server in the service's own protocol (memcached, redis,
   * MariaDB, an HTTP admin API): `target` is a port on the server's loopback (`listenAddress`'s) or a unix socket
   * (a server path). `local`: that address itself (the socket inside the sandbox); `ssh`: a port on this machine's
   * loopback forwarded over the server's SSH connection (direct-tcpip, or streamlocal for a socket), so no plugin
   * opens a port of the server to the network or branches on the gateway's kind. The answer's keys are the
   * connection options most clients take (`host`/`port`, `socketPath`).
   */
  reach(target: { host?: string; port: number }): Promise<{ host: string; port: number }>;
  reach(target: ReachTarget): Promise<Reachable>;
  /**
   * The operating-system user the gateway acts as on the server (read once): the portal's own on `local`, the login
   * user on `ssh`. Private instances run as it (`LocalEnv.user`); MariaDB's socket administrator is it.
   */
  user(): Promise<string>;
  hasTool(tool: string): Promise<ToolCheck>;
  run(request: RunRequest): Promise<RunResult>;
  /**
   * Validate / reload / status of a program a plugin declared (its `ProgramDescriptor`); others report
   * `not_supported` (their status: `unknown`).
   */
  service(name: string): ServiceControl;
  metrics(): Promise<ServerMetrics>;
}

/**
 * Thrown by a gateway that cannot reach its server (connection refused or lost, a time-out, the host's key or
 * login refused) — never for a configuration the server's tools refuse (that is a `failed` CheckOutcome).
 * The apply job then keeps the change pending and the desired state as it is, ends with `job.unreachable`,
 * and the change can be applied again (`retryManagedPlugin`, or the section's "apply now").
 */
export class ServerUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServerUnreachable';
  }
}

/** Whether an error says the server could not be reached (also across copies of this module). */
export const isServerUnreachable = (e: unknown): boolean => (e as { name?: unknown } | null)?.name === 'ServerUnreachable';
