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
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
});
export type ManagedJob = InferEntity<typeof ManagedJob>;
