/**
 * The `ssh` gateway (issue 28): the `ServerGateway` port over SSH, with no agent on the server. Files go over
 * SFTP (a temporary file next to the target, then `posix-rename@openssh.com`: atomic), commands over exec
 * channels as fixed argument vectors (`sshConnection.ts`), and the programs the plugins declared are run as
 * their descriptors say — no plugin knows which gateway it has.
 *
 * Two modes:
 * - a real server (`root` empty): paths as they are; a descriptor's `validate` command and
 *   `systemctl reload|restart <unit>` run through `sudo -n` with the tool's absolute path when the program
 *   is `privileged` (the sudoers drop-in `sudoersDropIn` allows exactly those), a health probe
 *   (`systemctl is-active`) after each reload;
 * - a sandbox on the far side (`root` = an absolute directory there, the tests and development): every path
 *   is mapped below it (like the `local` gateway's sandbox, same checks) and a descriptor's private instance
 *   (`local`) is run there over SSH as the login user — a real nginx, checked and reloaded on the far side.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { ClientChannel } from 'ssh2';
import type { CheckOutcome, ConfigFile, Reachable, ReachTarget, RunRequest, RunResult, ServerGateway, ServerMetrics, ServiceControl, ServiceStatus, ToolCheck } from '@portal/plugin-sdk/gateway';
import type { LocalEnv, ProgramDescriptor } from '@portal/plugin-sdk/program';
import { instanceControl, STOP_WAIT_MS, TIMEOUT, trimOutput, type InstanceHost } from './instance.ts';
import { oneAtATime, programEnv, SandboxViolation, toolName } from './programs.ts';
import { exec, openConnection, sftpCall, SshUnreachable, type HostKeyStore, type SshConnection, type SshPool, type SshSettings } from './sshConnection.ts';

export interface SshGatewayOptions {
  serverId: number;
  pool: SshPool;
  hostKeys: HostKeyStore;
  /** The server's connection settings (read when a connection is opened); null: not configured. */
  settings(): Promise<SshSettings | null>;
  /**
   * The far side's sandbox directory (absolute; tests and development): every path is mapped below it and the
   * descriptors' private instances run there. Empty: a real server.
   */
  root?: string;
  programs?: readonly ProgramDescriptor[];
  /** Pin the first host key seen without a confirmation (tests). */
  trustOnFirstUse?: boolean;
}

const toolDirs = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
const SYSTEMCTL = '/usr/bin/systemctl';
const sftpCode = (e: unknown) => (e as { code?: unknown })?.code;
/** SFTP status codes (draft-ietf-secsh-filexfer): no such file, and the generic failure `mkdir` gives for an existing directory. */
const NO_SUCH_FILE = 2;

export class SshGateway implements ServerGateway {
  readonly kind = 'ssh' as const;
  readonly serverId: number;
  readonly #options: SshGatewayOptions;
  readonly #programs = new Map<string, ProgramDescriptor>();
  readonly #services = new Map<string, ServiceControl>();
  readonly #tools = new Map<string, string | null>();
  /** The far side's sandbox directory ('' on a real server). */
  readonly #root: string;

  constructor(options: SshGatewayOptions) {
    if (!Number.isSafeInteger(options.serverId) || options.serverId < 1) throw new SandboxViolation('bad server id');
    this.serverId = options.serverId;
    this.#options = options;
    const root = (options.root ?? '').replace(/\/+$/, '');
    if (root && !path.posix.isAbsolute(root)) throw new SandboxViolation('the sandbox root must be absolute');
    this.#root = root;
    const runs = (p: ProgramDescriptor) => !!(p.local || p.validate || p.service);
    for (const p of options.programs ?? []) if (!this.#programs.has(p.id) || (runs(p) && !runs(this.#programs.get(p.id)!))) this.#programs.set(p.id, p);
  }

  /** Runs `use` on the server's pooled connection. */
  async #with<T>(use: (c: SshConnection) => Promise<T>): Promise<T> {
    return this.#options.pool.with(this.serverId, () => this.#open(), use);
  }

  async #open(): Promise<SshConnection> {
    const settings = await this.#options.settings();
    if (!settings) throw new SshUnreachable('not_configured', `server ${this.serverId} has no ssh connection settings`);
    return openConnection(this.serverId, settings, this.#options.hostKeys, { trustOnFirstUse: this.#options.trustOnFirstUse });
  }

