/**
 * The embedded `local` gateway: the machine the portal runs on is the server, inside a sandbox
 * directory per server (`DATA_DIR/servers/<id>/`). Every path is mapped into the sandbox and checked
 * (no `..`, no NUL, no symlink leading out); tools run with `execFile` (never a shell) and a time-out.
 * Where a service's own tool is installed it is used for real (a private nginx on a loopback port).
 *
 * Every program it starts ends with the portal: the portal process that last started or reloaded a program
 * is recorded as its owner (`/.portal/owner-<program>.json` in the sandbox: host, pid, process start time);
 * at shutdown a portal stops the programs it owns (`stopLocalPrograms(baseDir, 'mine')`), and at start the
 * programs whose owner is gone — a portal that was killed — are stopped (`'orphaned'`).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type {
  Reachable,
  ReachTarget,
  CheckOutcome,
  ConfigFile,
  RunRequest,
  RunResult,
  ServerGateway,
  ServerMetrics,
  ServiceControl,
  ServiceStatus,
  ToolCheck,
} from '@portal/plugin-sdk/gateway';
import type { ProgramDescriptor } from '@portal/plugin-sdk/program';
import { localProgram, stopPid } from './localProgram.ts';
import { findTool, MAX_OUTPUT, oneAtATime, runProgram, SandboxViolation, toolName } from './programs.ts';

/** Re-exported: what `@portal/core/managed` and the tests always took from here. */
export { findTool, runProgram, SandboxViolation };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Memory in use: MemTotal − MemAvailable from /proc/meminfo (what `free` calls used), else total − free. */
async function memoryUsed(): Promise<number> {
  try {
    const info = await fs.readFile('/proc/meminfo', 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? NaN) * 1024;
    const used = kb('MemTotal') - kb('MemAvailable');
    if (Number.isFinite(used)) return used;
  } catch {
    /* not Linux */
  }
  return os.totalmem() - os.freemem();
}

export interface LocalGatewayOptions {
  /** `DATA_DIR/servers`. */
  baseDir: string;
  serverId: number;
  /**
   * The programs the plugins declared (`ServerPlugin.programs`): the gateway runs them as their descriptors
   * say (a private instance when a descriptor has `local`). Several plugins may declare one program (each
   * with its own paths): the first descriptor of an id that says how to run it is used. Every other
   * program is written but neither checked nor reloaded.
   */
  programs?: readonly ProgramDescriptor[];
}

/** The portal process that runs (owns) a program the gateway started: it ends with it. */
interface ProgramOwner {
  host: string;
  pid: number;
  /** The process's start time (`/proc/<pid>/stat`, field 22), so a reused pid is not taken for it; null off Linux. */
  since: string | null;
  /** The program's pid file (sandbox path) and executable, so it can be stopped without its descriptor. */
  pidFile?: string;
  tool?: string;
}

/** When a process started (clock ticks since boot), or null where `/proc` cannot tell. */
async function processStart(pid: number): Promise<string | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces and parentheses): state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

let selfOwner: Promise<ProgramOwner> | undefined;
const thisPortal = () => (selfOwner ??= processStart(process.pid).then((since) => ({ host: os.hostname(), pid: process.pid, since })));

const sameOwner = (a: Pick<ProgramOwner, 'host' | 'pid' | 'since'>, b: Pick<ProgramOwner, 'host' | 'pid' | 'since'>) => a.host === b.host && a.pid === b.pid && a.since === b.since;

/** Whether the portal that owns a program still runs (another machine's portal is never judged). */
async function ownerAlive(owner: ProgramOwner): Promise<boolean> {
  if (owner.host !== os.hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const since = await processStart(owner.pid);
  return owner.since === null || since === null || since === owner.since;
}

const ownerPath = (program: string) => `/.portal/owner-${program}.json`;

/**
 * Stops the programs the `local` gateway ran in the sandboxes under `baseDir` (`DATA_DIR/servers`):
 * `mine` — those this portal process owns (its shutdown); `orphaned` — those whose owning portal no
 * longer runs, or (for the given descriptors) that run without a recorded owner (its start: a killed portal
 * leaves them behind). An owner file names the program's pid file, so no descriptor is needed for those.
 * Returns the server ids whose programs were stopped.
 */
export async function stopLocalPrograms(baseDir: string, which: 'mine' | 'orphaned', programs: readonly ProgramDescriptor[] = []): Promise<number[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(baseDir);
  } catch {
    return [];
  }
  const self = await thisPortal();
  const stopped = new Set<number>();
  const known = new Map(programs.filter((p) => p.local).map((p) => [p.id, p]));
  for (const entry of entries) {
    if (!/^[1-9]\d{0,9}$/.test(entry)) continue;
    const serverId = Number(entry);
    const gw = new LocalGateway({ baseDir, serverId, programs: [...known.values()] });
    const owned = (await gw.listFiles('/.portal')).flatMap((f) => /^owner-([a-z][a-z0-9-]*)\.json$/.exec(f)?.[1] ?? []);
    for (const id of new Set([...owned, ...known.keys()])) {
      let owner: ProgramOwner | null = null;
      try {
        owner = JSON.parse((await gw.readFile(ownerPath(id))) ?? 'null') as ProgramOwner | null;
      } catch {
        /* unreadable: no owner */
      }
      const stop = which === 'mine' ? !!owner && sameOwner(owner, self) : !owner || (!sameOwner(owner, self) && !(await ownerAlive(owner)));
      if (!stop) continue;
      const descriptor = known.get(id);
      const pidFile = owner?.pidFile ?? (descriptor?.local ? gw.hostPath(descriptor.local.pidFile) : undefined);
      const tool = owner?.tool ?? descriptor?.local?.process ?? descriptor?.tool ?? id;
      if (pidFile && pidFile.startsWith(gw.root + path.sep) && (await stopPid(pidFile, tool))) stopped.add(serverId);
      await gw.release(id);
    }
  }
  return [...stopped];
}

