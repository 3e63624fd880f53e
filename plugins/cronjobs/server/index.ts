/**
 * Server part of the `cronjobs` plugin: the jobs of a server (desired state in `cronjobs_jobs`), their
 * rules, and the apply of `/etc/cron.d/portal`. cron has no standard check of a cron.d file and
 * re-reads `/etc/cron.d` by itself every minute, so validation and reload report `skipped`.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Schemas } from '@portal/openapi';
import { defineServerPlugin, notFound, validationFailed, type ApplyTarget, type ManagedServer, type PluginHandlers, type PluginPorts, type StateContext } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { cronUsers } from '../shared/command.ts';
import { nextRuns, parseSchedule, serverTimeZone } from '../shared/schedule.ts';
import { Cronjob } from './Cronjob.ts';
import { demoJobs } from './fixtures.ts';
import { Migration20261122141000Cronjobs } from './migrations/Migration20261122141000Cronjobs.ts';
import { cronFilePath, renderCronFile } from './render.ts';
import { checkCronjob, type CronjobInput } from './rules.ts';

type CronjobView = Schemas['CronjobsJob'];

/** A job as the snapshot of an applied version keeps it. */
export interface CronjobSnapshot {
  id: number;
  schedule: string;
  command: string;
  user: string;
  enabled: boolean;
  lastRunAt: string | null;
  lastExitCode: number | null;
  createdAt: string;
  updatedAt: string;
}

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

export function present(job: Cronjob, now: Date): CronjobView {
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

const toSnapshot = (j: Cronjob): CronjobSnapshot => ({
  id: j.id,
  schedule: j.schedule,
  command: j.command,
  user: j.user,
  enabled: j.enabled,
  lastRunAt: j.lastRunAt ? j.lastRunAt.toISOString() : null,
  lastExitCode: j.lastExitCode ?? null,
  createdAt: j.createdAt.toISOString(),
  updatedAt: j.updatedAt.toISOString(),
});

const jobsOf = (em: EntityManager, serverId: number) => em.find(Cronjob, { serverId }, { orderBy: { id: 'asc' } });

/** Replaces a server's jobs with a snapshot (rollback, failed apply) or removes them all (`null`). */
async function restore({ em, server }: StateContext, snapshot: unknown): Promise<void> {
  await em.nativeDelete(Cronjob, { serverId: server.id });
  const jobs = Array.isArray(snapshot) ? (snapshot as CronjobSnapshot[]) : [];
  for (const j of jobs)
    em.create(Cronjob, {
      id: j.id,
      serverId: server.id,
      schedule: j.schedule,
      command: j.command,
      user: j.user,
      enabled: j.enabled,
      lastRunAt: j.lastRunAt ? new Date(j.lastRunAt) : null,
      lastExitCode: j.lastExitCode,
      createdAt: new Date(j.createdAt),
      updatedAt: new Date(j.updatedAt),
    });
  await em.flush();
}

/** Renders the server's current jobs and starts the apply job. */
async function apply(ports: PluginPorts, c: ApplyTarget & { em: EntityManager }, summary: { key: string; values?: Record<string, string | number> }) {
  const jobs = await jobsOf(c.em.fork(), c.server.id);
  const { job } = await ports.jobs.apply(c, {
    summary,
    files: [{ path: cronFilePath, content: renderCronFile(jobs), mode: 0o644 }],
    snapshot: jobs.map(toSnapshot),
  });
  return job;
}

/**
 * The host checks access to the server; this section exists only on servers running cron jobs
 * (`services` contains `cronjobs`), elsewhere every operation is 404 like an unknown section.
 */
function onlyWhereRunning<H extends object>(handlers: H): H {
  const guarded = Object.entries(handlers).map(([op, handler]: [string, (c: { server: ManagedServer }) => unknown]) => [
    op,
    (c: { server: ManagedServer }) => {
      if (!c.server.services.includes('cronjobs')) throw notFound('errors.managed_plugin_not_found');
      return handler(c);
    },
  ]);
  return Object.fromEntries(guarded) as H;
}

const describeForLog = (input: CronjobInput) => ({ schedule: input.schedule.trim(), user: input.user, command: input.command.trim().slice(0, 120) });

export default defineServerPlugin<Operations>({
  entities: [Cronjob],
  migrations: [Migration20261122141000Cronjobs],
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'cron' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'cron' }),
  },
  handlers: (ports) => onlyWhereRunning(handlers(ports)),
  restore,
  fixtures: async ({ em, server, clock }) => {
    if ((await em.count(Cronjob, { serverId: server.id })) > 0) return;
    const now = clock.now();
    for (const j of demoJobs(server)) em.create(Cronjob, { ...j, serverId: server.id, lastRunAt: null, lastExitCode: null, createdAt: now, updatedAt: now });
    await em.flush();
  },
});

function handlers(ports: PluginPorts): PluginHandlers<Operations> {
  return {
    listCronjobs: async (c) => {
      const now = ports.clock.now();
      return { data: (await jobsOf(c.em, c.server.id)).map((j) => present(j, now)), timeZone: serverTimeZone, users: [...cronUsers] };
    },

    getCronjob: async (c) => {
      const job = await c.em.findOne(Cronjob, { id: c.params.cronjobId, serverId: c.server.id });
      if (!job) throw notFound();
      return present(job, ports.clock.now());
    },

    getCronjobsFile: async (c) => {
      const content = renderCronFile(await jobsOf(c.em, c.server.id));
      const last = await ports.jobs.lastApplied(c.server.id);
      const applied = last?.files.find((f) => f.path === cronFilePath)?.content === content;
      return { path: cronFilePath, content, applied };
    },

    applyCronjobs: async (c) => apply(ports, c, { key: 'cronjobs:changes.applied' }),

    createCronjob: async (c) => {
      const now = ports.clock.now();
      const input = c.body;
      const errors = checkCronjob(input, await jobsOf(c.em, c.server.id), now);
      if (errors) throw validationFailed(errors);
      await c.em.transactional(async (em) => {
        em.create(Cronjob, {
          serverId: c.server.id,
          schedule: input.schedule.trim(),
          command: input.command.trim(),
          user: input.user,
          enabled: input.enabled,
          lastRunAt: null,
          lastExitCode: null,
          createdAt: now,
          updatedAt: now,
        });
      });
      return apply(ports, c, { key: 'cronjobs:changes.created', values: describeForLog(input) });
    },

    updateCronjob: async (c) => {
      const now = ports.clock.now();
      const input = c.body;
      const job = await c.em.findOne(Cronjob, { id: c.params.cronjobId, serverId: c.server.id });
      if (!job) throw notFound();
      const errors = checkCronjob(input, await jobsOf(c.em, c.server.id), now, job.id);
      if (errors) throw validationFailed(errors);
      await c.em.transactional(async (em) => {
        const j = await em.findOneOrFail(Cronjob, { id: job.id });
        j.schedule = input.schedule.trim();
        j.command = input.command.trim();
        j.user = input.user;
        j.enabled = input.enabled;
        j.updatedAt = now;
      });
      return apply(ports, c, { key: 'cronjobs:changes.updated', values: describeForLog(input) });
    },

    deleteCronjob: async (c) => {
      const job = await c.em.findOne(Cronjob, { id: c.params.cronjobId, serverId: c.server.id });
      if (!job) throw notFound();
      const values = describeForLog(job);
      await c.em.transactional(async (em) => {
        await em.nativeDelete(Cronjob, { id: job.id, serverId: c.server.id });
      });
      return apply(ports, c, { key: 'cronjobs:changes.deleted', values });
    },
  };
}
