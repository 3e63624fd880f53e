import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A fail2ban jail of a server (desired state): one per service of fail2ban's list. */
export const ProtectionJail = defineEntity({
  name: 'ProtectionJail',
  tableName: 'protection_jails',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    jail: p.string().length(32),
    enabled: p.boolean(),
    bantimeSeconds: p.integer(),
    maxretry: p.integer(),
    findtimeSeconds: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ProtectionJail = InferEntity<typeof ProtectionJail>;

/** The web application firewall of one site (host name) of a server (desired state); no row: off. */
export const ProtectionWafSite = defineEntity({
  name: 'ProtectionWafSite',
  tableName: 'protection_waf_sites',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    host: p.string().length(253),
    mode: p.string().length(8),
    exceptions: p.string().length(700),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ProtectionWafSite = InferEntity<typeof ProtectionWafSite>;
