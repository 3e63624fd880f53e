import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A DNS zone this server is primary for: its SOA fields and default TTL (records in `DnsRecord`). */
export const DnsZone = defineEntity({
  name: 'DnsZone',
  tableName: 'dns_zones',
  uniques: [{ properties: ['serverId', 'origin'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The server (core's `servers.id`; a plain column: plugins hold no relation into core). */
    serverId: p.integer().index(),
    /** The zone's domain, lowercase, without the trailing dot (`shop-mueller-schmidt.example`). */
    origin: p.string().length(253),
    defaultTtl: p.integer(),
    /** SOA MNAME, absolute without the trailing dot. */
    primaryNs: p.string().length(253),
    /** SOA RNAME as an e-mail address (`hostmaster@example.com`). */
    hostmaster: p.string().length(254),
    refresh: p.integer(),
    retry: p.integer(),
    expire: p.integer(),
    minimum: p.integer(),
    /** SOA serial, `YYYYMMDDnn`, increased on every change of the zone. */
    serial: p.bigint('number'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type DnsZone = InferEntity<typeof DnsZone>;
