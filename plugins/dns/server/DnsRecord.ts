import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DnsZone } from './DnsZone.ts';

export const recordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS'] as const;
export type RecordType = (typeof recordTypes)[number];
export const caaTags = ['issue', 'issuewild', 'iodef'] as const;
export type CaaTag = (typeof caaTags)[number];

/**
 * One resource record of a zone. `value` is the type's main datum (the address of A/AAAA, the
 * target of CNAME/NS/MX/SRV, the text of TXT, the value of CAA); the other columns are set only for
 * the types that have them (MX/SRV `priority`, SRV `weight`/`port`, CAA `flags`/`tag`).
 */
export const DnsRecord = defineEntity({
  name: 'DnsRecord',
  tableName: 'dns_records',
  properties: {
    id: p.integer().primary().autoincrement(),
    zone: () => p.manyToOne(DnsZone).deleteRule('cascade').index(),
    /** Relative to the origin, or `@`. */
    name: p.string().length(253),
    type: p.enum(recordTypes),
    /** `null`: the zone's default TTL. */
    ttl: p.integer().nullable(),
    value: p.text(),
    priority: p.integer().nullable(),
    weight: p.integer().nullable(),
    port: p.integer().nullable(),
    flags: p.integer().nullable(),
    tag: p.enum(caaTags).nullable(),
  },
});
export type DnsRecord = InferEntity<typeof DnsRecord>;
