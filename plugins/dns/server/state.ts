/**
 * The desired state of a server's zones in the database: loading it, the snapshot handed to
 * `apply`, restoring a snapshot (rollback, failed apply), serial bumps and the demo fixtures.
 */
import type { PluginDatabase } from '@portal/plugin-sdk/server';
import { DnsBaseline } from './DnsBaseline.ts';
import { DnsRecord, type CaaTag, type RecordType } from './DnsRecord.ts';
import { DnsSerial } from './DnsSerial.ts';
import { DnsZone } from './DnsZone.ts';
import { demoZone } from './fixtures.ts';
import { sortRecords } from './render.ts';
import type { RecordData, ZoneData } from './rules.ts';
import { nextSerial } from './serial.ts';

export interface StoredRecord extends RecordData {
  id: number;
}

export interface StoredZone extends ZoneData {
  id: number;
  records: StoredRecord[];
  updatedAt: string;
}

/** What `apply` keeps and `restore` gets back. */
export interface DnsSnapshot {
  format: 'dns/1';
  zones: StoredZone[];
}

export const recordData = (r: DnsRecord): StoredRecord => ({
  id: r.id,
  name: r.name,
  type: r.type as RecordType,
  ttl: r.ttl ?? null,
  value: r.value,
  priority: r.priority ?? null,
  weight: r.weight ?? null,
  port: r.port ?? null,
  flags: r.flags ?? null,
  tag: (r.tag as CaaTag | null | undefined) ?? null,
});

export const zoneData = (z: DnsZone, records: DnsRecord[]): StoredZone => ({
  id: z.id,
  origin: z.origin,
  defaultTtl: z.defaultTtl,
  primaryNs: z.primaryNs,
  hostmaster: z.hostmaster,
  refresh: z.refresh,
  retry: z.retry,
  expire: z.expire,
  minimum: z.minimum,
  serial: z.serial,
  records: sortRecords(records.map(recordData)),
  updatedAt: z.updatedAt.toISOString(),
});

/** Every zone of a server with its records, by origin. */
export async function loadZones(em: PluginDatabase, serverId: number): Promise<StoredZone[]> {
  const zones = await em.find(DnsZone, { serverId }, { orderBy: { origin: 'asc' } });
  if (!zones.length) return [];
  const records = await em.find(DnsRecord, { zone: { $in: zones.map((z) => z.id) } }, { orderBy: { id: 'asc' } });
  return zones.map((z) =>
    zoneData(
      z,
      records.filter((r) => (typeof r.zone === 'number' ? r.zone : r.zone.id) === z.id),
    ),
  );
}

export const snapshotOf = (zones: StoredZone[]): DnsSnapshot => ({ format: 'dns/1', zones });

const isSnapshot = (s: unknown): s is DnsSnapshot => !!s && typeof s === 'object' && (s as DnsSnapshot).format === 'dns/1' && Array.isArray((s as DnsSnapshot).zones);

/**
 * Gives a zone the next serial and remembers it as issued for its origin (so a later rollback or a
 * zone created again never reuses a serial secondaries may have seen).
 */
export async function bumpSerial(em: PluginDatabase, zone: DnsZone, now: Date): Promise<number> {
  const issued = await em.findOne(DnsSerial, { serverId: zone.serverId, origin: zone.origin });
  const serial = nextSerial(zone.serial ?? 0, issued?.serial ?? 0, now);
  zone.serial = serial;
  zone.updatedAt = now;
  if (issued) issued.serial = serial;
  else em.create(DnsSerial, { serverId: zone.serverId, origin: zone.origin, serial });
  return serial;
}

/** Replaces the server's zones and records with a snapshot's (ids kept, so open pages stay valid). */
async function replaceState(em: PluginDatabase, serverId: number, zones: StoredZone[], now: Date): Promise<void> {
  await em.nativeDelete(DnsZone, { serverId }); // records go with them (on delete cascade)
  em.clear();
  for (const z of zones) {
    const zone = em.create(DnsZone, {
      id: z.id,
      serverId,
      origin: z.origin,
      defaultTtl: z.defaultTtl,
      primaryNs: z.primaryNs,
      hostmaster: z.hostmaster,
      refresh: z.refresh,
      retry: z.retry,
      expire: z.expire,
      minimum: z.minimum,
      serial: z.serial,
      createdAt: now,
      updatedAt: z.updatedAt ? new Date(z.updatedAt) : now,
    });
    for (const r of z.records) {
      em.create(DnsRecord, {
        id: r.id,
        zone,
        name: r.name,
        type: r.type,
        ttl: r.ttl,
        value: r.value,
        priority: r.priority,
        weight: r.weight,
        port: r.port,
        flags: r.flags,
        tag: r.tag,
      });
    }
  }
  await em.flush();
}

/**
 * `restore` of the plugin: a snapshot of an applied version (rollback, or the last good one after a
 * failed apply), or `null` when nothing was applied yet — then the state before the first apply.
 */
export async function restoreState(em: PluginDatabase, serverId: number, snapshot: unknown, now: Date): Promise<void> {
  if (snapshot === null) {
    const baseline = await em.findOne(DnsBaseline, { serverId });
    return replaceState(em, serverId, isSnapshot(baseline?.snapshot) ? baseline.snapshot.zones : [], now);
  }
  if (!isSnapshot(snapshot)) throw new Error('not a dns snapshot');
  await replaceState(em, serverId, snapshot.zones, now);
}

/** Keeps the state before a server's first apply (see `DnsBaseline`). */
export async function keepBaseline(em: PluginDatabase, serverId: number, zones: StoredZone[], now: Date): Promise<void> {
  const existing = await em.findOne(DnsBaseline, { serverId });
  if (existing) existing.snapshot = snapshotOf(zones);
  else em.create(DnsBaseline, { serverId, snapshot: snapshotOf(zones), createdAt: now });
  await em.flush();
}

/** The demo zone for a demo load balancer (once). */
export async function seedFixtures(em: PluginDatabase, serverId: number, now: Date): Promise<void> {
  if (await em.count(DnsZone, { serverId })) return;
  const demo = demoZone(0);
  const zone = em.create(DnsZone, {
    serverId,
    origin: demo.origin,
    defaultTtl: demo.defaultTtl,
    primaryNs: demo.primaryNs,
    hostmaster: demo.hostmaster,
    refresh: demo.refresh,
    retry: demo.retry,
    expire: demo.expire,
    minimum: demo.minimum,
    serial: 0,
    createdAt: now,
    updatedAt: now,
  });
  await bumpSerial(em, zone, now);
  for (const r of demo.records) em.create(DnsRecord, { zone, ...r });
  await em.flush();
}
