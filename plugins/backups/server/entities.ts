import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A backup plan of a server: the desired state (a resource of the SDK, rendered into the plan file). */
export const BackupPlan = defineEntity({
  name: 'BackupPlan',
  tableName: 'backups_plans',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(64),
    kind: p.string().length(16),
    path: p.string().length(255),
    /** A database plan: the database of the server's MariaDB (empty for a files plan). */
    database: p.string().length(64).default(''),
    schedule: p.string().length(16),
    hour: p.integer(),
    keepDays: p.integer(),
    keepWeeks: p.integer(),
    keepMonths: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type BackupPlan = InferEntity<typeof BackupPlan>;

/** The restic repository of a server: its password, generated once and kept sealed (`ports.secrets`). */
export const BackupRepository = defineEntity({
  name: 'BackupRepository',
  tableName: 'backups_repositories',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    sealedPassword: p.string().length(512),
    createdAt: p.datetime(),
  },
});
export type BackupRepository = InferEntity<typeof BackupRepository>;

/** A run on a server: a backup, a restore test, a restore or a promote — what happened, not desired state. */
export const BackupRun = defineEntity({
  name: 'BackupRun',
  tableName: 'backups_runs',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    planId: p.integer(),
    restoreId: p.integer().nullable(),
    kind: p.string().length(16),
    status: p.string().length(16),
    stage: p.string().length(32),
    scheduled: p.boolean(),
    snapshotId: p.string().length(64).nullable(),
    bytes: p.bigint('number').nullable(),
    files: p.integer().nullable(),
    durationMs: p.integer().nullable(),
    error: p.string().length(4000).nullable(),
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
});
export type BackupRun = InferEntity<typeof BackupRun>;

/** A restore of a snapshot: a copy compared with the live files (then promoted or discarded), or in place. */
export const BackupRestore = defineEntity({
  name: 'BackupRestore',
  tableName: 'backups_restores',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    planId: p.integer(),
    snapshotId: p.string().length(64),
    mode: p.string().length(16),
    status: p.string().length(16),
    changes: p.json<{ path: string; change: 'added' | 'removed' | 'changed' }[]>(),
    changesTotal: p.integer(),
    /** A database plan: the copy database, and the tables with their rows live and in the copy. */
    copyDatabase: p.string().length(64).nullable(),
    tables: p.json<{ name: string; liveRows: number | null; copyRows: number | null }[]>().nullable(),
    error: p.string().length(4000).nullable(),
    createdAt: p.datetime(),
  },
});
export type BackupRestore = InferEntity<typeof BackupRestore>;
