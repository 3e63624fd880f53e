import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A crash loop of a program the watcher has announced (`watch.ts`): one row per server and program while the loop
 * lasts, removed once the program runs again. Not desired state (a rollback leaves it alone); the unique key makes
 * one notice per loop even with several portal instances watching.
 */
export const SupervisorCrashLoop = defineEntity({
  name: 'SupervisorCrashLoop',
  tableName: 'supervisor_crash_loops',
  uniques: [{ properties: ['serverId', 'program'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer(),
    program: p.string().length(40),
    since: p.datetime(),
  },
});
export type SupervisorCrashLoop = InferEntity<typeof SupervisorCrashLoop>;
