/**
 * Server part of the `cronjobs` plugin: the jobs of a server (desired state in `cronjobs_jobs`, a
 * resource of the SDK: `x-resources.cronjob` in openapi.yaml), their rules, and the apply of
 * `/etc/cron.d/portal`. cron has no standard check of a cron.d file and re-reads `/etc/cron.d` by itself
 * every minute, so validation and reload report `skipped`.
 */
import type { Schemas } from '@portal/openapi';
import { defineResource, defineServerPlugin, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { cronjobResource } from '../generated/resources.ts';
import { cronUsers } from '../shared/command.ts';
import { nextRuns, parseSchedule, serverTimeZone } from '../shared/schedule.ts';
import { Cronjob } from './Cronjob.ts';
import { demoJobs } from './fixtures.ts';
import { Migration20261122141000Cronjobs } from './migrations/Migration20261122141000Cronjobs.ts';
import programs from './program.ts';
import { cronFilePath, renderCronFile } from './render.ts';
import { checkCronjob } from './rules.ts';

// The next runs only change once a minute; many jobs share a schedule (`* * * * *`), and a yearly one
// takes cron-parser a few milliseconds to walk. Keyed by minute and expanded schedule.
const runsMemo = new Map<string, string[]>();
function upcoming(expanded: string, now: Date): string[] {
  const key = `${Math.floor(now.getTime() / 60_000)}|${expanded}`;
  let runs = runsMemo.get(key);
  if (!runs) {
    runs = nextRuns(expanded, now).map((d) => d.toISOString());
    if (runsMemo.size >= 1000) runsMemo.clear();
    runsMemo.set(key, runs);
  }
  return runs.filter((r) => Date.parse(r) > now.getTime());
}

export function present(job: Cronjob, now: Date): Schemas['CronjobsJob'] {
  const parsed = parseSchedule(job.schedule);
  return {
    id: job.id,
    schedule: job.schedule,
    command: job.command,
    user: job.user,
    enabled: job.enabled,
    nextRuns: job.enabled && parsed.ok ? upcoming(parsed.expanded, now) : [],
    lastRunAt: job.lastRunAt ? job.lastRunAt.toISOString() : null,
    lastExitCode: job.lastExitCode ?? null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

export const cronjobs = defineResource(cronjobResource, {
  entity: Cronjob,
  present: (job, { now }) => present(job, now),
  listExtras: () => ({ timeZone: serverTimeZone, users: [...cronUsers] }),
  rules: (input, { existing, now, current }) => checkCronjob(input, existing, now, current?.id),
  summary: (job) => ({ schedule: job.schedule, user: job.user, command: job.command.slice(0, 120) }),
});

export default defineServerPlugin<Operations>({
  entities: [Cronjob],
  migrations: [Migration20261122141000Cronjobs],
  programs,
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'cron' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'cron' }),
  },
  handlers: (ports): PluginHandlers<Operations> => cronjobs.handlers(ports),
  state: { entities: [Cronjob] },
  render: async ({ em, server }) => [{ path: cronFilePath, content: renderCronFile(await cronjobs.all(em, server.id)), mode: 0o644 }],
  fixtures: async ({ em, server, clock }) => {
    if ((await em.count(Cronjob, { serverId: server.id })) > 0) return;
    const now = clock.now();
    for (const [schedule, command, user, enabled] of demoJobs(server.role))
      em.create(Cronjob, { schedule, command, user, enabled, serverId: server.id, lastRunAt: null, lastExitCode: null, createdAt: now, updatedAt: now });
    await em.flush();
  },
});
