/**
 * The command of a cron job: one line of shell, run by `/bin/sh` as the job's user. The portal writes it
 * into `/etc/cron.d/portal`, where cron cuts a line at the first unescaped `%` and feeds the rest to
 * the command's standard input; so every `%` is written as `\%`. A backslash directly before a `%`
 * cannot be expressed in cron at all (cron would swallow one or cut the line), so it is refused with a
 * clear message instead of silently meaning something else.
 */
import { cronjobResource } from '../generated/resources.ts';

/** The server users a job may run as (no root), and the command's length: the contract's (`x-resources.cronjob.fields`). */
export const cronUsers = cronjobResource.fields.user.enum;
export type CronUser = (typeof cronUsers)[number];

export const commandMaxLength = cronjobResource.fields.command.maxLength;
/** Vixie cron reads at most 1000 bytes of a command. */
export const commandMaxBytes = 999;

export type CommandProblem = 'required' | 'control' | 'backslash_percent' | 'too_long';

// Control characters (newline, carriage return, tab, NUL, …) and Unicode line/paragraph separators.
const forbidden = /[\p{Cc}\u2028\u2029]/u;

/** Writes a command for a cron.d line: `%` becomes `\%`. */
export function escapeCommand(command: string): string {
  return command.replace(/%/g, '\\%');
}

/** Why a command cannot be written, or `undefined` when it can. */
export function checkCommand(command: string): CommandProblem | undefined {
  const text = command.trim();
  if (!text) return 'required';
  if (forbidden.test(command)) return 'control';
  if (/\\%/.test(text)) return 'backslash_percent';
  if (text.length > commandMaxLength || new TextEncoder().encode(escapeCommand(text)).length > commandMaxBytes) return 'too_long';
  return undefined;
}

/**
 * What cron makes of the command part of a line (Vixie cron's `do_command`): `\%` becomes `%`, the
 * first unescaped `%` ends the command. Used by the tests to prove the escaping is exact.
 */
export function cronUnescape(written: string): { command: string; input?: string } {
  let out = '';
  let escaped = false;
  for (let i = 0; i < written.length; i++) {
    const ch = written[i];
    if (escaped) {
      escaped = false;
      if (ch === '%') out = out.slice(0, -1) + '%';
      else out += ch;
      continue;
    }
    if (ch === '%') return { command: out, input: written.slice(i + 1) };
    if (ch === '\\') escaped = true;
    out += ch;
  }
  return { command: out };
}
