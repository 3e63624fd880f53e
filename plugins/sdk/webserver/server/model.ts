/**
 * The family's entities, made per plugin: plugin tables are `<pluginId>_<things>`, so each web server
 * (nginx, apache) instantiates them with its own prefix — `webServerEntities('nginx')` gives
 * `nginx_vhosts`, `nginx_redirects` and `nginx_authentications` (the schema nginx has had since its first
 * migration; a new member writes the same migration with its prefix).
 */
import { defineEntity, p } from '@mikro-orm/core';
import { backends } from '../shared/options.ts';
import type { AuthUserRecord, DirectiveRecord, ProxyLocationState } from '../shared/state.ts';

const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The site, redirect and authentication entities of the web server plugin `pluginId`. */
export function webServerEntities(pluginId: string) {
  const prefix = pluginId.replace(/-/g, '_');
  const name = pascal(pluginId);

  /** A site of a server (a `server` block, a `<VirtualHost>`) with its names, document root and backend. */
  const Vhost = defineEntity({
    name: `${name}Vhost`,
    tableName: `${prefix}_vhosts`,
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
      /** Path prefixes forwarded to upstreams, published by key (added later: each member's migration adds the column with `'[]'`). */
      proxyLocations: p.json<ProxyLocationState[]>().default('[]'),
      createdAt: p.datetime(),
      updatedAt: p.datetime(),
    },
  });

  /** A redirect of one site: an exact path answered with a status code and a target. */
  const Redirect = defineEntity({
    name: `${name}Redirect`,
    tableName: `${prefix}_redirects`,
    properties: {
      id: p.integer().primary().autoincrement(),
      serverId: p.integer().index(),
      vhost: () => p.manyToOne(Vhost).deleteRule('cascade').index(),
      source: p.string().length(512),
      target: p.string().length(2048),
      code: p.smallint(),
      createdAt: p.datetime(),
      updatedAt: p.datetime(),
    },
  });

  /** HTTP basic authentication (htpasswd) for a path (prefix) of one site. */
  const Authentication = defineEntity({
    name: `${name}Authentication`,
    tableName: `${prefix}_authentications`,
    properties: {
      id: p.integer().primary().autoincrement(),
      serverId: p.integer().index(),
      vhost: () => p.manyToOne(Vhost).deleteRule('cascade').index(),
      path: p.string().length(512),
      realm: p.string().length(64),
      users: p.json<AuthUserRecord[]>(),
      createdAt: p.datetime(),
      updatedAt: p.datetime(),
    },
  });

  return { Vhost, Redirect, Authentication };
}

/** The entities of one web server plugin. */
export type WebServerEntities = ReturnType<typeof webServerEntities>;
