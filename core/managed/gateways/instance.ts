/**
 * A descriptor's private instance (`ProgramDescriptor.local`), one runner for both gateways: a sandbox per
 * server on the machine that runs it — this machine for the `local` gateway (`localHost`, localProgram.ts), the
 * far side for the `ssh` gateway's sandbox mode (ssh.ts). The runner knows no particular program and no
 * gateway: what differs (files, processes) is the `InstanceHost`.
 *
 * Validate: the instance's own check (`local.validate`), else the descriptor's `validate`. Reload: start when it
 * does not run (`local.init` once first; `foreground` programs detached, `output` daemons writing into a file),
 * else `local.reload` (watching `local.reloadLog` when the reload is asynchronous). Whoever starts or reloads it
 * last owns it (`claim`).
 */
import type { CheckOutcome, ConfigFile, RunResult, ServiceControl, ServiceStatus } from '@portal/plugin-sdk/gateway';
import type { LocalEnv, LocalInstance, ProgramDescriptor } from '@portal/plugin-sdk/program';

export const trimOutput = (s: string) => s.trim().slice(-20_000);
/**
 * How long a stop waits for the process to end: a supervisor stops its children first (supervisord waits up to
 * `stopwaitsecs`, 10 s by default, per program), and a new instance cannot start while the old one holds its socket.
 */
export const STOP_WAIT_MS = 15_000;
export const TIMEOUT = 15_000;

/** Files and processes where the instance runs. Paths named `host…` are already mapped (`hostPath`). */
export interface InstanceHost {
  /** The sandbox directory there (absolute, no trailing slash). */
  readonly root: string;
  hostPath(serverPath: string): string;
  readFile(serverPath: string): Promise<string | null>;
  writeFile(file: ConfigFile): Promise<void>;
  mkdir(hostDir: string): Promise<void>;
  exists(hostPath: string): Promise<boolean>;
  remove(hostPath: string): Promise<void>;
  /** 0 when the file does not exist. */
  size(hostPath: string): Promise<number>;
  /** The file from byte `offset` on; '' when it does not exist. */
  readFrom(hostPath: string, offset: number): Promise<string>;
  findTool(tool: string): Promise<string | undefined>;
  /** Whether an absolute path there is an executable file (`local.command`). */
  isExecutable(hostFile: string): Promise<boolean>;
  /** `env`: the instance's own variables (`local.env`), added to PATH and LANG. */
  run(file: string, args: string[], options: { timeoutMs: number; cwd?: string; env?: Record<string, string> }): Promise<RunResult>;
  /** Runs a daemon whose output must go to a file (pipes would stay open while it runs). */
  runToFile(file: string, args: string[], options: { output: string; timeoutMs: number; cwd?: string; env?: Record<string, string> }): Promise<RunResult>;
  /** Starts a program that stays in the foreground, detached, its output into `output`; returns its exit code once known (else undefined). */
  spawnDetached(file: string, args: string[], options: { output: string; cwd?: string; env?: Record<string, string> }): Promise<() => number | null | undefined>;
  /** The pid in a pid file when that process runs (and its command line names `processName`, where the host can tell). */
  runningPid(hostPidFile: string, processName: string): Promise<number | undefined>;
  /** SIGTERM to the pid file's process, waiting up to 3 s; whether one ran. */
  stopPid(hostPidFile: string, processName: string): Promise<boolean>;
  /** Records this portal as the owner of the instance (the local gateway stops it at shutdown), and forgets it. */
  claim(program: string): Promise<void>;
  release(program: string): Promise<void>;
  listenAddress(service: string, defaultPort: number): Promise<{ host: string; port: number }>;
  /** The descriptor's own `validate` (command or function) on the gateway. */
  validate(program: ProgramDescriptor, files: readonly ConfigFile[]): Promise<CheckOutcome>;
  /** The operating-system user that runs commands there (`LocalEnv.user`). */
  user(): Promise<string>;
  /** How long the runner waits between two looks at a pid file or log. */
  readonly pollMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The service control of a declared program with a private instance (`program.local`) on `host`. */
export function instanceControl(host: InstanceHost, program: ProgramDescriptor): ServiceControl {
  const tool = program.tool ?? program.id;
  const local: LocalInstance | undefined = program.local;
  let resolved: LocalEnv | undefined;
  /** The descriptor's view of the sandbox, with the user read once from the host. */
  const envOf = async (): Promise<LocalEnv> => (resolved ??= { root: host.root, hostPath: (p) => host.hostPath(p), readFile: (p) => host.readFile(p), user: await host.user(), listenAddress: (service, port) => host.listenAddress(service, port) });
  const missing: CheckOutcome = { status: 'skipped', reason: 'tool_missing', tool };
  const pidFile = () => host.hostPath(local!.pidFile);
  /** What the running process's command line contains (`local.process`, default the tool: RabbitMQ runs as beam.smp). */
  const processName = local?.process ?? tool;
  const running = () => host.runningPid(pidFile(), processName);
  /** The executable: `local.command` (absolute, off PATH) when it is there, else the tool on PATH. */
  const executable = async (): Promise<string | undefined> => {
    if (!local?.command) return host.findTool(tool);
    return (await host.isExecutable(local.command)) ? local.command : undefined;
  };
  /** The instance's own environment (`local.env`: a program configured by variables). */
  const variables = async (): Promise<Record<string, string>> => (local?.env ? await local.env(await envOf()) : {});

  /** Writes the instance's own files and the directories it expects. */
  async function prepare(l: LocalInstance): Promise<void> {
    for (const f of (await l.files?.(await envOf())) ?? []) if ((await host.readFile(f.path)) !== f.content) await host.writeFile(f);
    for (const dir of l.dirs ?? []) await host.mkdir(host.hostPath(dir));
  }

  /** `local.init` once, before the first start (a data directory the package would have created). */
  async function init(l: LocalInstance): Promise<CheckOutcome | undefined> {
    if (!l.init || (await host.exists(host.hostPath(l.init.creates)))) return undefined;
    const initTool = await host.findTool(l.init.tool);
    if (!initTool) return { status: 'skipped', reason: 'tool_missing', tool: l.init.tool };
    const r = await host.run(initTool, l.init.args(await envOf()), { timeoutMs: l.init.timeoutMs ?? 60_000, cwd: host.root });
    return r.exitCode === 0 ? undefined : { status: 'failed', tool: l.init.tool, output: trimOutput(r.stderr + r.stdout) || 'set-up failed' };
  }

  /** A program that stays in the foreground: detached, its output into the sandbox; "exits 0" once its pid file names it. */
  async function startDetached(file: string, args: string[]): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
    const out = host.hostPath(`/.portal/${program.id}.out`);
    await host.mkdir(host.hostPath('/.portal'));
    const ended = await host.spawnDetached(file, args, { output: out, cwd: host.root, env: await variables() });
    for (const deadline = Date.now() + TIMEOUT; ended() === undefined && Date.now() < deadline; ) {
      if (await running()) return { exitCode: 0, stdout: '', stderr: '' };
      await sleep(host.pollMs);
    }
    const output = await host.readFrom(out, 0);
    const code = ended();
    return { exitCode: code === undefined ? null : code || 1, stdout: '', stderr: output || `${tool} did not start` };
  }

