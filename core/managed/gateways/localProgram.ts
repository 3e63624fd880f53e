/**
 * A program of a plugin's descriptor on the `local` gateway (`ProgramDescriptor.local`): a private instance
 * per server, started with the sandbox as its prefix, its pid file, logs and temporary files inside the
 * sandbox. Nothing here knows a particular program: nginx's main configuration, arguments and reload
 * log are in its descriptor (plugins/nginx/server/program.ts).
 *
 * Validate: the instance's own check (`local.validate`), else the descriptor's `validate` (a command, or its
 * function over the plugin's files). Reload: start when it does not run, else `local.reload` (watching
 * `local.reloadLog` when the reload is asynchronous). Whoever starts or reloads it last owns it (local.ts).
 */
import { spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import type { CheckOutcome, ConfigFile, LocalEnv, LocalInstance, ProgramDescriptor, ServiceControl, ServiceStatus } from '@portal/plugin-sdk/server';
import type { LocalGateway } from './local.ts';
import { findTool, programEnv, runProgram, runToFile } from './programs.ts';

const trimOutput = (s: string) => s.trim().slice(-20_000);
const TIMEOUT = 15_000;

/** The pid in a pid file when that process runs and is the tool (a stale file's number may belong to another process now). */
export async function runningPid(pidFile: string, tool: string): Promise<number | undefined> {
  let pid: number;
  try {
    pid = Number((await fs.readFile(pidFile, 'utf8')).trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid < 2) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  try {
    if (!(await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).includes(tool)) return undefined;
  } catch {
    /* no /proc (not Linux): trust the pid file */
  }
  return pid;
}

/** Stops the process of a pid file (SIGTERM, waits up to 3 s). Returns whether one ran. */
export async function stopPid(pidFile: string, tool: string): Promise<boolean> {
  const pid = await runningPid(pidFile, tool);
  if (!pid) return false;
  try {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && (await runningPid(pidFile, tool))) await new Promise((resolve) => setTimeout(resolve, 25));
  } catch {
    /* gone already */
  }
  return true;
}

/** Runs a descriptor's `validate` (command or function) on a gateway. */
export async function runValidate(gw: LocalGateway, program: ProgramDescriptor, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const v = program.validate;
  if (!v) return { status: 'skipped', reason: 'not_supported' };
  if (typeof v === 'function') return v(gw, files);
  if (!(await gw.hasTool(v.tool)).available) return { status: 'skipped', reason: 'tool_missing', tool: v.tool };
  const r = await gw.run({ tool: v.tool, args: v.args, timeoutMs: v.timeoutMs ?? TIMEOUT });
  return { status: r.exitCode === 0 ? 'passed' : 'failed', tool: v.tool, output: trimOutput(r.stderr + r.stdout) || (r.timedOut ? 'timed out' : '') };
}

/** The service control of a declared program on the `local` gateway. */
export function localProgram(gw: LocalGateway, program: ProgramDescriptor): ServiceControl {
  const tool = program.tool ?? program.id;
  const local: LocalInstance | undefined = program.local;
  const env: LocalEnv = { root: gw.root, hostPath: (p) => gw.hostPath(p), readFile: (p) => gw.readFile(p) };
  const missing: CheckOutcome = { status: 'skipped', reason: 'tool_missing', tool };
  const pidFile = () => gw.hostPath(local!.pidFile);
  /** What the running process's command line contains (`local.process`, default the tool). */
  const processName = local?.process ?? tool;
  /** The executable: `local.command` (absolute, off PATH) when it exists, else the tool on PATH. */
  const executable = async (): Promise<string | undefined> => {
    if (!local?.command) return findTool(tool);
    try {
      await fs.access(local.command, fsConstants.X_OK);
      return local.command;
    } catch {
      return undefined;
    }
  };
  const variables = async () => (local?.env ? await local.env(env) : {});

  /** Writes the instance's own files and the directories it expects. */
  async function prepare(l: LocalInstance): Promise<void> {
    for (const f of l.files?.(env) ?? []) if ((await gw.readFile(f.path)) !== f.content) await gw.writeFile(f);
    for (const dir of l.dirs ?? []) await fs.mkdir(gw.hostPath(dir), { recursive: true });
  }

  async function logSize(p: string): Promise<number> {
    try {
      return (await fs.stat(gw.hostPath(p))).size;
    } catch {
      return 0;
    }
  }

  async function logSince(p: string, offset: number): Promise<string> {
    try {
      return (await fs.readFile(gw.hostPath(p))).subarray(offset).toString('utf8');
    } catch {
      return '';
    }
  }

  /** `local.init` once, before the first start (a data directory the package would have created). */
  async function init(l: LocalInstance): Promise<CheckOutcome | undefined> {
    if (!l.init) return undefined;
    try {
      await fs.access(gw.hostPath(l.init.creates), fsConstants.F_OK);
      return undefined;
    } catch {
      /* not set up yet */
    }
    const initTool = await findTool(l.init.tool);
    if (!initTool) return { status: 'skipped', reason: 'tool_missing', tool: l.init.tool };
    const r = await runProgram(initTool, l.init.args(env), { timeoutMs: l.init.timeoutMs ?? 60_000, cwd: gw.root });
    return r.exitCode === 0 ? undefined : { status: 'failed', tool: l.init.tool, output: trimOutput(r.stderr + r.stdout) || 'set-up failed' };
  }

  /** A program that stays in the foreground: detached, its output into the sandbox; "exits 0" once its pid file names it. */
  async function startDetached(file: string, args: string[]): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
    const out = gw.hostPath(`/.portal/${program.id}.out`);
    await fs.mkdir(gw.hostPath('/.portal'), { recursive: true });
    const handle = await fs.open(out, 'w');
    let ended: number | null | undefined;
    try {
      const child = spawn(file, args, { detached: true, stdio: ['ignore', handle.fd, handle.fd], cwd: gw.root, env: programEnv(await variables()) });
      child.on('exit', (code) => (ended = code ?? -1));
      child.on('error', () => (ended = 127));
      child.unref();
    } finally {
      await handle.close();
    }
    for (const deadline = Date.now() + TIMEOUT; ended === undefined && Date.now() < deadline; ) {
      if (await runningPid(pidFile(), processName)) return { exitCode: 0, stdout: '', stderr: '' };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const output = await fs.readFile(out, 'utf8').catch(() => '');
    return { exitCode: ended === undefined ? null : ended || 1, stdout: '', stderr: output || `${tool} did not start` };
  }

  async function start(l: LocalInstance, file: string): Promise<CheckOutcome> {
    // A pid file left by an instance that is gone: its number may be another process (or an unreaped zombie)
    // now, and a program that checks its own pid file (`apache2 -k start`) would refuse to start.
    await fs.rm(pidFile(), { force: true });
    const setUp = await init(l);
    if (setUp) return setUp;
    const args = [...l.start, ...(await l.args(env))];
    // A daemon that keeps its output (`local.output`) writes it to its log; pipes would stay open as long as it runs.
    const r = l.foreground
      ? await startDetached(file, args)
      : l.output
        ? await runToFile(file, args, { output: gw.hostPath(l.output), timeoutMs: TIMEOUT, env: await variables() })
        : await runProgram(file, args, { timeoutMs: TIMEOUT, env: await variables() });
    // A daemon's parent may return before its child writes the pid file (`apache2 -k start`, redis after setting up): wait a little.
    let ok = r.exitCode === 0 && !!(await runningPid(pidFile(), processName));
    for (const deadline = Date.now() + 5000; r.exitCode === 0 && !ok && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      ok = !!(await runningPid(pidFile(), processName));
    }
    if (ok) await gw.claim(program.id);
    return { status: ok ? 'passed' : 'failed', tool, output: trimOutput(r.stderr + r.stdout) || (ok ? 'started' : `${tool} did not start`) };
  }

  return {
    name: program.id,

    async validate(files = []) {
      // Its files and directories first, as for a start (redis checks that its `dir` exists while it reads the file).
      if (local && (await executable())) await prepare(local);
      if (!local?.validate) return runValidate(gw, program, files);
      const file = await executable();
      if (!file) return missing;
      const r = await runProgram(file, [...local.validate, ...(await local.args(env))], { timeoutMs: TIMEOUT, env: await variables() });
      return { status: r.exitCode === 0 ? 'passed' : 'failed', tool, output: trimOutput(r.stderr + r.stdout) };
    },

    async reload() {
      if (!local) return { status: 'skipped', reason: 'not_supported', tool };
      const file = await executable();
      if (!file) return missing;
      await prepare(local);
      if (!(await runningPid(pidFile(), processName))) return start(local, file);
      if (!local.reload) {
        await stopPid(pidFile(), processName);
        return start(local, file);
      }
      const watch = local.reloadLog;
      const offset = watch ? await logSize(watch.path) : 0;
      const r = await runProgram(file, [...local.reload, ...(await local.args(env))], { timeoutMs: TIMEOUT, env: await variables() });
      if (r.exitCode !== 0) return { status: 'failed', tool, output: trimOutput(r.stderr + r.stdout) };
      // Whoever reloads it last runs it: it ends with that portal (local.ts, stopLocalPrograms).
      await gw.claim(program.id);
      if (!watch) return { status: 'passed', tool, output: trimOutput(r.stderr + r.stdout) || 'reloaded' };
      const deadline = Date.now() + (watch.waitMs ?? 3000);
      for (;;) {
        const log = await logSince(watch.path, offset);
        if (watch.failed.test(log)) return { status: 'failed', tool, output: trimOutput(log) };
        if (watch.done.test(log)) return { status: 'passed', tool, output: 'reloaded' };
        if (Date.now() > deadline) return { status: 'passed', tool, output: 'reload signalled' };
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    async status(): Promise<ServiceStatus> {
      if (!(await executable())) return { state: 'not_installed' };
      if (!local) return { state: 'unknown' };
      const pid = await runningPid(pidFile(), processName);
      if (!pid) return { state: 'stopped' };
      return program.port ? { state: 'running', endpoint: await gw.listenAddress(program.id, program.port) } : { state: 'running' };
    },

    async stop() {
      if (local) await stopPid(pidFile(), processName);
      await gw.release(program.id);
    },
  };
}