export class LocalGateway implements ServerGateway {
  readonly kind = 'local' as const;
  readonly serverId: number;
  /** The sandbox directory (absolute). */
  readonly root: string;
  readonly #services = new Map<string, ServiceControl>();
  readonly #programs = new Map<string, ProgramDescriptor>();

  constructor(options: LocalGatewayOptions) {
    // Per id the first descriptor that says how to run the program (another plugin may only declare its paths for it).
    const runs = (p: ProgramDescriptor) => !!(p.local || p.validate);
    for (const p of options.programs ?? []) if (!this.#programs.has(p.id) || (runs(p) && !runs(this.#programs.get(p.id)!))) this.#programs.set(p.id, p);
    if (!Number.isSafeInteger(options.serverId) || options.serverId < 1) throw new SandboxViolation('bad server id');
    this.serverId = options.serverId;
    this.root = path.resolve(options.baseDir, String(options.serverId));
  }

  /** A server path → its place in the sandbox. Refuses relative paths, `..`, NUL and control characters. */
  hostPath(serverPath: string): string {
    if (typeof serverPath !== 'string' || !serverPath.startsWith('/') || serverPath.length > 1024) throw new SandboxViolation(`not an absolute server path: ${JSON.stringify(serverPath)}`);
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (/[\u0000-\u001f\u007f]/.test(serverPath)) throw new SandboxViolation('control character in path');
    const segments = serverPath.split('/');
    if (segments.some((s) => s === '..' || s === '.')) throw new SandboxViolation(`relative segment in path: ${JSON.stringify(serverPath)}`);
    const mapped = path.join(this.root, ...segments.filter(Boolean));
    if (mapped !== this.root && !mapped.startsWith(this.root + path.sep)) throw new SandboxViolation('path leaves the sandbox');
    return mapped;
  }

  /** Like `hostPath`, and no existing part of the path is a symlink leading out of the sandbox. */
  async #safe(serverPath: string): Promise<string> {
    const mapped = this.hostPath(serverPath);
    await fs.mkdir(this.root, { recursive: true });
    const realRoot = await fs.realpath(this.root);
    let probe = mapped;
    for (;;) {
      try {
        const real = await fs.realpath(probe);
        if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw new SandboxViolation('path leaves the sandbox through a link');
        break;
      } catch (e) {
        if (e instanceof SandboxViolation) throw e;
        const parent = path.dirname(probe);
        if (parent === probe) break;
        probe = parent;
      }
    }
    return mapped;
  }