  async function start(l: LocalInstance, file: string): Promise<CheckOutcome> {
    // A pid file left by an instance that is gone: its number may be another process (or an unreaped zombie)
    // now, and a program that checks its own pid file (`apache2 -k start`) would refuse to start.
    await host.remove(pidFile());
    const setUp = await init(l);
    if (setUp) return setUp;
    const args = [...l.start, ...(await l.args(await envOf()))];
    // A daemon that keeps its output (`local.output`) writes it to its log; pipes would stay open as long as it runs.
    const r = l.foreground
      ? await startDetached(file, args)
      : l.output
        ? await host.runToFile(file, args, { output: host.hostPath(l.output), timeoutMs: TIMEOUT, env: await variables() })
        : await host.run(file, args, { timeoutMs: TIMEOUT, env: await variables() });
    // A daemon's parent may return before its child writes the pid file (`apache2 -k start`, redis after setting up): wait a little.
    let ok = r.exitCode === 0 && !!(await running());
    for (const deadline = Date.now() + 5000; r.exitCode === 0 && !ok && Date.now() < deadline; ) {
      await sleep(host.pollMs);
      ok = !!(await running());
    }
    if (ok) await host.claim(program.id);
    return { status: ok ? 'passed' : 'failed', tool, output: trimOutput(r.stderr + r.stdout) || (ok ? 'started' : `${tool} did not start`) };
  }

  return {
    name: program.id,

    async validate(files = []) {
      // Its files and directories first, as for a start (redis checks that its `dir` exists while it reads the file).
      if (local && (await executable())) await prepare(local);
      if (!local?.validate) return host.validate(program, files);
      const file = await executable();
      if (!file) return missing;
      const r = await host.run(file, [...local.validate, ...(await local.args(await envOf()))], { timeoutMs: TIMEOUT, env: await variables() });
      return { status: r.exitCode === 0 ? 'passed' : 'failed', tool, output: trimOutput(r.stderr + r.stdout) };
    },

    async reload() {
      if (!local) return { status: 'skipped', reason: 'not_supported', tool };
      const file = await executable();
      if (!file) return missing;
      await prepare(local);
      if (!(await running())) return start(local, file);
      if (!local.reload) {
        await host.stopPid(pidFile(), processName);
        return start(local, file);
      }
      const watch = local.reloadLog;
      const offset = watch ? await host.size(host.hostPath(watch.path)) : 0;
      const r = await host.run(file, [...local.reload, ...(await local.args(await envOf()))], { timeoutMs: TIMEOUT, env: await variables() });
      if (r.exitCode !== 0) return { status: 'failed', tool, output: trimOutput(r.stderr + r.stdout) };
      // Whoever reloads it last runs it: it ends with that portal (local.ts, stopLocalPrograms).
      await host.claim(program.id);
      if (!watch) return { status: 'passed', tool, output: trimOutput(r.stderr + r.stdout) || 'reloaded' };
      const deadline = Date.now() + (watch.waitMs ?? 3000);
      for (;;) {
        const log = await host.readFrom(host.hostPath(watch.path), offset);
        if (watch.failed.test(log)) return { status: 'failed', tool, output: trimOutput(log) };
        if (watch.done.test(log)) return { status: 'passed', tool, output: 'reloaded' };
        if (Date.now() > deadline) return { status: 'passed', tool, output: 'reload signalled' };
        await sleep(host.pollMs);
      }
    },

    async status(): Promise<ServiceStatus> {
      if (!(await executable())) return { state: 'not_installed' };
      if (!local) return { state: 'unknown' };
      if (!(await running())) return { state: 'stopped' };
      return program.port ? { state: 'running', endpoint: await host.listenAddress(program.id, program.port) } : { state: 'running' };
    },

    async stop() {
      if (local) await host.stopPid(pidFile(), processName);
      await host.release(program.id);
    },
  };
}
