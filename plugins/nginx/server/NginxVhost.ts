import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { backends } from '../shared/options.ts';

/** One additional directive of a domain (a whitelisted name and its validated value). */
export interface DirectiveRecord {
  name: string;
  value: string;
}

/** A domain of a server: one nginx `server` block (vhost) with its names, document root and backend. */
export const NginxVhost = defineEntity({
  name: 'NginxVhost',
  tableName: 'nginx_vhosts',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    /** Lowercase host names; the first is the primary one (file and log names). Unique across the server. */
    serverNames: p.json<string[]>(),
    /** Relative to the web root (`shop/public` → `/var/www/shop/public`). */
    documentRoot: p.string().length(200),
    backend: p.enum(backends),
    phpVersion: p.string().length(8).nullable(),
    upstream: p.string().length(260).nullable(),
    certificate: p.string().length(64).nullable(),
    directives: p.json<DirectiveRecord[]>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type NginxVhost = InferEntity<typeof NginxVhost>;
