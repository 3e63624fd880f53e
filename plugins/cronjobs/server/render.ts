/**
 * Renders a server's cron jobs as `/etc/cron.d/portal`. Every value was checked by the rules (schedule
 * grammar, user from a fixed list, a command of one line); the renderer normalizes the schedule
 * (numbers for names) and escapes `%` in the command, and refuses anything that would still change
 * the file's structure, so a bug in a rule can never become a line of its own.
 *
 * Disabled jobs are kept in the file, commented out with `#disabled# `: the administrator sees them on
 * the server, and cron ignores them.
 */
import { checkCommand, cronUsers, escapeCommand } from '../shared/command.ts';
import { parseSchedule } from '../shared/schedule.ts';

export const cronFilePath = '/etc/cron.d/portal';

export interface RenderableJob {
  id: number;
  schedule: string;
  command: string;
  user: string;
  enabled: boolean;
}

const header = [
  '# Managed by the customer portal (Managed Center → Cron jobs). Changes made here are overwritten.',
  'SHELL=/bin/sh',
  'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
];

/** One job's line (without the trailing newline). Throws when a value would break the file. */
export function renderLine(job: RenderableJob): string {
  const schedule = parseSchedule(job.schedule);
  if (!schedule.ok) throw new Error(`cron job ${job.id}: invalid schedule`);
  if (!(cronUsers as readonly string[]).includes(job.user)) throw new Error(`cron job ${job.id}: user not allowed`);
  if (checkCommand(job.command)) throw new Error(`cron job ${job.id}: command not allowed`);
  const line = `${schedule.normalized} ${job.user} ${escapeCommand(job.command.trim())}`;
  return job.enabled ? line : `#disabled# ${line}`;
}

/** The whole file, jobs in id order, each preceded by a comment with its id. */
export function renderCronFile(jobs: readonly RenderableJob[]): string {
  const body = [...jobs]
    .sort((a, b) => a.id - b.id)
    .flatMap((job) => ['', `# job ${job.id}${job.enabled ? '' : ' (disabled)'}`, renderLine(job)]);
  // cron ignores a last line without a newline.
  return [...header, ...body].join('\n') + '\n';
}
