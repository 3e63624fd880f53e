/**
 * `steps.validate` for plugins whose files a program of the server checks one by one (`ssh-keygen -l -f`,
 * `named-checkzone`): the program is run on each file as the server sees it, without a shell; a
 * missing program is `skipped` with reason `tool_missing` (the change is applied), a non-zero exit or
 * a failed `verify` is `failed` with the program's output for the job's log.
 */
import type { CheckOutcome, ConfigFile, PathArg, RunResult, ServerGateway } from './gateway.ts';

export interface FileCheck {
  /** The program, e.g. `ssh-keygen`. */
  tool: string;
  /** Its arguments for one file (`file` is the file's path for the server). */
  args: (file: PathArg, config: ConfigFile) => readonly (string | PathArg)[];
  /** What the output must show beyond a zero exit: a problem to report, or nothing. */
  verify?: (config: ConfigFile, stdout: string) => string | undefined;
  /** The output when there is no file to check (passed). */
  none?: string;
  timeoutMs?: number;
}

export async function checkEachFile(gateway: ServerGateway, files: readonly ConfigFile[], check: FileCheck): Promise<CheckOutcome> {
  const { tool } = check;
  if (!files.length) return { status: 'passed', tool, output: check.none ?? 'no files to check' };
  if (!(await gateway.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const report: string[] = [];
  for (const file of files) {
    const r = await gateway.run({ tool, args: check.args({ path: file.path }, file), timeoutMs: check.timeoutMs ?? 10_000 });
    report.push(`${file.path}:\n${`${r.stdout}${r.stderr}`.trim()}`);
    const problem = r.exitCode !== 0 ? undefined : check.verify?.(file, r.stdout);
    if (r.exitCode !== 0 || problem) return { status: 'failed', tool, output: [...report, ...(problem ? [problem] : [])].join('\n\n') };
  }
  return { status: 'passed', tool, output: report.join('\n\n') };
}

/**
 * A program without a check mode (redis, memcached) checked by starting it on its configuration the way a
 * start reads it, with listening switched off: `args(content)` are its arguments (the file as a `PathArg`, or
 * options read from the content), `accepted(result)` says whether what it did means the configuration is good
 * (redis: "Configured to not listen anywhere"; memcached: still running when the time-out stopped it). A
 * missing program is `skipped`; no file — the first change undone on a server that had none — is `passed`.
 */
export interface StartCheck {
  tool: string;
  /** The configuration file (server path). */
  path: string;
  args(content: string): readonly (string | PathArg)[];
  accepted(result: RunResult): boolean;
  /** What the job's log says when it passes. */
  passed: string;
  timeoutMs?: number;
}

export async function checkByStarting(gateway: ServerGateway, check: StartCheck): Promise<CheckOutcome> {
  const { tool } = check;
  if (!(await gateway.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const content = await gateway.readFile(check.path);
  if (content === null) return { status: 'passed', tool, output: 'no configuration' };
  const r = await gateway.run({ tool, args: check.args(content), timeoutMs: check.timeoutMs ?? 10_000 });
  const output = `${r.stdout}${r.stderr}`.trim().slice(-20_000);
  return check.accepted(r) ? { status: 'passed', tool, output: check.passed } : { status: 'failed', tool, output: output || `${tool} exited with ${r.exitCode}` };
}

/**
 * The reload of a program that reads its configuration only when it starts (redis, memcached): the program's
 * own (a restart with the new file; the private instance starts with the first apply), or — when the file is
 * gone, the first change undone on a server that had none — the instance stops.
 */
export async function restartOrStop(gateway: ServerGateway, program: string, path: string): Promise<CheckOutcome> {
  const control = gateway.service(program);
  if ((await gateway.readFile(path)) !== null) return control.reload();
  await control.stop();
  return { status: 'passed', tool: program, output: 'no configuration: stopped' };
}

/** A check on a staged copy (`checkInStage`): what to stage and how the program checks it. */
export interface StagedCheck {
  /** The checking program (missing → `skipped`). */
  tool: string;
  /** Where the copy is built (a server path the plugin declares, e.g. `/var/lib/portal-<id>/stage`). */
  stageDir: string;
  /** Files written into the stage, at `<stageDir><path>` (their contents as the check should see them). */
  files: readonly ConfigFile[];
  /** Directories of the server copied into the stage first (`cp -r <dir>/. <stage><dir>`), e.g. the distribution's `/etc/fail2ban`. */
  copy?: readonly { from: string | PathArg; to: string }[];
  /** The check's arguments; `stage(path)` is a staged path. */
  args(stage: (path: string) => PathArg): readonly (string | PathArg)[];
  timeoutMs?: number;
}

/**
 * Builds a staged copy (directories copied, then the files over them), runs the program's check on it, maps the
 * stage's paths in its output back to the server's, and removes the stage: a configuration the check refuses
 * never reaches the live files, and the check creates nothing next to them.
 */
export async function checkInStage(gateway: ServerGateway, c: StagedCheck): Promise<CheckOutcome> {
  if (!(await gateway.hasTool(c.tool)).available) return { status: 'skipped', reason: 'tool_missing', tool: c.tool };
  const stage = (path: string): PathArg => ({ path: `${c.stageDir}${path}` });
  const hostStage = gateway.hostPath(c.stageDir);
  try {
    for (const dir of c.copy ?? []) {
      await gateway.run({ tool: 'mkdir', args: ['-p', stage(dir.to)] });
      const copied = await gateway.run({ tool: 'cp', args: ['-rL', typeof dir.from === 'string' ? `${dir.from}/.` : { path: `${dir.from.path}/.` }, stage(dir.to)], timeoutMs: 20_000 });
      if (copied.exitCode !== 0) return { status: 'failed', tool: c.tool, output: (copied.stderr + copied.stdout).trim() || 'the copy failed' };
    }
    for (const f of c.files) await gateway.writeFile({ ...f, path: `${c.stageDir}${f.path}` });
    const r = await gateway.run({ tool: c.tool, args: c.args(stage), timeoutMs: c.timeoutMs ?? 20_000 });
    const output = (r.stderr + r.stdout).split(hostStage).join('').trim().slice(-20_000);
    return { status: r.exitCode === 0 ? 'passed' : 'failed', tool: c.tool, output: output || (r.timedOut ? 'timed out' : r.exitCode === 0 ? 'accepted' : `exit ${r.exitCode}`) };
  } finally {
    await gateway.run({ tool: 'rm', args: ['-rf', { path: c.stageDir }] });
  }
}
