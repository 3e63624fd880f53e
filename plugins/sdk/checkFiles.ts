/**
 * `steps.validate` for plugins whose files a program of the server checks one by one (`ssh-keygen -l -f`,
 * `named-checkzone`): the program is run on each file as the server sees it, without a shell; a
 * missing program is `skipped` with reason `tool_missing` (the change is applied), a non-zero exit or
 * a failed `verify` is `failed` with the program's output for the job's log.
 */
import type { CheckOutcome, ConfigFile, PathArg, ServerGateway } from './gateway.ts';

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
