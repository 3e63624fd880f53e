import { execFileSync } from 'node:child_process';

/** Whether a program can be started on this machine (e.g. `ssh-keygen`, `named-checkzone`): tests expect a check `skipped` without it. */
export function hasProgram(name: string, args = ['-?']): boolean {
  try {
    execFileSync(name, args, { stdio: 'ignore' });
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
