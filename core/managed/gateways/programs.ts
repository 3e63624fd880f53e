/**
 * Finding and running a program on the machine the portal runs on, for the `local` gateway and the service
 * programs it starts (localNginx.ts): without a shell, with a time-out and capped output.
 */
import { execFile, spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunResult } from '@portal/plugin-sdk/gateway';

/** Thrown for a path or tool the sandbox refuses; never reaches a user as is. */
export class SandboxViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxViolation';
  }
}

export const toolName = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;
// Service tools live in sbin on Debian; an unprivileged PATH often lacks it.
const extraToolDirs = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
export const MAX_OUTPUT = 1024 * 1024;

/** Finds an executable on PATH (and the sbin directories). */
export async function findTool(tool: string): Promise<string | undefined> {
  if (!toolName.test(tool)) throw new SandboxViolation(`not a tool name: ${JSON.stringify(tool)}`);
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...extraToolDirs];
  for (const dir of new Set(dirs)) {
    const candidate = path.join(dir, tool);
    try {
      await fs.access(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return undefined;
}

const envName = /^[A-Z_][A-Z0-9_]{0,63}$/;

/** A program's environment: PATH and LANG, plus the variables a descriptor's private instance asks for (`LocalInstance.env`). */
export function programEnv(extra: Record<string, string> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(extra))
    if (!envName.test(name) || name === 'PATH' || value.includes('\0')) throw new SandboxViolation(`not an environment variable: ${JSON.stringify(name)}`);
  return { ...extra, PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' };
}

/** Runs a program without a shell; output capped, killed after the time-out. */
export function runProgram(file: string, args: string[], options: { input?: string; timeoutMs?: number; cwd?: string; env?: Record<string, string> } = {}): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      { timeout: options.timeoutMs ?? 10_000, maxBuffer: MAX_OUTPUT, cwd: options.cwd, env: programEnv(options.env), windowsHide: true },
      (error, stdout, stderr) => {
        const e = error as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        const timedOut = !!e?.killed;
        resolve({
          exitCode: e ? (typeof e.code === 'number' ? e.code : timedOut ? null : 127) : 0,
          stdout: String(stdout),
          stderr: String(stderr) || (e && typeof e.code === 'string' ? e.message : ''),
          timedOut,
          durationMs: Math.round(performance.now() - started),
        });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

/**
 * Runs a program without a shell whose output goes to a file (appended) instead of pipes: for a daemon that keeps
 * the standard output and error it was started with (memcached `-d -v`), whose pipes would never close. Resolves
 * when the command itself exits (or is killed after the time-out); `stderr` is what it appended to the file.
 */
export async function runToFile(file: string, args: string[], options: { output: string; timeoutMs?: number; cwd?: string; env?: Record<string, string> }): Promise<RunResult> {
  const started = performance.now();
  await fs.mkdir(path.dirname(options.output), { recursive: true });
  const handle = await fs.open(options.output, 'a');
  const offset = (await handle.stat()).size;
  try {
    const { code, timedOut } = await new Promise<{ code: number | null; timedOut: boolean }>((resolve) => {
      const child = spawn(file, args, { stdio: ['ignore', handle.fd, handle.fd], cwd: options.cwd, env: programEnv(options.env) });
      const timer = setTimeout(() => {
        child.kill('SIGTERM');
        resolve({ code: null, timedOut: true });
      }, options.timeoutMs ?? 10_000);
      child.on('error', () => (clearTimeout(timer), resolve({ code: 127, timedOut: false })));
      child.on('exit', (c) => (clearTimeout(timer), resolve({ code: c, timedOut: false })));
    });
    const { size } = await handle.stat();
    const length = Math.min(size - offset, MAX_OUTPUT);
    const { buffer } = await handle.read(Buffer.alloc(Math.max(length, 0)), 0, Math.max(length, 0), offset);
    return { exitCode: code, stdout: '', stderr: buffer.toString('utf8'), timedOut, durationMs: Math.round(performance.now() - started) };
  } finally {
    await handle.close();
  }
}

/** Runs the calls given to it one after the other (e.g. a file that parallel first calls would race on); a failure does not stop the next. */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = last.then(work);
    last = next.catch(() => undefined);
    return next;
  };
}
