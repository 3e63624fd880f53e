/**
 * The plans of a server: an SDK resource (`x-resources.backupPlan`) with the plugin's rules, presenter and the
 * rendered plan file (`/etc/portal/backups/plans.conf`: each plan's path or database, schedule and `restic forget` flags — what
 * a run on the server does, readable there without the portal).
 */
import type { Schemas } from '@portal/openapi';
import { defineResource, type ErrorNameOf, type FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import { backupPlanResource } from '../generated/resources.ts';
import { forgetFlags, retentionDays } from '../shared/retention.ts';
import { nextRun, type Schedule } from '../shared/schedule.ts';
import { maxDatabaseName } from './dumps.ts';
import { BackupPlan } from './entities.ts';

export const plansPath = '/etc/portal/backups/plans.conf';
/** At most this many plans per server (each is a restic tag and a scheduled run). */
export const maxPlans = 20;

const key = (k: ErrorNameOf<TranslationKey>) => `backups:errors.${k}`;

type PlanInput = Pick<BackupPlan, 'name' | 'kind' | 'path' | 'database'>;

/**
 * The rules on top of the contract's limits: unique name; a files plan needs a path no other plan has, a database
 * plan a database no other plan dumps, short enough for its copy's name (whether the server has it is checked
 * against the running MariaDB by the handler, `databaseRule`); at most `maxPlans`.
 */
export function checkPlan(input: PlanInput, existing: PlanInput[] & { id?: number }[], currentId?: number): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const others = (existing as (PlanInput & { id: number })[]).filter((p) => p.id !== currentId);
  const [path, database] = [input.path.trim(), (input.database ?? '').trim()];
  if (others.some((p) => p.name === input.name.trim())) errors.name = [key('duplicate')];
  if (input.kind === 'database') {
    if (!database) errors.database = [key('database_required')];
    else if (database.length > maxDatabaseName) errors.database = [key('database_too_long')];
    else if (others.some((p) => p.kind === 'database' && p.database === database)) errors.database = [key('database_duplicate')];
  } else {
    if (!path) errors.path = [key('path_required')];
    else if (others.some((p) => p.kind !== 'database' && p.path === path)) errors.path = [key('path_duplicate')];
    if (path.split('/').some((s) => s === '..' || s === '.')) errors.path = [key('path_format')];
  }
  if (currentId === undefined && others.length >= maxPlans) errors._ = [key('too_many')];
  return Object.keys(errors).length ? errors : undefined;
}

export function presentPlan(p: BackupPlan, now: Date): Schemas['BackupPlan'] {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind as Schemas['BackupPlan']['kind'],
    path: p.path,
    database: p.database,
    schedule: p.schedule as Schedule,
    hour: p.hour as Schemas['BackupPlan']['hour'],
    keepDays: p.keepDays as Schemas['BackupPlan']['keepDays'],
    keepWeeks: p.keepWeeks as Schemas['BackupPlan']['keepWeeks'],
    keepMonths: p.keepMonths as Schemas['BackupPlan']['keepMonths'],
    retentionDays: retentionDays(p),
    nextRun: nextRun(p.schedule as Schedule, p.hour, now)?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The plan file: one line per plan; every value has passed the contract's pattern or enum. */
export function renderPlans(plans: BackupPlan[]): string {
  const lines = ['# Written by the customer portal (Managed Center, backups). Changes here are overwritten.', '# id name kind path schedule hour | restic forget flags'];
  for (const p of plans) lines.push(`${p.id} ${p.name} ${p.kind} ${p.kind === 'database' ? `mariadb:${p.database}` : p.path} ${p.schedule} ${p.hour} | ${forgetFlags(p.id, p).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

export const plans = defineResource(backupPlanResource, {
  entity: BackupPlan,
  present: (p, { now }) => presentPlan(p, now),
  rules: (input, { existing, current }) => checkPlan(input as PlanInput, existing, current?.id),
  // A plan stores only what its kind uses: a database plan no path, a files plan no database.
  values: (input) => {
    const i = input as PlanInput & Record<string, unknown>;
    const kind = i.kind === 'database' ? 'database' : 'files';
    return { ...(i as object), name: i.name.trim(), path: kind === 'files' ? i.path.trim() : '', database: kind === 'database' ? (i.database ?? '').trim() : '' } as Partial<BackupPlan>;
  },
  summary: (p) => ({ name: p.name, ...(p.kind === 'database' ? { database: p.database } : { path: p.path }) }),
});
