import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A virtual host of a server's broker as the portal wants it. */
export const RabbitmqVhost = defineEntity({
  name: 'RabbitmqVhost',
  tableName: 'rabbitmq_vhosts',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(64),
    description: p.string().length(200),
    createdAt: p.datetime(),
  },
});
export type RabbitmqVhost = InferEntity<typeof RabbitmqVhost>;

/**
 * A user of a server's broker: its name, tags and the broker's salted SHA-256 hash of its generated password
 * (`rabbit_password_hashing_sha256`, what the broker itself stores). The password itself is never stored.
 */
export const RabbitmqUser = defineEntity({
  name: 'RabbitmqUser',
  tableName: 'rabbitmq_users',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(64),
    tags: p.json<string[]>(),
    passwordHash: p.string().length(64),
    createdAt: p.datetime(),
    passwordSetAt: p.datetime(),
  },
});
export type RabbitmqUser = InferEntity<typeof RabbitmqUser>;

/** What a user may do on a virtual host: regular expressions over the names it may configure, write and read. */
export const RabbitmqPermission = defineEntity({
  name: 'RabbitmqPermission',
  tableName: 'rabbitmq_permissions',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    vhost: p.string().length(64),
    user: p.string().length(64),
    configure: p.string().length(255),
    write: p.string().length(255),
    read: p.string().length(255),
  },
});
export type RabbitmqPermission = InferEntity<typeof RabbitmqPermission>;
