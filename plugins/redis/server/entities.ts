import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An ACL user of a server's redis as the portal wants it: name, the key patterns it may touch, its access profile
 * (`read`, `readwrite`), on or off, and the SHA-256 hash of its generated password (what redis itself keeps:
 * `#<hash>`). The password is never stored. Desired state (snapshotted, rolled back).
 */
export const RedisAclUser = defineEntity({
  name: 'RedisAclUser',
  tableName: 'redis_acl_users',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(32),
    /** The instance it belongs to (its name; `default` for the users made before instances). Names are unique per instance. */
    instance: p.string().length(30).default('default'),
    keyPatterns: p.json<string[]>(),
    access: p.string().length(16),
    enabled: p.boolean(),
    passwordHash: p.string().length(64),
    createdAt: p.datetime(),
    passwordSetAt: p.datetime(),
  },
});
export type RedisAclUser = InferEntity<typeof RedisAclUser>;

/**
 * The portal's own management user of a server's redis (`portal`): its generated password sealed with the portal's
 * secret box (the live figures, `INFO`/`CONFIG GET` and flush log in with it) and the password's SHA-256 hash for
 * the rendered file. Made once per server, never shown, never rolled back (not desired state).
 */
export const RedisPortalCredential = defineEntity({
  name: 'RedisPortalCredential',
  tableName: 'redis_portal_credentials',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    sealed: p.text(),
    passwordHash: p.string().length(64),
  },
});
export type RedisPortalCredential = InferEntity<typeof RedisPortalCredential>;

/**
 * A named redis instance of a server besides `default` (issue 26, one per shop): its own file
 * (`/etc/redis/instances/<name>.conf`), port, memory limit, eviction policy, persistence and default user; its ACL
 * users are `RedisAclUser`s with its name. It runs as the program of its `slot` (`redis-<slot>`), kept for its life.
 * Desired state (snapshotted, rolled back).
 */
export const RedisInstance = defineEntity({
  name: 'RedisInstance',
  tableName: 'redis_instances',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(30),
    slot: p.integer(),
    port: p.integer(),
    maxmemoryMb: p.integer(),
    maxmemoryPolicy: p.string().length(20),
    appendonly: p.boolean(),
    appendfsync: p.string().length(10),
    saveSchedule: p.string().length(100),
    defaultUser: p.boolean(),
    createdAt: p.datetime(),
  },
});
export type RedisInstance = InferEntity<typeof RedisInstance>;
