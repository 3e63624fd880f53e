/**
 * Program descriptors: what a plugin declares about each program it runs on a server — the paths it owns
 * (globs), how the program checks a configuration, how it takes a new one (reload rather than restart), how
 * the `local` gateway runs a private instance of it, and whether it needs privileges. Data and small
 * functions only, so that every gateway (`local` now, `ssh` next) runs the same descriptor: the `local`
 * gateway starts a private instance in the sandbox, the `ssh` gateway runs `validate` on the staged files
 * and `systemctl <reload> <unit>` through `sudo -n` when `privileged`.
 *
 * This module has no dependencies beyond the SDK's gateway types: a plugin's `server/program.ts` (its
 * descriptors, default export) imports only this entry, so the generator can read the paths without
 * loading the plugin's server part (and refuse two plugins owning the same path).
 */
import type { CheckOutcome, ConfigFile, PathArg, ReachTarget, ServerGateway, ServiceControl } from './gateway.ts';

// Checks and reloads for descriptors of programs without a check mode (no dependencies either).
export { checkByStarting, checkInStage, restartOrStop, type StagedCheck, type StartCheck } from './checkFiles.ts';

/** A command of a program: the tool and its fixed arguments, run without a shell (`PathArg`s are mapped by the gateway). */
export interface ProgramCommand {
  tool: string;
  args: readonly (string | PathArg)[];
  /** Default 15 000 ms. */
  timeoutMs?: number;
}

/**
 * How a configuration is checked. A command (exit 0 passes; `nginx -t -c <main conf>`: a gateway that
 * stages files maps the `PathArg` to the staged copy), or a small function over the plugin's files for
 * tools that check one file at a time (`named-checkzone`, `ssh-keygen -l`; `checkEachFile` helps).
 */
export type ProgramValidate = ProgramCommand | ((gateway: ServerGateway, files: readonly ConfigFile[]) => Promise<CheckOutcome>);

/** Where the `local` gateway runs its private instance: the sandbox of one server. */
export interface LocalEnv {
  /** The sandbox directory (absolute, no trailing slash). */
  root: string;
  /** A server path → its place in the sandbox. */
  hostPath(path: string): string;
  /**
   * The content of a server path in the sandbox (`null`: no such file) — for a program whose configuration is
   * its command line (memcached: Debian's unit turns `/etc/memcached.conf` into arguments), so `args` can read it.
   */
  readFile(path: string): Promise<string | null>;
  /**
   * The operating-system user the instance runs as there: the portal's own user on the `local` gateway, the
   * login user on the far side of `ssh` (MariaDB's socket login and `--user=root` depend on it).
   */
  user: string;
  /**
   * Where a service of this server listens (`gateway.listenAddress`): a private instance whose own files name its
   * port (Postfix's master.cf). Added after the first version.
   */
  listenAddress(service: string, defaultPort: number): Promise<{ host: string; port: number }>;
}

/**
 * The private instance of a program the `local` gateway runs per server (`tool <args…>`, daemonising,
 * its pid file, logs and temporary files inside the sandbox). The gateway writes `files` and creates
 * `dirs` before checking or starting it, starts it when it does not run, reloads it when it does, stops
 * it with SIGTERM, and records the portal as its owner (it ends with the portal).
 */