  async readFile(serverPath: string): Promise<string | null> {
    const file = await this.#safe(serverPath);
    try {
      return await fs.readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async writeFile(file: ConfigFile): Promise<void> {
    const target = await this.#safe(file.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.portal-${process.pid}-${randomUUID()}.tmp`;
    // Owners and groups cannot be handed out here: what the group may read, the private service (another user) may read.
    const mode = file.mode ?? 0o644;
    await fs.writeFile(tmp, file.content, { mode: file.group && mode & 0o040 ? mode | 0o004 : mode, flag: 'wx' });
    await fs.rename(tmp, target);
  }

  async removeFile(serverPath: string): Promise<void> {
    await fs.rm(await this.#safe(serverPath), { force: true });
  }

  async listFiles(dir: string): Promise<string[]> {
    try {
      const entries = await fs.readdir(await this.#safe(dir), { withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => e.name).sort();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw e;
    }
  }

  async tail(serverPath: string, lines: number): Promise<string[]> {
    const file = await this.#safe(serverPath);
    const want = Math.max(0, Math.min(Math.floor(lines), 10_000));
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    try {
      const { size } = await handle.stat();
      const length = Math.min(size, MAX_OUTPUT);
      const { buffer } = await handle.read(Buffer.alloc(length), 0, length, size - length);
      const all = buffer.toString('utf8').split('\n');
      if (all.at(-1) === '') all.pop();
      return want ? all.slice(-want) : [];
    } finally {
      await handle.close();
    }
  }

  /** Records this portal as the owner of a program it started or reloaded (the program ends with it). */
  async claim(program: string): Promise<void> {
    if (!toolName.test(program)) throw new SandboxViolation('bad program name');
    const descriptor = this.#programs.get(program);
    const self: ProgramOwner = {
      ...(await thisPortal()),
      ...(descriptor?.local ? { pidFile: this.hostPath(descriptor.local.pidFile), tool: descriptor.local.process ?? descriptor.tool ?? descriptor.id } : {}),
    };
    const current = await this.readFile(ownerPath(program));
    const next = JSON.stringify(self);
    if (current !== next) await this.writeFile({ path: ownerPath(program), content: next });
  }

  /** Forgets the owner of a program that was stopped. */
  async release(program: string): Promise<void> {
    if (!toolName.test(program)) throw new SandboxViolation('bad program name');
    await this.removeFile(ownerPath(program));
  }

  /** The portal's own user: this machine is the server. */
  async user(): Promise<string> {
    return os.userInfo().username;
  }

  /** This machine is the server: the address itself, a socket inside the sandbox. */
  reach(target: { host?: string; port: number }): Promise<{ host: string; port: number }>;
  reach(target: ReachTarget): Promise<Reachable>;
  async reach(target: ReachTarget): Promise<Reachable> {
    if ('socket' in target) return { socketPath: this.hostPath(target.socket) };
    if (!Number.isInteger(target.port) || target.port < 1 || target.port > 65_535) throw new SandboxViolation('bad port');
    return { host: target.host ?? '127.0.0.1', port: target.port };
  }

  readonly #ports = oneAtATime();

  /** One after the other: the ports of a server live in one file, and parallel first calls would race on it. */
  listenAddress(service: string, defaultPort: number): Promise<{ host: string; port: number }> {
    return this.#ports(() => this.#listenAddress(service, defaultPort));
  }

  async #listenAddress(service: string, defaultPort: number): Promise<{ host: string; port: number }> {
    if (!toolName.test(service)) throw new SandboxViolation('bad service name');
    void defaultPort; // a loopback port of its own instead: several "servers" share this machine
    const file = await this.#safe('/.portal/ports.json');
    let ports: Record<string, number> = {};
    try {
      ports = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, number>;
    } catch {
      /* first time */
    }
    if (!ports[service]) {
      ports[service] = await freePort();
      await this.writeFile({ path: '/.portal/ports.json', content: JSON.stringify(ports) });
    }
    return { host: '127.0.0.1', port: ports[service] };
  }

  async hasTool(tool: string): Promise<ToolCheck> {
    const found = await findTool(tool);
    return { tool, available: !!found, path: found };
  }

  async run(request: RunRequest): Promise<RunResult> {
    const file = await findTool(request.tool);
    if (!file) return { exitCode: 127, stdout: '', stderr: `${request.tool}: not installed`, timedOut: false, durationMs: 0 };
    const args: string[] = [];
    await fs.mkdir(this.root, { recursive: true }); // its working directory
    for (const a of request.args) {
      if (typeof a === 'string') {
        if (a.includes('\0')) throw new SandboxViolation('NUL in argument');
        args.push(a);
      } else args.push(await this.#safe(a.path));
    }
    return runProgram(file, args, { input: request.input, timeoutMs: request.timeoutMs, cwd: this.root });
  }

  service(name: string): ServiceControl {
    let control = this.#services.get(name);
    if (!control) {
      const program = this.#programs.get(name);
      control = program ? localProgram(this, program) : unsupportedService(name);
      this.#services.set(name, control);
    }
    return control;
  }

  async metrics(): Promise<ServerMetrics> {
    await fs.mkdir(this.root, { recursive: true });
    const [used, disk] = await Promise.all([memoryUsed(), fs.statfs(this.root)]);
    const load = os.loadavg();
    return {
      at: new Date().toISOString(),
      load: [load[0], load[1], load[2]],
      cpuCount: os.availableParallelism(),
      memory: { totalBytes: os.totalmem(), usedBytes: used },
      disk: { totalBytes: disk.blocks * disk.bsize, usedBytes: (disk.blocks - disk.bfree) * disk.bsize },
      uptimeSeconds: Math.round(os.uptime()),
    };
  }
}

const notSupported: CheckOutcome = { status: 'skipped', reason: 'not_supported' };

/** A program no plugin declared: changes are written, nothing is checked or reloaded. */
function unsupportedService(name: string): ServiceControl {
  return {
    name,
    validate: async () => notSupported,
    reload: async () => notSupported,
    status: async (): Promise<ServiceStatus> => ({ state: 'unknown' }),
    stop: async () => undefined,
  };
}
