/**
 * The plugin's rules on top of the contract: a schedule cron understands that runs at least once in
 * the next five years, a command of one line cron can write exactly, a user of the fixed list, no two
 * identical jobs, at most `maxJobsPerServer` jobs.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import { checkCommand, cronUsers } from '../shared/command.ts';
import { checkSchedule, parseSchedule } from '../shared/schedule.ts';

export const maxJobsPerServer = 200;

export interface CronjobInput {
  schedule: string;
  command: string;
  user: string;
  enabled?: boolean;
}

export interface ExistingJob {
  id: number;
  schedule: string;
  command: string;
  user: string;
}

/** An error key of the namespace; one without a message in both languages does not compile. */
export const key = (k: ErrorNameOf<TranslationKey>) => `cronjobs:errors.${k}`;

/** Field errors for a job to create (`id` undefined) or update, or `undefined` when it is fine. */
export function checkCronjob(input: CronjobInput, existing: readonly ExistingJob[], now: Date, id?: number): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const schedule = checkSchedule(input.schedule, now, 1);
  if (!schedule.ok) errors.schedule = [key(`schedule_${schedule.problem}`)];
  const command = checkCommand(input.command);
  if (command) errors.command = [key(`command_${command}`)];
  if (!(cronUsers as readonly string[]).includes(input.user)) errors.user = [key('user_unknown')];
  if (Object.keys(errors).length) return errors;

  const others = existing.filter((j) => j.id !== id);
  if (id === undefined && others.length >= maxJobsPerServer) return { _: [key('too_many')] };
  const normalized = schedule.ok ? schedule.normalized : '';
  const same = others.find((j) => {
    const s = parseSchedule(j.schedule);
    return j.user === input.user && j.command.trim() === input.command.trim() && (s.ok ? s.normalized : j.schedule) === normalized;
  });
  if (same) return { command: [key('duplicate')] };
  return undefined;
}