export interface LocalInstance {
  /** The instance's own files (its main configuration, like a distribution's `/etc/nginx/nginx.conf`). */
  files?(env: LocalEnv): readonly ConfigFile[] | Promise<readonly ConfigFile[]>;
  /** Directories it needs (server paths). */
  dirs?: readonly string[];
  /** Its pid file (server path). */
  pidFile: string;
  /**
   * The arguments that point it at the sandbox (`-p <root>/ -c <main conf>`), used by every command below; may
   * read the rendered files (`env.readFile`) for a program configured by its command line.
   */
  args(env: LocalEnv): string[] | Promise<string[]>;
  /** Extra arguments: check the configuration (`['-t']`). Without: the descriptor's `validate`. */
  validate?: readonly string[];
  /** Extra arguments: start (daemonises and writes the pid file, unless `foreground`). */
  start: readonly string[];
  /**
   * The program does not daemonise (`mariadbd`): the gateway starts it detached in a session of its own, its
   * output into the sandbox's `/.portal/<id>.out`, and waits until it writes its pid file (or ends: failed,
   * with that output).
   */
  foreground?: boolean;
  /**
   * Sets the instance up once before its first start, when `creates` (a server path) does not exist yet —
   * a data directory a distribution's package would have created (`mariadb-install-db --datadir=…`).
   */
  init?: { tool: string; args(env: LocalEnv): string[]; creates: string; timeoutMs?: number };
  /**
   * For a program without a log file of its own whose daemon keeps the standard output and error it was started
   * with (memcached `-d` with `-v`): the start's output is appended to this file (server path) instead of being
   * collected, and the gateway waits for the start command to exit, not for its output to close.
   */
  output?: string;
  /**
   * Environment variables of every command of the instance (besides `PATH` and `LANG`), for a program configured
   * by its environment (RabbitMQ: `RABBITMQ_NODENAME`, `RABBITMQ_MNESIA_BASE`, `ERL_EPMD_PORT`, …); may read the
   * rendered files (`env.readFile`). Names `[A-Z_][A-Z0-9_]*`.
   */
  env?(env: LocalEnv): Record<string, string> | Promise<Record<string, string>>;
  /**
   * The executable by absolute path, where the distribution keeps the real program off `PATH` and puts a wrapper
   * there (Debian's `/usr/sbin/rabbitmq-server` switches to the `rabbitmq` user): `/usr/lib/rabbitmq/bin/rabbitmq-server`.
   */
  command?: string;
  /**
   * A word of the running process's command line that proves its pid file names it (default: the tool) — for a
   * program a script starts under another name (RabbitMQ runs as Erlang's `beam.smp`).
   */
  process?: string;
  /** Extra arguments: reload a running instance (`['-s', 'reload']`). Without: stop and start. */
  reload?: readonly string[];
  /**
   * A reload that is asynchronous reports its outcome in a log: the gateway watches what is appended after
   * the reload signal, `failed` → failed with that text, `done` → passed, nothing within `waitMs` → passed.
   */
  reloadLog?: { path: string; failed: RegExp; done: RegExp; waitMs?: number };
}

/** A program a plugin runs on a server. */
export interface ProgramDescriptor {
  /** `[a-z0-9-]`, e.g. `nginx`: the apply lock is per server and program; `ApplySteps.service` names it. */
  id: string;
  /** The executable (default: the id), looked up on the server's PATH (and the sbin directories). */
  tool?: string;
  /**
   * Server paths this plugin writes, as globs (`*`: within one path segment, `**`: any depth, `?`: one
   * character), e.g. `/etc/nginx/conf.d/portal-*.conf`. The plugin's gateway refuses writes elsewhere, and
   * the generator refuses two plugins whose globs overlap.
   */
  paths: readonly string[];
  /** Paths the plugin only reads (logs), as globs. */
  reads?: readonly string[];
  /**
   * Files the plugin's configuration includes but that belong to the customer or the server's administrator
   * (a web server's include slots), as globs: readable, and never written or removed through the plugin's
   * gateway, even where `paths` would cover them — an apply keeps whatever is there.
   */
  preserved?: readonly string[];
  /**
   * Directories (server paths) the program's check reads as a whole, e.g. `['/etc/nginx', '/etc/ssl/portal']`:
   * a gateway that stages (`ssh`) copies them into a staging directory, puts the new set over the copy, points
   * the copy's references to these directories at the copy, and runs the check there — a configuration the check
   * refuses never reaches the live files. Without: the job writes the files, then checks them in place.
   */
  stage?: readonly string[];
  /** Whether its commands need root on a real server (the `ssh` gateway runs them through `sudo -n`). */
  privileged?: boolean;
  /** Where it listens by default: the status reports `listenAddress(id, port)`. */
  port?: number;
  /** How a configuration is checked (none: `skipped`, `not_supported`). */
  validate?: ProgramValidate;
  /**
   * The system service on a real server: its unit and how it takes a new configuration — `reload`
   * (preferred), `restart`, or `none` (it reads its files on every use, like sshd's `authorized_keys`).
   */
  service?: { unit: string; reload: 'reload' | 'restart' | 'none' };
  /** The private instance on the `local` gateway (none: the files are written, checked with `validate`, nothing runs). */
  local?: LocalInstance;
}

const programId = /^[a-z][a-z0-9-]{0,40}$/;

/** Whether a glob is one this module understands: absolute, no `..`/`.` segments, no character classes or braces. */
export function globProblem(glob: string): string | undefined {
  if (typeof glob !== 'string' || !glob.startsWith('/') || glob.length > 512) return 'must be an absolute path';
  // eslint-disable-next-line no-control-regex -- control characters are refused
  if (/[\u0000-\u001f\u007f[\]{}\\]/.test(glob)) return 'may use only *, ** and ? as wildcards';
  if (glob.split('/').some((s) => s === '..' || s === '.')) return 'has a relative segment';
  if (/[^/]\*\*|\*\*[^/]/.test(glob.replace(/\*\*\*+/g, '!'))) return '** must be a whole path segment';
  return undefined;
}

