import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One start/stop/restart/reload of a service and its result: the section's history (the audit log has it too). */
export const ClusterControlActionRow = defineEntity({
  name: 'ClusterControlActionRow',
  tableName: 'cluster_control_actions',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The cluster the server belongs to: the history is the cluster's. */
    clusterId: p.integer().index(),
    serverId: p.integer(),
    serverName: p.string().length(255),
    service: p.string().length(64),
    action: p.string().length(16),
    outcome: p.string().length(16),
    output: p.text(),
    state: p.string().length(16),
    userEmail: p.string().length(255),
    at: p.datetime(),
  },
});
export type ClusterControlActionRow = InferEntity<typeof ClusterControlActionRow>;
