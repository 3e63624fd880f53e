import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { NginxVhost } from './NginxVhost.ts';

/** A redirect of one domain: an exact path answered with `return <code> <target>`. */
export const NginxRedirect = defineEntity({
  name: 'NginxRedirect',
  tableName: 'nginx_redirects',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    vhost: () => p.manyToOne(NginxVhost).deleteRule('cascade').index(),
    source: p.string().length(512),
    target: p.string().length(2048),
    code: p.smallint(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type NginxRedirect = InferEntity<typeof NginxRedirect>;