/** Checks a descriptor (generator and host); returns the problems. */
export function programProblems(p: ProgramDescriptor): string[] {
  const out: string[] = [];
  if (!p || typeof p !== 'object') return ['is not a program descriptor'];
  if (typeof p.id !== 'string' || !programId.test(p.id)) out.push(`id ${JSON.stringify(p.id)} is not a program id`);
  if (!Array.isArray(p.paths)) out.push('paths must be a list of globs');
  for (const g of [...(p.paths ?? []), ...(p.reads ?? []), ...(p.preserved ?? []), ...(p.stage ?? [])]) {
    const problem = globProblem(g);
    if (problem) out.push(`${JSON.stringify(g)} ${problem}`);
  }
  return out;
}

/** Declares a plugin's programs (the default export of its `server/program.ts`). */
export const definePrograms = (programs: readonly ProgramDescriptor[]): readonly ProgramDescriptor[] => programs;

type Token = { kind: 'char'; c: string } | { kind: 'one' } | { kind: 'segment' } | { kind: 'any' };

function tokens(glob: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      out.push({ kind: 'any' });
      while (glob[i + 1] === '*') i++;
    } else if (c === '*') out.push({ kind: 'segment' });
    else if (c === '?') out.push({ kind: 'one' });
    else out.push({ kind: 'char', c });
  }
  return out;
}

const escape = (s: string) => s.replace(/[.+^${}()|[\]\\/]/g, '\\$&');

