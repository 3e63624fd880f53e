import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A Tomcat instance of a server: its own CATALINA_BASE (`/var/lib/tomcat10-portal/instances/<name>`), JVM and HTTP
 * connector; it runs as the program of its `slot` (`tomcat-<slot>`), which stays the same for its whole life.
 */
export const TomcatInstance = defineEntity({
  name: 'TomcatInstance',
  tableName: 'tomcat_instances',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(30),
    slot: p.integer(),
    port: p.integer(),
    heapMinMb: p.integer(),
    heapMaxMb: p.integer(),
    jvmOptions: p.string().length(500),
    maxThreads: p.integer(),
    connectionTimeoutMs: p.integer(),
    createdAt: p.datetime(),
  },
});
export type TomcatInstance = InferEntity<typeof TomcatInstance>;
