/** Records of a zone, one at a time (the form editor): create, change, delete — each checked alone and with the zone's other records. */
import { found, notFound, validationFailed, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { recordErrors, storeZoneChange } from './changes.ts';
import { DnsRecord } from './DnsRecord.ts';
import type { DnsZone } from './DnsZone.ts';
import { checkRecord, limits, type RecordData, type RecordInput } from './rules.ts';
import { recordData } from './state.ts';

type RecordOperations = Extract<Operations, 'createDnsRecord' | 'updateDnsRecord' | 'deleteDnsRecord'>;

export const recordHandlers = (ports: PluginPorts): PluginHandlers<RecordOperations> => ({
  createDnsRecord: async (c) =>
    storeZoneChange(ports, c, c.params.zoneId, async (em, zone) => {
      const { record, records } = await checkedRecord(em, zone, c.body, null);
      if (records.length >= limits.recordsPerZone) throw validationFailed({ _: ['dns:errors.too_many_records'] });
      alignRrset(records, record);
      em.create(DnsRecord, { zone, ...record });
      return { key: 'record_created', values: { origin: zone.origin, name: record.name, type: record.type } };
    }),

  updateDnsRecord: async (c) =>
    storeZoneChange(ports, c, c.params.zoneId, async (em, zone) => {
      const existing = found(await em.findOne(DnsRecord, { id: c.params.recordId, zone: zone.id }), 'dns:errors.record_not_found');
      const { record, others } = await checkedRecord(em, zone, c.body, existing.id);
      alignRrset(others, record);
      Object.assign(existing, record);
      return { key: 'record_updated', values: { origin: zone.origin, name: record.name, type: record.type } };
    }),

  deleteDnsRecord: async (c) =>
    storeZoneChange(ports, c, c.params.zoneId, async (em, zone) => {
      const records = await em.find(DnsRecord, { zone: zone.id }, { orderBy: { id: 'asc' } });
      const existing = records.find((r) => r.id === c.params.recordId);
      if (!existing) throw notFound('dns:errors.record_not_found');
      const errors = recordErrors(records.filter((r) => r !== existing).map(recordData), zone.origin, null);
      if (errors) throw validationFailed(errors, errors._[0]);
      em.remove(existing);
      return { key: 'record_deleted', values: { origin: zone.origin, name: existing.name, type: existing.type } };
    }),
});

/** A record request: checked alone, then with the zone's other records (`exceptId`: the record it replaces). */
async function checkedRecord(em: PluginDatabase, zone: DnsZone, body: RecordInput, exceptId: number | null) {
  const single = checkRecord(body, zone.origin);
  if (single.errors) throw validationFailed(single.errors);
  const record = single.record;
  const records = await em.find(DnsRecord, { zone: zone.id }, { orderBy: { id: 'asc' } });
  const others = records.filter((r) => r.id !== exceptId);
  const candidate = [...others.map(recordData).map((r) => (r.name === record.name && r.type === record.type ? { ...r, ttl: record.ttl } : r)), record];
  const errors = recordErrors(candidate, zone.origin, candidate.length - 1);
  if (errors) throw validationFailed(errors);
  return { record, records, others };
}

/** Sets the TTL of a record's whole RRset (one name and type have one TTL, RFC 2181 §5.2). */
function alignRrset(records: DnsRecord[], record: RecordData): void {
  for (const r of records) if (r.name === record.name && r.type === record.type) r.ttl = record.ttl;
}
