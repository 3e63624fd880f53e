/**
 * Server part of the `cronjobs` plugin: the jobs of a server (desired state in `cronjobs_jobs`), their
 * rules, and the apply of `/etc/cron.d/portal`. cron has no standard check of a cron.d file and
 * re-reads `/etc/cron.d` by itself every minute, so validation and reload report `skipped`.
 */
import type { Schemas } from '@portal/openapi';
import { defineServerPlugin, found, validationFailed, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { cronUsers } from '../shared/command.ts';
import { nextRuns, parseSchedule, serverTimeZone } from '../shared/schedule.ts';
import { Cronjob } from './Cronjob.ts';
import { Migration20261122141000Cronjobs } from './migrations/Migration20261122141000Cronjobs.ts';
import programs from './program.ts';
import { cronFilePath, renderCronFile } from './render.ts';
import { checkCronjob, type CronjobInput } from './rules.ts';

type CronjobView = Schemas['CronjobsJob'];

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

const jobsOf = (em: PluginDatabase, serverId: number) => em.find(Cronjob, { serverId }, { orderBy: { id: 'asc' } });

const describeForLog = (input: CronjobInput) => ({ schedule: input.schedule.trim(), user: input.user, command: input.command.trim().slice(0, 120) });

export default defineServerPlugin<Operations>({
  entities: [Cronjob],
  migrations: [Migration20261122141000Cronjobs],
  programs,
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'cron' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'cron' }),
  },
  handlers,
  state: { entities: [Cronjob] },
  render: async ({ em, server }) => [{ path: cronFilePath, content: renderCronFile(await jobsOf(em, server.id)), mode: 0o644 }],
  fixtures: async ({ em, server, clock }) => {
    if ((await em.count(Cronjob, { serverId: server.id })) > 0) return;
    const now = clock.now();
    // Realistic jobs by the server's role: a shop on the web servers, dumps on the database server.
    const jobs: [string, string, string, boolean][] =
      server.role === 'database'
        ? [
            ['15 2 * * *', '/usr/local/bin/mysql-backup --all-databases --keep 7 >> /var/log/mysql-backup.log 2>&1', 'deploy', true],
            ['0 4 * * sun', 'mysqlcheck --all-databases --optimize --silent', 'deploy', false],
          ]
        : [
            ['* * * * *', 'cd /var/www/shop/current && php bin/console scheduled-task:run --time-limit=55 --no-interaction', 'www-data', true],
            ['*/15 * * * *', 'php /var/www/shop/current/bin/console messenger:consume async --time-limit=840 --quiet', 'www-data', true],
            ['30 3 * * mon-fri', 'find /var/www/shop/shared/var/log -name "*.log" -mtime +14 -delete', 'deploy', true],
            ['0 6 1 * *', 'php /var/www/shop/current/bin/console sitemap:generate && echo "sitemap $(date +%F)" >> /var/log/shop/sitemap.log', 'www-data', true],
          ];
    for (const [schedule, command, user, enabled] of jobs) em.create(Cronjob, { schedule, command, user, enabled, serverId: server.id, lastRunAt: null, lastExitCode: null, createdAt: now, updatedAt: now });
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
      return present(found(await c.em.findOne(Cronjob, { id: c.params.cronjobId, serverId: c.server.id })), ports.clock.now());
    },

    createCronjob: async (c) => {
      const now = ports.clock.now();
      const input = c.body;
      const { job } = await ports.jobs.store(c, async (em) => {
        const errors = checkCronjob(input, await jobsOf(em, c.server.id), now);
        if (errors) throw validationFailed(errors);
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
        return { key: 'cronjobs:changes.created', values: describeForLog(input) };
      });
      return job;
    },

    updateCronjob: async (c) => {
      const now = ports.clock.now();
      const input = c.body;
      const { job } = await ports.jobs.store(c, async (em) => {
        const j = found(await em.findOne(Cronjob, { id: c.params.cronjobId, serverId: c.server.id }));
        const errors = checkCronjob(input, await jobsOf(em, c.server.id), now, j.id);
        if (errors) throw validationFailed(errors);
        j.schedule = input.schedule.trim();
        j.command = input.command.trim();
        j.user = input.user;
        j.enabled = input.enabled;
        j.updatedAt = now;
        return { key: 'cronjobs:changes.updated', values: describeForLog(input) };
      });
      return job;
    },

    deleteCronjob: async (c) => {
      const { job } = await ports.jobs.store(c, async (em) => {
        const j = found(await em.findOne(Cronjob, { id: c.params.cronjobId, serverId: c.server.id }));
        const values = describeForLog(j);
        await em.nativeDelete(Cronjob, { id: j.id, serverId: c.server.id });
        return { key: 'cronjobs:changes.deleted', values };
      });
      return job;
    },
  };
}
