import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A database of a server as the portal wants it (`CREATE DATABASE … CHARACTER SET … COLLATE …`). */
export const MysqlDatabase = defineEntity({
  name: 'MysqlDatabase',
  tableName: 'mysql_databases',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(64),
    charset: p.string().length(16),
    collation: p.string().length(32),
    createdAt: p.datetime(),
  },
});
export type MysqlDatabase = InferEntity<typeof MysqlDatabase>;

/**
 * A user of a server: name, host pattern, authentication, the databases it has all privileges on, and the hash
 * of its generated password (what the server stores: `mysql_native_password`'s `*<sha1(sha1)>`, or the ed25519
 * public key). The password itself is never stored.
 */
export const MysqlUser = defineEntity({
  name: 'MysqlUser',
  tableName: 'mysql_users',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(80),
    host: p.string().length(60),
    authentication: p.string().length(24),
    passwordHash: p.string().length(64),
    databases: p.json<string[]>(),
    createdAt: p.datetime(),
    passwordSetAt: p.datetime(),
  },
});
export type MysqlUser = InferEntity<typeof MysqlUser>;
