import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A core of a server as the portal wants it: its name and the config set it is created from (Solr's core discovery). */
export const SolrCore = defineEntity({
  name: 'SolrCore',
  tableName: 'solr_cores',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(63),
    configSet: p.string().length(64),
    createdAt: p.datetime(),
  },
});
export type SolrCore = InferEntity<typeof SolrCore>;
