import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { NginxVhost } from './NginxVhost.ts';

/** A user of a basic authentication: the name and its SHA-512-crypt hash (never returned by the API). */
export interface AuthUserRecord {
  name: string;
  hash: string;
}

/** HTTP basic authentication for a path (prefix) of one domain. */
export const NginxAuthentication = defineEntity({
  name: 'NginxAuthentication',
  tableName: 'nginx_authentications',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    vhost: () => p.manyToOne(NginxVhost).deleteRule('cascade').index(),
    path: p.string().length(512),
    realm: p.string().length(64),
    users: p.json<AuthUserRecord[]>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type NginxAuthentication = InferEntity<typeof NginxAuthentication>;
