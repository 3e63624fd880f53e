/**
 * A program of a plugin's descriptor on the `local` gateway (`ProgramDescriptor.local`): a private instance
 * per server, started with the sandbox as its prefix, its pid file, logs and temporary files inside the
 * sandbox — the runner of instance.ts on this machine's files and processes (`localHost`). Whoever starts or
 * reloads it last owns it (local.ts).
 */
import { spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import type { CheckOutcome, ConfigFile, ProgramDescriptor, ServiceControl } from '@portal/plugin-sdk/server';
import { instanceControl, STOP_WAIT_MS, TIMEOUT, trimOutput, type InstanceHost } from './instance.ts';
import type { LocalGateway } from './local.ts';
import { findTool, programEnv, runProgram, runToFile } from './programs.ts';

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

/** Stops the process of a pid file (SIGTERM, waits until it has ended, at most `STOP_WAIT_MS`). Returns whether one ran. */
export async function stopPid(pidFile: string, tool: string): Promise<boolean> {
  const pid = await runningPid(pidFile, tool);
  if (!pid) return false;
  try {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + STOP_WAIT_MS;
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

/** This machine's files and processes for the instance runner, inside the gateway's sandbox. */
function localHost(gw: LocalGateway): InstanceHost {
  return {
    root: gw.root,
    pollMs: 25,
    hostPath: (p) => gw.hostPath(p),
    readFile: (p) => gw.readFile(p),
    writeFile: (f) => gw.writeFile(f),
    mkdir: async (dir) => void (await fs.mkdir(dir, { recursive: true })),
    exists: async (file) => {
      try {
        await fs.access(file, fsConstants.F_OK);
        return true;
      } catch {
        return false;
      }
    },
    remove: (file) => fs.rm(file, { force: true }),
    size: async (file) => {
      try {
        return (await fs.stat(file)).size;
      } catch {
        return 0;
      }
    },
    readFrom: async (file, offset) => {
      try {
        return (await fs.readFile(file)).subarray(offset).toString('utf8');
      } catch {
        return '';
      }
    },
    findTool,
    user: () => gw.user(),
    isExecutable: async (file) => {
      try {
        await fs.access(file, fsConstants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    run: (file, args, options) => runProgram(file, args, options),
    runToFile: (file, args, options) => runToFile(file, args, options),
    spawnDetached: async (file, args, options) => {
      const handle = await fs.open(options.output, 'w');
      let ended: number | null | undefined;
      try {
        const child = spawn(file, args, { detached: true, stdio: ['ignore', handle.fd, handle.fd], cwd: options.cwd, env: programEnv(options.env) });
        child.on('exit', (code) => (ended = code ?? -1));
        child.on('error', () => (ended = 127));
        child.unref();
      } finally {
        await handle.close();
      }
      return () => ended;
    },
    runningPid,
    stopPid,
    claim: (program) => gw.claim(program),
    release: (program) => gw.release(program),
    listenAddress: (service, port) => gw.listenAddress(service, port),
    validate: (program, files) => runValidate(gw, program, files),
  };
}

/** The service control of a declared program on the `local` gateway. */
export function localProgram(gw: LocalGateway, program: ProgramDescriptor): ServiceControl {
  return instanceControl(localHost(gw), program);
}
