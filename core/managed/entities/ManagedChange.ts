import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../accounts/index.ts';
import { Server } from '../../clusters/index.ts';
import { jobKinds, type CheckOutcomeRecord } from './ManagedJob.ts';

export const changeStatuses = ['pending', 'applied', 'failed', 'rolled_back'] as const;

export interface ChangeSummary {
  key: string;
  values?: Record<string, string | number>;
}

/** The change log of a server: who changed what through which plugin, and how it ended. */
export const ManagedChange = defineEntity({
  name: 'ManagedChange',
  tableName: 'managed_changes',
  indexes: [{ properties: ['server', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    server: () => p.manyToOne(Server).deleteRule('cascade'),
    pluginId: p.string().length(32),
    kind: p.enum(jobKinds),
    summary: p.json<ChangeSummary>(),
    user: () => p.manyToOne(User).deleteRule('set null').nullable(),
    /** The name at the time of the change, kept when the user is deleted. */
    userName: p.string().length(511).nullable(),
    /** The staff member who made the change while impersonating `user` (issue 8), and their name at the time. */
    impersonator: () => p.manyToOne(User).deleteRule('set null').nullable(),
    impersonatorName: p.string().length(511).nullable(),
    status: p.enum(changeStatuses).default('pending'),
    version: p.integer().nullable(),
    diff: p.text(),
    validation: p.json<CheckOutcomeRecord>().nullable(),
    jobId: p.integer().nullable(),
    createdAt: p.datetime(),
  },
});
export type ManagedChange = InferEntity<typeof ManagedChange>;
