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

/** A table of a restore's comparison: rows and `CHECKSUM TABLE` of the database now and of the copy (`null`: the table is not there). */
export interface MysqlRestoreTable {
  name: string;
  currentRows: number | null;
  copyRows: number | null;
  currentChecksum: string | null;
  copyChecksum: string | null;
  same: boolean;
}

/**
 * A restore of one database as a copy: dumped (`mariadb-dump`), restored into `<db>_restore_<time>`, compared with the
 * database as it is now, then promoted (the copy's tables swapped in by one `RENAME TABLE`, the previous ones kept in
 * `<db>_before_<time>` until discarded) or discarded. Not desired state: operational, like a report.
 */
export const MysqlRestore = defineEntity({
  name: 'MysqlRestore',
  tableName: 'mysql_restores',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    database: p.string().length(64),
    copyName: p.string().length(64),
    beforeName: p.string().length(64),
    /** running | ready | promoted | discarded | failed */
    status: p.string().length(16),
    /** What runs now: dump | restore | compare | promote | discard (`null` when nothing runs). */
    step: p.string().length(16).nullable(),
    progress: p.integer(),
    error: p.text().nullable(),
    tables: p.json<MysqlRestoreTable[]>().nullable(),
    startedBy: p.string().length(255),
    startedAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
    promotedAt: p.datetime().nullable(),
  },
});
export type MysqlRestore = InferEntity<typeof MysqlRestore>;
