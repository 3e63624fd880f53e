/** A zone as a whole zone file: check an edited file against the stored zone (what it would add and remove), and replace the zone with it. */
import { validationFailed, type FieldErrors, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { storeZoneChange, zoneOf } from './changes.ts';
import { DnsRecord } from './DnsRecord.ts';
import type { DnsZone } from './DnsZone.ts';
import { sameRecord, type RecordData } from './rules.ts';
import { recordData } from './state.ts';
import type { LineError, ReadZone } from './zonefile.ts';
import { readZoneFileOffThread } from './zonefileWorker.ts';

type ZoneFileOperations = Extract<Operations, 'checkDnsZoneFile' | 'replaceDnsZoneFile'>;

export const zoneFileHandlers = (ports: PluginPorts): PluginHandlers<ZoneFileOperations> => ({
  checkDnsZoneFile: async (c) => {
    const zone = await zoneOf(c.em, c.server.id, c.params.zoneId);
    const file = await readFor(zone, c.body.text);
    const diff = compare((await c.em.find(DnsRecord, { zone: zone.id })).map(recordData), file.records);
    const s = file.settings;
    const settingsChanged = (Object.keys(s) as (keyof typeof s)[]).some((k) => s[k] !== zone[k]);
    return { recordCount: file.records.length, ...diff, settingsChanged };
  },

  replaceDnsZoneFile: async (c) =>
    storeZoneChange(ports, c, c.params.zoneId, async (em, zone) => {
      const file = await readFor(zone, c.body.text);
      const diff = await replaceRecords(em, zone, file.records);
      Object.assign(zone, file.settings);
      return { key: 'zone_file_replaced', values: { origin: zone.origin, ...diff } };
    }),
});

/** The zone file read for `zone` (off the event loop), or a 422 with its errors per line. */
async function readFor(zone: DnsZone, text: string): Promise<ReadZone> {
  const read = await readZoneFileOffThread(text, zone.origin, zone.defaultTtl);
  if (!read.zone) throw validationFailed(lineFields(read.errors), 'dns:errors.zone_file_invalid');
  return read.zone;
}

const lineFields = (errors: LineError[]): FieldErrors => {
  const fields: FieldErrors = { text: ['dns:errors.zone_file_invalid'] };
  for (const e of errors) (fields[`lines.${e.line}`] ??= []).push(e.key);
  return fields;
};

/** Gives the zone the file's records: records that stay keep their ids (and take the file's TTL); the others are removed or added. */
async function replaceRecords(em: PluginDatabase, zone: DnsZone, next: readonly RecordData[]): Promise<{ added: number; removed: number }> {
  const existing = await em.find(DnsRecord, { zone: zone.id }, { orderBy: { id: 'asc' } });
  const diff = compare(existing.map(recordData), next);
  const unmatched = [...existing];
  for (const r of next) {
    const i = unmatched.findIndex((e) => sameRecord(recordData(e), r));
    if (i >= 0) {
      unmatched[i].ttl = r.ttl;
      unmatched.splice(i, 1);
    } else em.create(DnsRecord, { zone, ...r });
  }
  for (const r of unmatched) em.remove(r);
  return diff;
}

/** How many records a new set adds and removes against the current one (same data; TTL changes count as neither). */
function compare(current: readonly RecordData[], next: readonly RecordData[]): { added: number; removed: number } {
  const rest = [...current];
  let added = 0;
  for (const r of next) {
    const i = rest.findIndex((e) => sameRecord(e, r));
    if (i >= 0) rest.splice(i, 1);
    else added++;
  }
  return { added, removed: rest.length };
}