/** Whether a path matches a glob (`*` within a segment, `**` across segments, `?` one character). */
export function globMatches(glob: string, path: string): boolean {
  const source = tokens(glob)
    .map((t) => (t.kind === 'char' ? escape(t.c) : t.kind === 'one' ? '[^/]' : t.kind === 'segment' ? '[^/]*' : '.*'))
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

/** Whether one character can be consumed by both tokens. */
const compatible = (a: Token, b: Token): boolean => {
  if (a.kind === 'char' && b.kind === 'char') return a.c === b.c;
  if (a.kind === 'char') return b.kind === 'any' || a.c !== '/';
  if (b.kind === 'char') return a.kind === 'any' || b.c !== '/';
  return true; // two wildcards share some character other than '/'
};

/** Whether some path matches both globs (two plugins owning one file). */
export function globsOverlap(a: string, b: string): boolean {
  const x = tokens(a);
  const y = tokens(b);
  const repeats = (t: Token | undefined) => t?.kind === 'segment' || t?.kind === 'any';
  const seen = new Set<string>();
  const todo: [number, number][] = [[0, 0]];
  while (todo.length) {
    const [i, j] = todo.pop()!;
    const key = `${i},${j}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === x.length && j === y.length) return true;
    // A `*`/`**` may match nothing.
    if (repeats(x[i])) todo.push([i + 1, j]);
    if (repeats(y[j])) todo.push([i, j + 1]);
    // Or both consume one character; a `*`/`**` stays where it is.
    if (i < x.length && j < y.length && compatible(x[i], y[j])) todo.push([repeats(x[i]) ? i : i + 1, repeats(y[j]) ? j : j + 1]);
  }
  return false;
}

/** Thrown by a plugin's gateway for a path (or program) the plugin did not declare; never a user's input problem. */
export class PathNotDeclared extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathNotDeclared';
  }
}

/** Whether an error is a refused undeclared path (also across copies of this module). */
export const isPathNotDeclared = (e: unknown): boolean => (e as { name?: unknown } | null)?.name === 'PathNotDeclared';

/** The paths a plugin declared: what it may write, and what it may read besides. */
export interface PathScope {
  pluginId: string;
  programs: readonly ProgramDescriptor[];
  /** It may validate, reload and stop every program, not only its own (`ServerPlugin.controlsPrograms`). */
  controlsAll?: boolean;
}

/** Whether a plugin's declarations let it write (`write`) or read (`read`) a path. */
export function scopeAllows(scope: PathScope, path: string, access: 'read' | 'write'): boolean {
  const preserved = scope.programs.flatMap((p) => p.preserved ?? []).some((g) => globMatches(g, path));
  if (access === 'write') return !preserved && scope.programs.flatMap((p) => p.paths).some((g) => globMatches(g, path));
  return preserved || scope.programs.flatMap((p) => [...p.paths, ...(p.reads ?? [])]).some((g) => globMatches(g, path));
}

/** Whether a directory may hold a path the plugin may read (listing it). */
function scopeAllowsDir(scope: PathScope, dir: string): boolean {
  const under = `${dir.replace(/\/+$/, '').replace(/[*?]/g, '')}/*`;
  return scope.programs.flatMap((p) => [...p.paths, ...(p.reads ?? []), ...(p.preserved ?? [])]).some((g) => globsOverlap(g, under));
}

/**
 * The gateway a plugin gets: the server's gateway, but files only inside the paths its programs declare
 * (`paths` to write, `reads` too to read), path arguments of commands only there, and validate, reload
 * and stop only of its own programs (any program's status may be read). Everything else throws
 * {@link PathNotDeclared}.
 */
export function scopedGateway(gw: ServerGateway, scope: PathScope): ServerGateway {
  const refuse = (what: string, path: string): never => {
    throw new PathNotDeclared(`plugin ${scope.pluginId} did not declare ${JSON.stringify(path)} (${what}); declare it in the paths of its programs (server/program.ts)`);
  };
  const check = (path: string, access: 'read' | 'write') => {
    if (!scopeAllows(scope, path, access)) refuse(access, path);
  };
  const own = new Set(scope.programs.map((p) => p.id));
  const view: ServerGateway = {
    kind: gw.kind,
    serverId: gw.serverId,
    readFile: async (path) => (check(path, 'read'), gw.readFile(path)),
    writeFile: async (file) => (check(file.path, 'write'), gw.writeFile(file)),
    removeFile: async (path) => (check(path, 'write'), gw.removeFile(path)),
    listFiles: async (dir) => (scopeAllowsDir(scope, dir) ? gw.listFiles(dir) : refuse('list', dir)),
    tail: async (path, lines) => (check(path, 'read'), gw.tail(path, lines)),
    hostPath: (path) => gw.hostPath(path),
    listenAddress: (service, port) => gw.listenAddress(service, port),
    // A socket is a file of the server: only one the plugin's programs declare (to read).
    reach: (async (target: ReachTarget) => ('socket' in target && check(target.socket, 'read'), gw.reach(target))) as ServerGateway['reach'],
    user: () => gw.user(),
    hasTool: (tool) => gw.hasTool(tool),
    run: async (request) => {
      for (const a of request.args) if (typeof a !== 'string') check(a.path, 'read');
      return gw.run(request);
    },
    service: (name): ServiceControl => {
      const control = gw.service(name);
      if (scope.controlsAll && !own.has(name)) return control;
      if (own.has(name)) {
        if (!control.validateStaged) return control;
        // The staged set is what the job would write: only the plugin's own paths.
        const staged = control.validateStaged.bind(control);
        return Object.assign(Object.create(control) as ServiceControl, {
          validateStaged: async (writes: readonly ConfigFile[], removes: readonly string[]) => {
            for (const f of writes) check(f.path, 'write');
            for (const p of removes) check(p, 'write');
            return staged(writes, removes);
          },
        });
      }
      const notOwn = async (): Promise<never> => refuse('program', name);
      return { name, status: () => control.status(), validate: notOwn, validateStaged: notOwn, reload: notOwn, stop: notOwn };
    },
    metrics: () => gw.metrics(),
  };
  return view;
}

/**
 * A gateway that only reads: files, directory listings, log tails, the user, installed tools, figures and the status
 * of programs. Writes, removals, commands, connections to a service (`reach`, whose protocol can write) and the
 * steps of a program (validate, reload, stop) throw {@link PathNotDeclared}. What another server's gateway is for a
 * report (`PluginPorts.peerGateway`).
 */
export function readOnlyGateway(gw: ServerGateway): ServerGateway {
  const refuse = async (what: string): Promise<never> => {
    throw new PathNotDeclared(`the gateway of server ${gw.serverId} is read-only here: ${what} refused`);
  };
  return {
    kind: gw.kind,
    serverId: gw.serverId,
    readFile: (path) => gw.readFile(path),
    writeFile: (file) => refuse(`write of ${JSON.stringify(file.path)}`),
    removeFile: (path) => refuse(`removal of ${JSON.stringify(path)}`),
    listFiles: (dir) => gw.listFiles(dir),
    tail: (path, lines) => gw.tail(path, lines),
    hostPath: (path) => gw.hostPath(path),
    listenAddress: (service) => refuse(`listen address of ${service}`),
    reach: (() => refuse('a connection to a service')) as ServerGateway['reach'],
    user: () => gw.user(),
    hasTool: (tool) => gw.hasTool(tool),
    run: (request) => refuse(`run of ${request.tool}`),
    service: (name): ServiceControl => {
      const control = gw.service(name);
      const no = () => refuse(`the steps of program ${name}`);
      return { name, status: () => control.status(), validate: no, validateStaged: no, reload: no, stop: no };
    },
    metrics: () => gw.metrics(),
  };
}

/**
 * Whether the gateway runs the declared programs as private instances in a sandbox (the `local` gateway, or `ssh`
 * with a far-side sandbox directory) rather than a server's own services: what a plugin asks instead of the
 * gateway's kind (a sandboxed instance listens on its own loopback ports, its main file is written by the runner).
 */
export const runsPrivateInstances = (gateway: { hostPath(path: string): string }): boolean => gateway.hostPath('/') !== '/';
