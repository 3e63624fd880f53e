import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Cluster } from '../clusters/index.ts';

export const terminationStatuses = ['in_termination', 'aborted', 'confirmed'] as const;
export type TerminationStatus = (typeof terminationStatuses)[number];
export const terminationReasons = ['price', 'performance', 'support', 'features', 'migration', 'project_ended', 'other'] as const;
export type TerminationReason = (typeof terminationReasons)[number];

/**
 * The termination of a cluster contract (spec §3 Termination). At most one that is not aborted per
 * contract (§4); dates are days in the provider's time zone.
 */
export const ClusterTermination = defineEntity({
  name: 'ClusterTermination',
  tableName: 'cluster_terminations',
  properties: {
    id: p.integer().primary().autoincrement(),
    cluster: () => p.manyToOne(Cluster).deleteRule('cascade').index(),
    status: p.enum(terminationStatuses).default('in_termination'),
    endOfTerm: p.string().length(10),
    shutdownOn: p.string().length(10),
    deletionOn: p.string().length(10),
    reason: p.enum(terminationReasons).nullable(),
    reasonText: p.text().nullable(),
    createdById: p.integer().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    abortedAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
  },
});
export type ClusterTermination = InferEntity<typeof ClusterTermination>;
