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

/** The keys a policy may set, with the broker's names (the contract's `RabbitmqPolicyDefinition`). */
export type PolicyDefinition = Record<string, string | number>;

/** A policy of a virtual host: limits, lifetimes and dead-lettering for the queues (or exchanges) whose names match. */
export const RabbitmqPolicy = defineEntity({
  name: 'RabbitmqPolicy',
  tableName: 'rabbitmq_policies',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    vhost: p.string().length(64),
    name: p.string().length(64),
    pattern: p.string().length(255),
    applyTo: p.string().length(16),
    priority: p.integer(),
    definition: p.json<PolicyDefinition>(),
  },
});
export type RabbitmqPolicy = InferEntity<typeof RabbitmqPolicy>;

/** An exchange of a virtual host as the portal declares it. */
export const RabbitmqExchange = defineEntity({
  name: 'RabbitmqExchange',
  tableName: 'rabbitmq_exchanges',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    vhost: p.string().length(64),
    name: p.string().length(64),
    type: p.string().length(16),
    durable: p.boolean(),
    autoDelete: p.boolean(),
  },
});
export type RabbitmqExchange = InferEntity<typeof RabbitmqExchange>;

/** A binding: messages of exchange `source` with a matching routing key go on to a queue or another exchange. */
export const RabbitmqBinding = defineEntity({
  name: 'RabbitmqBinding',
  tableName: 'rabbitmq_bindings',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    vhost: p.string().length(64),
    source: p.string().length(64),
    destinationType: p.string().length(16),
    destination: p.string().length(255),
    routingKey: p.string().length(255),
  },
});
export type RabbitmqBinding = InferEntity<typeof RabbitmqBinding>;
