import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The highest SOA serial ever issued for an origin on a server. A rollback or a failed apply puts an
 * older zone (and serial) back, and a deleted zone may be created again; the next change must still
 * get a serial above every one secondaries may have seen, so this survives both.
 */
export const DnsSerial = defineEntity({
  name: 'DnsSerial',
  tableName: 'dns_serials',
  uniques: [{ properties: ['serverId', 'origin'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer(),
    origin: p.string().length(253),
    serial: p.bigint('number'),
  },
});
export type DnsSerial = InferEntity<typeof DnsSerial>;
