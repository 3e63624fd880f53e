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
