import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One cron job of a server: the desired state that is rendered into `/etc/cron.d/portal`. */
export const Cronjob = defineEntity({
  name: 'CronjobsJob',
  tableName: 'cronjobs_jobs',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    /** As the user wrote it (names and macros allowed); rendered normalized. */
    schedule: p.string().length(100),
    command: p.string().length(900),
    user: p.string().length(32),
    enabled: p.boolean().default(true),
    /** When the job last ran and how it ended, as far as the portal knows (nothing reports it on `local`). */
    lastRunAt: p.datetime().nullable(),
    lastExitCode: p.integer().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Cronjob = InferEntity<typeof Cronjob>;
