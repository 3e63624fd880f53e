import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A web application deployed in one of a server's Tomcat instances: its context name and the WAR or directory it is served from. */
export const TomcatApplication = defineEntity({
  name: 'TomcatApplication',
  tableName: 'tomcat_applications',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(40),
    /** The instance that serves it (its name; `default` for applications deployed before instances). */
    instance: p.string().length(30).default('default'),
    source: p.string().length(255),
    createdAt: p.datetime(),
  },
});
export type TomcatApplication = InferEntity<typeof TomcatApplication>;
