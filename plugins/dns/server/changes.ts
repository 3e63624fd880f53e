/**
 * How every write of the DNS plugin is stored: under the lock of the server's DNS state (and, for a change
 * of one zone, the zone's row), checked by the rules (their errors leave nothing stored), with a new SOA
 * serial, and queued as an apply job that renders every zone when it runs.
 */
import { LockMode } from '@mikro-orm/core';
import type { Schemas } from '@portal/openapi';
import { found, type ApplyTarget, type FieldErrors, type PluginDatabase, type PluginPorts } from '@portal/plugin-sdk/server';
import { DnsZone } from './DnsZone.ts';
import { checkZoneRecords, type RecordData } from './rules.ts';
import { bumpSerial, keepBaseline, loadZones, type DnsSnapshot } from './state.ts';

/** The change log line of a change (`dns:changes.<key>`). */
export interface DnsChange {
  key: string;
  values: Record<string, string | number>;
}

/** The zone of this server; 404 for another server's. */
export const zoneOf = async (em: PluginDatabase, serverId: number, zoneId: number): Promise<DnsZone> =>
  found(await em.findOne(DnsZone, { id: zoneId, serverId }), 'dns:errors.zone_not_found');

/** The zone of this server, locked for the transaction; 404 for another server's. */
export const lockZone = async (em: PluginDatabase, serverId: number, zoneId: number): Promise<DnsZone> =>
  found(await em.findOne(DnsZone, { id: zoneId, serverId }, { lockMode: LockMode.PESSIMISTIC_WRITE }), 'dns:errors.zone_not_found');

/** The serial each zone had in the version last applied to the server. */
export async function appliedSerials(ports: PluginPorts, serverId: number): Promise<Map<string, number>> {
  const last = await ports.jobs.lastApplied(serverId);
  const snapshot = last?.snapshot as DnsSnapshot | undefined;
  return new Map(snapshot?.format === 'dns/1' ? snapshot.zones.map((z) => [z.origin, z.serial]) : []);
}

/**
 * Stores a change and queues its apply: `work` runs in a transaction under the lock of the server's DNS
 * state. Before the server's first apply the zones as they were are kept as its baseline.
 */
export async function storeChange(ports: PluginPorts, c: ApplyTarget, work: (em: PluginDatabase) => Promise<DnsChange>): Promise<Schemas['ManagedJob']> {
  const { job } = await ports.jobs.store(c, async (em) => {
    const firstApply = !(await ports.jobs.lastApplied(c.server.id, em));
    const before = firstApply ? await loadZones(em, c.server.id) : null;
    const s = await work(em);
    if (before) await keepBaseline(em, c.server.id, before, ports.clock.now());
    return { key: `dns:changes.${s.key}`, values: s.values };
  });
  return job;
}

/** A change of one zone (its settings or records): `work` runs with the zone locked, then the zone gets its next serial. */
export function storeZoneChange(ports: PluginPorts, c: ApplyTarget, zoneId: number, work: (em: PluginDatabase, zone: DnsZone) => Promise<DnsChange>): Promise<Schemas['ManagedJob']> {
  return storeChange(ports, c, async (em) => {
    const zone = await lockZone(em, c.server.id, zoneId);
    const change = await work(em, zone);
    await bumpSerial(em, zone, ports.clock.now());
    await em.flush();
    return change;
  });
}

/** Errors of the rules between records, for a request about one record (`subject`: its index in `records`; null: the zone as a whole). */
export function recordErrors(records: RecordData[], origin: string, subject: number | null): FieldErrors | null {
  const { byRecord, zone } = checkZoneRecords(records, origin);
  if (subject !== null && byRecord.has(subject)) return byRecord.get(subject)!;
  const others = [...byRecord.values()].flatMap((f) => Object.values(f).flat());
  const all = [...new Set([...zone, ...others])];
  return all.length ? { _: all } : null;
}
