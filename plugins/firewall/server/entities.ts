import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One firewall rule of a server: the desired state rendered into the nftables rule set. */
export const FirewallRule = defineEntity({
  name: 'FirewallRule',
  tableName: 'firewall_rules',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    action: p.string().length(8),
    protocol: p.string().length(8),
    ports: p.string().length(11),
    sources: p.string().length(1000),
    comment: p.string().length(64),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type FirewallRule = InferEntity<typeof FirewallRule>;

/**
 * A change of a server's rules that waits for its confirmation (none: the rules are confirmed). Not part of the
 * desired state (a rollback does not bring it back): it holds the last confirmed rules the window restores.
 */
export const FirewallConfirmation = defineEntity({
  name: 'FirewallConfirmation',
  tableName: 'firewall_confirmations',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    /** The rules as last confirmed (`RuleValues[]`), restored when the window runs out. */
    confirmedRules: p.json<RuleValues[]>(),
    /** Who made the change (the rollback's job runs as them). */
    userId: p.integer(),
    /** The last applied version when the change was stored: a newer one means it is applied. */
    baseVersion: p.integer(),
    /** When the change was stored (wall time). */
    changedAt: p.datetime(),
    /** Until when it must be confirmed; null while it waits for its apply. */
    deadline: p.datetime().nullable(),
  },
});
export type FirewallConfirmation = InferEntity<typeof FirewallConfirmation>;

/** What a rule is, without its identity. */
export interface RuleValues {
  action: 'allow' | 'deny';
  protocol: 'tcp' | 'udp';
  ports: string;
  sources: string;
  comment: string;
}

/**
 * One blocked address or CIDR of a cluster: every server of the cluster that runs the firewall drops everything from
 * it, before its own rules. Not part of a server's desired state (a server's rollback does not touch it).
 */
export const FirewallBlock = defineEntity({
  name: 'FirewallBlock',
  tableName: 'firewall_blocks',
  properties: {
    id: p.integer().primary().autoincrement(),
    clusterId: p.integer().index(),
    /** Normalised (`192.0.2.0/24`, `2001:db8::/32`, `192.0.2.7`). */
    address: p.string().length(64),
    comment: p.string().length(64),
    createdAt: p.datetime(),
  },
});
export type FirewallBlock = InferEntity<typeof FirewallBlock>;
