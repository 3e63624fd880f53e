import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One FTPS account of a server: the desired state rendered into ProFTPD's account file (`/etc/proftpd/portal.passwd`). */
export const FtpUser = defineEntity({
  name: 'FtpUser',
  tableName: 'ftp_users',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    login: p.string().length(32),
    /** Relative to `/var/www`. */
    documentRoot: p.string().length(200),
    /** 0 = no limit. */
    quotaMb: p.integer(),
    /** `YYYY-MM-DD`, the last day it may log in (UTC); '' = never. */
    expiresOn: p.string().length(10),
    /** SHA-512-crypt of the generated password; the password itself is never stored. */
    passwordHash: p.string().length(200),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    passwordSetAt: p.datetime(),
  },
});
export type FtpUser = InferEntity<typeof FtpUser>;
