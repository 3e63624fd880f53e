import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Server } from '../../clusters/index.ts';

export const jobKinds = ['apply', 'rollback'] as const;
export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export const jobSteps = ['queued', 'writing', 'validating', 'reloading', 'restoring', 'done'] as const;

export interface CheckOutcomeRecord {
  status: 'passed' | 'failed' | 'skipped';
  tool?: string;
  reason?: 'tool_missing' | 'not_supported';
  output?: string;
}

/** A file someone changed on the server since the last applied version (drift, issue 24 §2). */
export interface DriftedFile {
  path: string;
  /** sha256 of the content the last applied version (or the baseline) left there; null: nothing was there. */
  expected: string | null;
  /** sha256 of what the server has now; null: the file is gone. */
  found: string | null;
  /** Unified diff from the expected to the found content (secret files: fingerprints only). */
  diff: string;
}

/** What a job found changed on the server before writing (it stopped with `job.drift`). */
export interface DriftRecord {
  /** The last applied version the job compared with. */
  version: number;
  files: DriftedFile[];
}

export interface JobLogEntry {
  at: string;
  step: string;
  message: string;
  detail?: string;
}

/** One apply or rollback of a plugin's configuration on a server, with its progress. */
export const ManagedJob = defineEntity({
  name: 'ManagedJob',
  tableName: 'managed_jobs',
  properties: {
    id: p.integer().primary().autoincrement(),
    server: () => p.manyToOne(Server).deleteRule('cascade').index(),
    pluginId: p.string().length(32),
    kind: p.enum(jobKinds),
    status: p.enum(jobStatuses).default('queued'),
    step: p.enum(jobSteps).default('queued'),
    progress: p.integer().default(0),
    validation: p.json<CheckOutcomeRecord>().nullable(),
    log: p.json<JobLogEntry[]>(),
    changeId: p.integer().nullable(),
    /** Files changed on the server that stopped the job (`job.drift`). */
    drift: p.json<DriftRecord>().nullable(),
    /** "Overwrite": path → found hash (null: absent) this job may replace without stopping. */
    driftAccepted: p.json<Record<string, string | null>>().nullable(),
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
});
export type ManagedJob = InferEntity<typeof ManagedJob>;