  async #rootDir(): Promise<string> {
    return this.#root;
  }

  /** Whether commands of privileged programs go through `sudo -n` (a real server). */
  get #sudo(): boolean {
    return !this.#root;
  }

  #login: Promise<string> | undefined;

  /** The login user on the far side (`id -un`, read once). */
  user(): Promise<string> {
    this.#login ??= this.#with((c) => exec(c, ['id', '-un'], { timeoutMs: 10_000 })).then((r) => {
      const name = r.stdout.trim();
      if (r.exitCode !== 0 || !/^[a-z_][a-z0-9_.-]{0,31}$/i.test(name)) throw new SandboxViolation(`no user name from id -un: ${JSON.stringify(name)}`);
      return name;
    });
    this.#login.catch(() => (this.#login = undefined));
    return this.#login;
  }

  /** Opens a connection now (the connection page's test), returning how long the round trip took. */
  async test(): Promise<{ durationMs: number; user: string }> {
    const started = performance.now();
    const r = await this.#with((c) => exec(c, ['id', '-un'], { timeoutMs: 10_000 }));
    return { durationMs: Math.round(performance.now() - started), user: r.stdout.trim() };
  }

  #check(serverPath: string): void {
    if (typeof serverPath !== 'string' || !serverPath.startsWith('/') || serverPath.length > 1024) throw new SandboxViolation(`not an absolute server path: ${JSON.stringify(serverPath)}`);
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (/[\u0000-\u001f\u007f]/.test(serverPath)) throw new SandboxViolation('control character in path');
    if (serverPath.split('/').some((s) => s === '..' || s === '.')) throw new SandboxViolation(`relative segment in path: ${JSON.stringify(serverPath)}`);
  }

  /** A server path → the far side's path (below the sandbox root when there is one). Synchronous: needs the settings read once. */
  hostPath(serverPath: string): string {
    this.#check(serverPath);
    const root = this.#root;
    return root ? path.posix.join(root, serverPath) : path.posix.normalize(serverPath);
  }

  async #remote(serverPath: string): Promise<string> {
    await this.#rootDir();
    return this.hostPath(serverPath);
  }

  async readFile(serverPath: string): Promise<string | null> {
    const file = await this.#remote(serverPath);
    return this.#with(async (c) => {
      try {
        return (await sftpCall<Buffer>(c, (s, done) => s.readFile(file, done))).toString('utf8');
      } catch (e) {
        if (sftpCode(e) === NO_SUCH_FILE) return null;
        throw e;
      }
    });
  }

  async #mkdirp(c: SshConnection, dir: string): Promise<void> {
    const parts = dir.split('/').filter(Boolean);
    let missingFrom = parts.length;
    // From the deepest directory up to the first that exists, then down again creating each.
    while (missingFrom > 0) {
      const probe = `/${parts.slice(0, missingFrom).join('/')}`;
      try {
        await sftpCall(c, (s, done) => s.stat(probe, (err) => done(err)));
        break;
      } catch (e) {
        if (sftpCode(e) !== NO_SUCH_FILE) throw e;
        missingFrom--;
      }
    }
    for (let i = missingFrom + 1; i <= parts.length; i++) {
      const d = `/${parts.slice(0, i).join('/')}`;
      await sftpCall(c, (s, done) => s.mkdir(d, (err) => done(err))).catch((e: unknown) => {
        if (typeof sftpCode(e) !== 'number') throw e; // raced with another writer: it exists now
      });
    }
  }

  async writeFile(file: ConfigFile): Promise<void> {
    const target = await this.#remote(file.path);
    const mode = file.mode ?? 0o644;
    await this.#with(async (c) => {
      await this.#mkdirp(c, path.posix.dirname(target));
      const tmp = `${path.posix.dirname(target)}/.${path.posix.basename(target)}.portal-${randomUUID()}.tmp`;
      try {
        await sftpCall(c, (s, done) => s.writeFile(tmp, file.content, { mode, flag: 'wx' }, (err) => done(err)));
        await sftpCall(c, (s, done) => s.chmod(tmp, mode, (err) => done(err)));
        if (file.owner || file.group) await this.#own(c, tmp, file.owner, file.group);
        // Atomic replace on the far side (plain SFTP rename refuses an existing target).
        await sftpCall(c, (s, done) => s.ext_openssh_rename(tmp, target, (err) => done(err)));
      } catch (e) {
        await sftpCall(c, (s, done) => s.unlink(tmp, (err) => done(err))).catch(() => undefined);
        throw e;
      }
    });
  }

  /** Far-side user and group ids by name (`getent`), null for a name the server does not know. */
  readonly #ids = new Map<string, number | null>();

  async #id(c: SshConnection, database: 'passwd' | 'group', name: string): Promise<number | null> {
    if (!/^[a-z_][a-z0-9_-]{0,31}\$?$/i.test(name)) throw new SandboxViolation(`not a ${database === 'passwd' ? 'user' : 'group'} name: ${JSON.stringify(name)}`);
    const key = `${database}:${name}`;
    if (!this.#ids.has(key)) {
      const r = await exec(c, ['getent', database, name], { timeoutMs: 10_000 });
      const id = Number(r.stdout.split(':')[2]);
      this.#ids.set(key, r.exitCode === 0 && Number.isInteger(id) ? id : null);
    }
    return this.#ids.get(key)!;
  }

  /**
   * Owner and group of a file as rendered (`ConfigFile.owner`/`group`), set with SFTP (setstat) on the temporary
   * file before it replaces the target, so the file never appears with other ones. Without root, the far side lets
   * the login user hand its files only to groups it belongs to: an owner other than the login user is then kept as
   * the login user with the group applied (the server's setup makes the portal user a member of e.g. `www-data`); a
   * group it may not hand out fails the write with the server's refusal (in a far-side sandbox: kept as it is).
   */
  async #own(c: SshConnection, file: string, owner: string | undefined, group: string | undefined): Promise<void> {
    const attrs = await sftpCall<{ uid: number; gid: number }>(c, (s, done) => s.stat(file, done));
    const uid = (owner ? await this.#id(c, 'passwd', owner) : null) ?? attrs.uid;
    const gid = (group ? await this.#id(c, 'group', group) : null) ?? attrs.gid;
    if (uid === attrs.uid && gid === attrs.gid) return;
    const chown = (u: number, g: number) => sftpCall(c, (s, done) => s.chown(file, u, g, (err) => done(err)));
    try {
      await chown(uid, gid);
    } catch (e) {
      if (typeof sftpCode(e) !== 'number') throw e;
      try {
        if (uid === attrs.uid) throw e;
        await chown(attrs.uid, gid);
      } catch (again) {
        // The far-side sandbox (tests, development) keeps the login user's own, as the local gateway does.
        if (!this.#root) throw again;
      }
    }
  }

  async removeFile(serverPath: string): Promise<void> {
    const file = await this.#remote(serverPath);
    await this.#with((c) =>
      sftpCall(c, (s, done) => s.unlink(file, (err) => done(err))).catch((e: unknown) => {
        if (sftpCode(e) !== NO_SUCH_FILE) throw e;
      }),
    );
  }

  async listFiles(dir: string): Promise<string[]> {
    const remote = await this.#remote(dir);
    return this.#with(async (c) => {
      try {
        const entries = await sftpCall<{ filename: string; attrs: { isFile(): boolean } }[]>(c, (s, done) => s.readdir(remote, done));
        return entries.filter((e) => e.attrs.isFile()).map((e) => e.filename).sort();
      } catch (e) {
        if (typeof sftpCode(e) === 'number') return [];
        throw e;
      }
    });
  }

  async tail(serverPath: string, lines: number): Promise<string[]> {
    const want = Math.max(0, Math.min(Math.floor(lines), 10_000));
    const file = await this.#remote(serverPath);
    return this.#with(async (c) => {
      let size: number;
      try {
        size = (await sftpCall<{ size: number }>(c, (s, done) => s.stat(file, done))).size;
      } catch (e) {
        if (sftpCode(e) === NO_SUCH_FILE) return [];
        throw e;
      }
      const text = await this.#readFrom(c, file, Math.max(0, size - 1024 * 1024), size);
      const all = text.split('\n');
      if (all.at(-1) === '') all.pop();
      return want ? all.slice(-want) : [];
    });
  }

  /** Bytes `from`…`to` of a far-side file as text. */
  async #readFrom(c: SshConnection, file: string, from: number, to: number): Promise<string> {
    if (to <= from) return '';
    const handle = await sftpCall<Buffer>(c, (s, done) => s.open(file, 'r', done));
    try {
      const buffer = Buffer.alloc(to - from);
      let read = 0;
      while (read < buffer.length) {
        const n = await sftpCall<number>(c, (s, done) => s.read(handle, buffer, read, buffer.length - read, from + read, (err, bytes) => done(err, bytes)));
        if (!n) break;
        read += n;
      }
      return buffer.subarray(0, read).toString('utf8');
    } finally {
      await sftpCall(c, (s, done) => s.close(handle, (err) => done(err))).catch(() => undefined);
    }
  }

  /**
   * Follows a (log) file: `tail -F` over its own exec channel, each new line to `onLine`; the returned
   * function closes the channel (the live view closes it when no one watches any more).
   */
  async follow(serverPath: string, onLine: (line: string) => void): Promise<() => void> {
    const file = await this.#remote(serverPath);
    return this.#with(
      (c) =>
        new Promise<() => void>((resolve, reject) => {
          c.client.exec(`tail -n 0 -F -- '${file.replace(/'/g, `'\\''`)}'`, (err, stream) => {
            if (err) return reject(err);
            let rest = '';
            stream.on('data', (d: Buffer) => {
              const parts = (rest + d.toString('utf8')).split('\n');
              rest = parts.pop() ?? '';
              for (const line of parts) onLine(line);
            });
            stream.stderr.resume();
            resolve(() => {
              stream.signal('TERM');
              stream.close();
            });
          });
        }),
    );
  }

  /** The absolute path of a tool on the far side (the sbin and bin directories), or null. */
  async #tool(tool: string): Promise<string | null> {
    if (!toolName.test(tool)) throw new SandboxViolation(`not a tool name: ${JSON.stringify(tool)}`);
    if (this.#tools.has(tool)) return this.#tools.get(tool)!;
    const found = await this.#with(async (c) => {
      for (const dir of toolDirs) {
        try {
          const attrs = await sftpCall<{ mode: number; isFile(): boolean }>(c, (s, done) => s.stat(`${dir}/${tool}`, done));
          if (attrs.isFile() && attrs.mode & 0o111) return `${dir}/${tool}`;
        } catch (e) {
          if (typeof sftpCode(e) !== 'number') throw e;
        }
      }
      return null;
    });
    this.#tools.set(tool, found);
    return found;
  }

  async hasTool(tool: string): Promise<ToolCheck> {
    const found = await this.#tool(tool);
    return { tool, available: !!found, ...(found ? { path: found } : {}) };
  }

  /** Runs a command with fixed arguments (`PathArg`s mapped), through `sudo -n` when asked and on a real server. */
  async #run(tool: string, args: readonly (string | { path: string })[], options: { input?: string; timeoutMs?: number; privileged?: boolean } = {}): Promise<RunResult> {
    const file = await this.#tool(tool);
    if (!file) return { exitCode: 127, stdout: '', stderr: `${tool}: not installed`, timedOut: false, durationMs: 0 };
    const argv: string[] = [];
    for (const a of args) {
      if (typeof a === 'string') {
        if (a.includes('\0')) throw new SandboxViolation('NUL in argument');
        argv.push(a);
      } else argv.push(await this.#remote(a.path));
    }
    const full = options.privileged && this.#sudo ? ['sudo', '-n', file, ...argv] : [file, ...argv];
    return this.#with((c) => exec(c, full, { input: options.input, timeoutMs: options.timeoutMs ?? 10_000 }));
  }

  run(request: RunRequest): Promise<RunResult> {
    return this.#run(request.tool, request.args, { input: request.input, timeoutMs: request.timeoutMs });
  }

  /** Local listeners forwarding to the server's services, one per target (`reach`). */
  readonly #tunnels = new Map<string, Promise<net.Server>>();

  /**
   * A port on this machine's loopback forwarded to the target over the server's pooled connection: each
   * connection to it opens a channel (direct-tcpip to a loopback port, streamlocal to a unix socket) and holds the
   * pooled connection while it is open. The listeners live as long as this gateway (`close`).
   */
  reach(target: { host?: string; port: number }): Promise<{ host: string; port: number }>;
  reach(target: ReachTarget): Promise<Reachable>;
  async reach(target: ReachTarget): Promise<Reachable> {
    let key: string;
    let open: (c: SshConnection, done: (err: Error | undefined, stream?: ClientChannel) => void) => void;
    if ('socket' in target) {
      const socket = await this.#remote(target.socket);
      key = `unix:${socket}`;
      open = (c, done) => c.client.openssh_forwardOutStreamLocal(socket, (err, stream) => done(err, stream));
    } else {
      const host = target.host ?? '127.0.0.1';
      if (!Number.isInteger(target.port) || target.port < 1 || target.port > 65_535 || !/^(127\.0\.0\.1|::1|localhost)$/.test(host)) throw new SandboxViolation('only a loopback port of the server can be reached');
      key = `tcp:${host}:${target.port}`;
      open = (c, done) => c.client.forwardOut('127.0.0.1', 0, host, target.port, (err, stream) => done(err, stream));
    }
    let listener = this.#tunnels.get(key);
    if (!listener) {
      listener = new Promise<net.Server>((resolve, reject) => {
        const server = net.createServer((local) => {
          local.on('error', () => undefined);
          this.#with(
            (c) =>
              new Promise<void>((ended) => {
                open(c, (err, remote) => {
                  if (err || !remote) {
                    local.destroy();
                    return ended();
                  }
                  local.pipe(remote).pipe(local);
                  remote.on('close', () => (local.destroy(), ended()));
                  local.on('close', () => (remote.close(), ended()));
                });
              }),
          ).catch(() => local.destroy());
        });
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(server));
        server.unref();
      });
      this.#tunnels.set(key, listener);
      listener.catch(() => this.#tunnels.delete(key));
    }
    const { port } = (await listener).address() as net.AddressInfo;
    return { host: '127.0.0.1', port };
  }

  /** Closes the forwarding listeners (the gateway is replaced or the portal stops). */
  close(): void {
    for (const [, listener] of this.#tunnels) void listener.then((s) => s.close()).catch(() => undefined);
    this.#tunnels.clear();
  }

  /** Ports of the far-side sandbox's private instances (several sandboxes share one machine); a real server: the usual one. */
  listenAddress(service: string, defaultPort: number): Promise<{ host: string; port: number }> {
    // One allocation at a time: two programs of a sandbox must not read ports.json before the other wrote it.
    return this.#ports(() => this.#listenAddress(service, defaultPort));
  }

  readonly #ports = oneAtATime();

  async #listenAddress(service: string, defaultPort: number): Promise<{ host: string; port: number }> {
    if (!toolName.test(service)) throw new SandboxViolation('bad service name');
    if (!(await this.#rootDir())) return { host: '127.0.0.1', port: defaultPort };
    const known = JSON.parse((await this.readFile('/.portal/ports.json')) ?? '{}') as Record<string, number>;
    if (!known[service]) {
      // Below Linux's ephemeral range (32768–60999), so no outgoing connection holds it, and not a port a socket
      // of the far side uses now (/proc/net/tcp{,6}, any state); the start differs per server and service.
      const inUse = new Set<number>(Object.values(known));
      for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
        for (const line of ((await this.#readHost(table)) ?? '').split('\n').slice(1)) {
          const local = line.trim().split(/\s+/)[1];
          if (local) inUse.add(Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16));
        }
      }
      const [low, span] = [20_000, 12_768];
      const first = (this.serverId * 7919 + [...service].reduce((a, ch) => a * 31 + ch.charCodeAt(0), 0)) % span;
      let port: number | undefined;
      for (let i = 0; i < span && port === undefined; i++) if (!inUse.has(low + ((first + i) % span))) port = low + ((first + i) % span);
      if (port === undefined) throw new SandboxViolation('no free port on the far side');
      known[service] = port;
      await this.writeFile({ path: '/.portal/ports.json', content: JSON.stringify(known) });
    }
    return { host: '127.0.0.1', port: known[service] };
  }

  service(name: string): ServiceControl {
    let control = this.#services.get(name);
    if (!control) {
      const program = this.#programs.get(name);
      control = program ? this.#program(program) : unsupported(name);
      this.#services.set(name, control);
    }
    return control;
  }

  /** A declared program: its private instance in the far-side sandbox, or its system service on a real server. */
  #program(program: ProgramDescriptor): ServiceControl {
    const tool = program.tool ?? program.id;
    const validateStaged = (writes: readonly ConfigFile[], removes: readonly string[]) => this.#validateStaged(program, writes, removes);
    // The far-side sandbox: the same runner as the local gateway's private instances, on the far side's files and processes.
    if (this.#root && program.local) return { ...instanceControl(this.#instanceHost(), program), validateStaged };
    return {
      name: program.id,
      validateStaged,
      validate: async (files: readonly ConfigFile[] = []) => this.#validateDescriptor(program, files),
      reload: async (): Promise<CheckOutcome> => {
        if (!program.service) return { status: 'skipped', reason: 'not_supported', tool };
        if (program.service.reload === 'none') return { status: 'passed', tool, output: `${program.service.unit} reads its files on every use` };
        if (this.#root) return { status: 'skipped', reason: 'not_supported', tool };
        const r = await this.#run('systemctl', [program.service.reload, program.service.unit], { privileged: true, timeoutMs: 60_000 });
        if (r.exitCode !== 0) return { status: 'failed', tool: 'systemctl', output: trimOutput(r.stderr + r.stdout) || `systemctl ${program.service.reload} ${program.service.unit} failed` };
        // Health probe: the unit runs after taking the new configuration.
        const probe = await this.#run('systemctl', ['is-active', program.service.unit], { timeoutMs: 10_000 });
        if (probe.stdout.trim() !== 'active') return { status: 'failed', tool: 'systemctl', output: `${program.service.unit} is ${probe.stdout.trim() || 'not active'} after ${program.service.reload}` };
        return { status: 'passed', tool: 'systemctl', output: `${program.service.reload}ed ${program.service.unit}` };
      },
      status: async (): Promise<ServiceStatus> => {
        if (!(await this.hasTool(tool)).available) return { state: 'not_installed' };
        if (!program.service) return { state: 'unknown' };
        const r = await this.#run('systemctl', ['is-active', program.service.unit], { timeoutMs: 10_000 });
        const state = r.stdout.trim();
        return { state: state === 'active' ? 'running' : state === 'inactive' || state === 'failed' ? 'stopped' : 'unknown', detail: state };
      },
      stop: async () => {
        if (program.service && !this.#root) await this.#run('systemctl', ['stop', program.service.unit], { privileged: true, timeoutMs: 60_000 });
      },
    };
  }

  /** The descriptor's `validate` (command through `sudo -n` when privileged on a real server, or its function). */
  async #validateDescriptor(program: ProgramDescriptor, files: readonly ConfigFile[]): Promise<CheckOutcome> {
    const v = program.validate;
    if (!v) return { status: 'skipped', reason: 'not_supported' };
    if (typeof v === 'function') return v(this, files);
    if (!(await this.hasTool(v.tool)).available) return { status: 'skipped', reason: 'tool_missing', tool: v.tool };
    const r = await this.#run(v.tool, v.args, { timeoutMs: v.timeoutMs ?? TIMEOUT, privileged: !!program.privileged });
    return { status: r.exitCode === 0 ? 'passed' : 'failed', tool: v.tool, output: trimOutput(r.stderr + r.stdout) || (r.timedOut ? 'timed out' : '') };
  }

  /** A far-side file (a path already mapped) by SFTP: null when missing. */
  async #readHost(file: string): Promise<string | null> {
    return this.#with(async (c) => {
      try {
        return (await sftpCall<Buffer>(c, (s, done) => s.readFile(file, done))).toString('utf8');
      } catch (e) {
        if (typeof sftpCode(e) === 'number') return null;
        throw e;
      }
    });
  }

  /** Runs a command on the far side (fixed arguments; `cwd` and an instance's variables through `env`). */
  #exec(argv: string[], options: { timeoutMs: number; cwd?: string; env?: Record<string, string> }): Promise<RunResult> {
    // programEnv refuses names that are not variables; the far side keeps its own PATH and gets LANG=C.
    const variables = options.env ? Object.entries(programEnv(options.env)).filter(([name]) => name !== 'PATH').map(([name, value]) => `${name}=${value}`) : [];
    const prefix = options.cwd || variables.length ? ['env', ...(options.cwd ? ['-C', options.cwd] : []), ...variables] : [];
    return this.#with((c) => exec(c, [...prefix, ...argv], { timeoutMs: options.timeoutMs }));
  }

  /** The far side's files and processes for the instance runner (instance.ts), inside the sandbox. */
  #instanceHost(): InstanceHost {
    const stat = (file: string) => this.#with((c) => sftpCall<{ size: number }>(c, (s, done) => s.stat(file, done))).catch((e: unknown) => {
      if (typeof sftpCode(e) === 'number') return null;
      throw e;
    });
    const runningPid = async (pidFile: string, tool: string): Promise<number | undefined> => {
      const pid = Number((await this.#readHost(pidFile))?.trim());
      if (!Number.isInteger(pid) || pid < 2) return undefined;
      if ((await this.#exec(['kill', '-0', String(pid)], { timeoutMs: 5000 })).exitCode !== 0) return undefined;
      const cmdline = await this.#readHost(`/proc/${pid}/cmdline`);
      return cmdline === null || cmdline.includes(tool) ? pid : undefined;
    };
    const host: InstanceHost = {
      root: this.#root,
      pollMs: 50,
      hostPath: (p) => this.hostPath(p),
      readFile: (p) => this.readFile(p),
      writeFile: (f) => this.writeFile(f),
      mkdir: (dir) => this.#with((c) => this.#mkdirp(c, dir)),
      exists: async (file) => !!(await stat(file)),
      remove: (file) =>
        this.#with(async (c) => {
          await sftpCall(c, (s, done) => s.unlink(file, (err) => done(err))).catch((e: unknown) => {
            if (sftpCode(e) !== NO_SUCH_FILE) throw e;
          });
        }),
      size: async (file) => (await stat(file))?.size ?? 0,
      readFrom: async (file, offset) => {
        const size = (await stat(file))?.size ?? 0;
        return this.#with((c) => this.#readFrom(c, file, offset, size));
      },
      findTool: async (tool) => (await this.#tool(tool)) ?? undefined,
      user: () => this.user(),
      isExecutable: async (file) => (await this.#exec(['test', '-x', file], { timeoutMs: 5000 })).exitCode === 0,
      run: (file, args, options) => this.#exec([file, ...args], options),
      // The daemon keeps the file as its output, not the channel: the command returns when the start command does.
      runToFile: async (file, args, options) => {
        const offset = (await stat(options.output))?.size ?? 0;
        await this.#with((c) => this.#mkdirp(c, path.posix.dirname(options.output)));
        const r = await this.#exec(['sh', '-c', 'out=$1; shift; exec "$@" >>"$out" 2>&1 </dev/null', 'sh', options.output, file, ...args], options);
        return { ...r, stdout: '', stderr: await host.readFrom(options.output, offset) };
      },
      // Detached in a session of its own; its exit code is not known here (the runner waits for its pid file).
      spawnDetached: async (file, args, options) => {
        await this.#exec(['sh', '-c', 'out=$1; shift; setsid "$@" >"$out" 2>&1 </dev/null &', 'sh', options.output, file, ...args], { timeoutMs: 10_000, cwd: options.cwd, env: options.env });
        return () => undefined;
      },
      runningPid,
      stopPid: async (pidFile, tool) => {
        const pid = await runningPid(pidFile, tool);
        if (!pid) return false;
        await this.#exec(['kill', '-TERM', String(pid)], { timeoutMs: 5000 });
        for (const deadline = Date.now() + STOP_WAIT_MS; Date.now() < deadline && (await runningPid(pidFile, tool)); ) await new Promise((resolve) => setTimeout(resolve, 50));
        return true;
      },
      // The far side's instances are not the portal's processes: they keep running when it stops.
      claim: async () => undefined,
      release: async () => undefined,
      listenAddress: (service, port) => this.listenAddress(service, port),
      validate: (program, files) => this.#validateDescriptor(program, files),
    };
    return host;
  }

  /**
   * The whole set checked before the live files change: the descriptor's `stage` directories copied into the
   * program's staging directory on the far side (`cp -a`), the new files written over the copy and the dropped
   * ones removed from it (SFTP), every reference to a staged directory in the copy pointed at the copy (`sed`,
   * fixed arguments), then the check run there — the private instance's own check (far-side sandbox) or the
   * descriptor's command with its path arguments mapped to the copy (a real server, `sudo -n` when privileged).
   * One apply per server and program runs at a time (the platform's lock): one staging directory per program.
   * null: the program declares no `stage` or checks with a function (checked in place after writing).
   */
  async #validateStaged(program: ProgramDescriptor, writes: readonly ConfigFile[], removes: readonly string[]): Promise<CheckOutcome | null> {
    const roots = program.stage ?? [];
    const local = this.#root ? program.local : undefined;
    const command = program.validate && typeof program.validate !== 'function' ? program.validate : undefined;
    if (!roots.length || !(local?.validate || command)) return null;
    const tool = local?.validate ? (program.tool ?? program.id) : command!.tool;
    if (!(await this.#tool(tool))) return { status: 'skipped', reason: 'tool_missing', tool };
    for (const p of [...roots, ...removes, ...writes.map((f) => f.path)]) this.#check(p);
    const stage = stagingDir(!!this.#root, program.id);
    const staged = (p: string) => `${stage}${p}`;
    const pairs = roots.map((r) => [this.hostPath(r), this.hostPath(staged(r))] as const);
    const repoint = (text: string) => pairs.reduce((t, [from, to]) => t.replace(new RegExp(`(^|[^-\\w./])${escapeRegExp(from)}(?=[^-\\w.]|$)`, 'gm'), (_, before: string) => `${before}${to}`), text);
    const sh = async (argv: string[]) => {
      const r = await this.#with((c) => exec(c, argv, { timeoutMs: 60_000 }));
      if (r.exitCode !== 0) throw new Error(`${argv[0]} failed on the far side: ${trimOutput(r.stderr + r.stdout)}`);
    };
    const dir = this.hostPath(stage);
    await sh(['rm', '-rf', '--', dir]);
    await sh(['mkdir', '-p', '--', dir]);
    for (const [from, to] of pairs) {
      const exists = await this.#with((c) => sftpCall(c, (sftp, done) => sftp.stat(from, (err) => done(err)))).then(() => true, () => false);
      await sh(['mkdir', '-p', '--', exists ? path.posix.dirname(to) : to]);
      if (exists) await sh(['cp', '-a', '-T', '--', from, to]);
    }
    // The copied files' references to the staged directories (a main configuration including conf.d) → the copy.
    const sedBre = (x: string) => x.replace(/[\\.*[\]^$#]/g, '\\$&');
    const expressions = pairs.flatMap(([from, to]) => ['-e', `s#\\(^\\|[^-_.A-Za-z0-9/]\\)${sedBre(from)}\\([^-_.A-Za-z0-9]\\|$\\)#\\1${to.replace(/[\\&#]/g, '\\$&')}\\2#g`]);
    await sh(['find', dir, '-type', 'f', '-exec', 'sed', '-i', ...expressions, '{}', '+']);
    for (const f of writes) await this.writeFile({ path: staged(f.path), content: repoint(f.content), mode: f.mode ?? 0o644 });
    for (const p of removes) await this.removeFile(staged(p));
    if (local?.validate) {
      const env: LocalEnv = { root: dir, hostPath: (p) => this.hostPath(staged(p)), readFile: (p) => this.readFile(staged(p)), user: await this.user(), listenAddress: (service, port) => this.listenAddress(service, port) };
      for (const f of (await local.files?.(env)) ?? []) await this.writeFile({ ...f, path: staged(f.path) });
      // Its directories in the copy, and the live ones the check opens too (logs: only the tree is staged).
      for (const d of local.dirs ?? []) await sh(['mkdir', '-p', '--', env.hostPath(d), this.hostPath(d)]);
      const r = await this.#run(tool, [...local.validate, ...(await local.args(env))], { timeoutMs: TIMEOUT });
      return { status: r.exitCode === 0 ? 'passed' : 'failed', tool, output: trimOutput(r.stderr + r.stdout) || (r.timedOut ? 'timed out' : '') };
    }
    const under = (p: string) => roots.some((r) => p === r || p.startsWith(`${r}/`)) || writes.some((f) => f.path === p);
    const args = command!.args.map((a) => (typeof a === 'string' || !under(a.path) ? a : { path: staged(a.path) }));
    const r = await this.#run(command!.tool, args, { timeoutMs: command!.timeoutMs ?? TIMEOUT, privileged: !!program.privileged });
    return { status: r.exitCode === 0 ? 'passed' : 'failed', tool: command!.tool, output: trimOutput(r.stderr + r.stdout) || (r.timedOut ? 'timed out' : '') };
  }

  async metrics(): Promise<ServerMetrics> {
    const r = await this.#with((c) => exec(c, ['cat', '/proc/loadavg', '/proc/meminfo', '/proc/uptime'], { timeoutMs: 10_000 }));
    const df = await this.#with((c) => exec(c, ['df', '-P', '-B1', this.#root || '/'], { timeoutMs: 10_000 }));
    const nproc = await this.#with((c) => exec(c, ['nproc'], { timeoutMs: 10_000 }));
    const [loadLine, ...rest] = r.stdout.split('\n');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rest.join('\n'))?.[1] ?? 0) * 1024;
    const load = loadLine.split(' ').slice(0, 3).map(Number) as [number, number, number];
    const uptime = Number(rest.at(-2)?.split(' ')[0] ?? 0);
    const disk = df.stdout.trim().split('\n').at(-1)?.split(/\s+/) ?? [];
    return {
      at: new Date().toISOString(),
      load,
      cpuCount: Number(nproc.stdout.trim()) || 1,
      memory: { totalBytes: kb('MemTotal'), usedBytes: kb('MemTotal') - kb('MemAvailable') },
      disk: { totalBytes: Number(disk[1] ?? 0), usedBytes: Number(disk[2] ?? 0) },
      uptimeSeconds: Math.round(uptime),
    };
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The staging directory of a program (server path): below the far-side sandbox in tests and development, else
 * `/var/lib/portal/staging/<program>` — a directory the portal's user may write (like the modules' paths).
 */
export const stagingDir = (sandbox: boolean, program: string) => `${sandbox ? '/.portal/staging' : '/var/lib/portal/staging'}/${program}`;

function unsupported(name: string): ServiceControl {
  const notSupported: CheckOutcome = { status: 'skipped', reason: 'not_supported' };
  return { name, validate: async () => notSupported, reload: async () => notSupported, status: async () => ({ state: 'unknown' }), stop: async () => undefined };
}

/**
 * The sudoers drop-in a server needs for the portal's user (`/etc/sudoers.d/portal`, mode 0440): exactly the
 * commands the `ssh` gateway runs through `sudo -n` — each privileged program's `validate` command with its
 * fixed arguments and `systemctl <reload|restart|stop> <unit>` — with absolute paths, nothing else.
 * `tools`: where the far side keeps each tool (default: Debian's places).
 */
export function sudoersDropIn(user: string, programs: readonly ProgramDescriptor[], tools: Record<string, string> = {}): string {
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(user)) throw new SandboxViolation(`not a user name: ${JSON.stringify(user)}`);
  const debian: Record<string, string> = { nginx: '/usr/sbin/nginx', apache2ctl: '/usr/sbin/apache2ctl', systemctl: SYSTEMCTL, 'named-checkconf': '/usr/bin/named-checkconf', 'postfix': '/usr/sbin/postfix', nft: '/usr/sbin/nft', ...tools };
  const where = (t: string) => debian[t] ?? `/usr/sbin/${t}`;
  // sudoers: a backslash escapes the characters sudoers treats specially inside arguments.
  const arg = (a: string) => a.replace(/[\\,:=\s]/g, (ch) => `\\${ch}`);
  const lines = [`# Written by the customer portal (Managed Center, ssh gateway) for the user ${user}. Check: visudo -c -f <file>`, `Defaults:${user} !requiretty`];
  const seen = new Set<string>();
  const commands: string[] = [];
  for (const p of programs) {
    if (!p.privileged || seen.has(p.id)) continue;
    seen.add(p.id);
    if (p.validate && typeof p.validate !== 'function') {
      const v = p.validate;
      commands.push([where(v.tool), ...v.args.map((a) => (typeof a === 'string' ? a : a.path))].map(arg).join(' '));
      // The same check of the staged copy (its path arguments inside the staging directory).
      const staged = (q: string) => (p.stage ?? []).some((r) => q === r || q.startsWith(`${r}/`));
      if (p.stage?.length) commands.push([where(v.tool), ...v.args.map((a) => (typeof a === 'string' ? a : staged(a.path) ? `${stagingDir(false, p.id)}${a.path}` : a.path))].map(arg).join(' '));
    }
    if (p.service && p.service.reload !== 'none') for (const verb of new Set([p.service.reload, 'stop'])) commands.push(`${SYSTEMCTL} ${verb} ${arg(p.service.unit)}`);
  }
  if (!commands.length) return `${lines.join('\n')}\n`;
  lines.push(`Cmnd_Alias PORTAL_MANAGED = ${commands.join(', \\\n    ')}`, `${user} ALL=(root) NOPASSWD: PORTAL_MANAGED`);
  return `${lines.join('\n')}\n`;
}
