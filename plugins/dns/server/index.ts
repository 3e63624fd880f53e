/**
 * Server part of the DNS plugin: zones and records of a server as desired state, every change checked
 * by the rules (422, nothing stored), stored with a new SOA serial, rendered and applied as a job.
 */
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Schemas } from '@portal/openapi';
import { defineServerPlugin, notFound, validationFailed, type ApplyTarget, type FieldErrors, type PluginContext, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { CHECKER, renderFiles } from './apply.ts';
import programs from './program.ts';
import { DnsBaseline } from './DnsBaseline.ts';
import { DnsRecord } from './DnsRecord.ts';
import { DnsSerial } from './DnsSerial.ts';
import { DnsZone } from './DnsZone.ts';
import { Migration20261122143000DnsZones } from './migrations/Migration20261122143000DnsZones.ts';
import { renderZone } from './render.ts';
import { checkOrigin, checkRecord, checkSettings, checkZoneRecords, limits, sameRecord, zoneDefaults, type RecordData, type RecordInput } from './rules.ts';
import { bumpSerial, keepBaseline, loadZones, recordData, restoreState, seedFixtures, snapshotOf, zoneData, type DnsSnapshot, type StoredZone } from './state.ts';
import { type LineError } from './zonefile.ts';
import { readZoneFileOffThread } from './zonefileWorker.ts';

type Ctx<Op extends Operations> = PluginContext<Op>;

/** The zone of this server, locked for the transaction; 404 for another server's. */
async function lockZone(em: PluginDatabase, serverId: number, zoneId: number): Promise<DnsZone> {
  const zone = await em.findOne(DnsZone, { id: zoneId, serverId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!zone) throw notFound('dns:errors.zone_not_found');
  return zone;
}

/** Errors of the rules between records, for a request about one record (it is the last of `records`). */
function recordErrors(records: RecordData[], origin: string, subject: number | null): FieldErrors | null {
  const { byRecord, zone } = checkZoneRecords(records, origin);
  if (subject !== null && byRecord.has(subject)) return byRecord.get(subject)!;
  const others = [...byRecord.values()].flatMap((f) => Object.values(f).flat());
  const all = [...new Set([...zone, ...others])];
  return all.length ? { _: all } : null;
}

const lineFields = (errors: LineError[]): FieldErrors => {
  const fields: FieldErrors = { text: ['dns:errors.zone_file_invalid'] };
  for (const e of errors) (fields[`lines.${e.line}`] ??= []).push(e.key);
  return fields;
};

/** Sets the TTL of a record's whole RRset (one name and type have one TTL, RFC 2181 §5.2). */
function alignRrset(records: DnsRecord[], record: RecordData): void {
  for (const r of records) if (r.name === record.name && r.type === record.type) r.ttl = record.ttl;
}

export default defineServerPlugin<Operations>({
  entities: [DnsZone, DnsRecord, DnsSerial, DnsBaseline],
  migrations: [Migration20261122143000DnsZones],
  programs,

  handlers: (ports: PluginPorts) => {
    const now = () => ports.clock.now();

    /** The serial each zone had in the version last applied to the server. */
    async function appliedSerials(serverId: number): Promise<Map<string, number>> {
      const last = await ports.jobs.lastApplied(serverId);
      const snapshot = last?.snapshot as DnsSnapshot | undefined;
      return new Map(snapshot?.format === 'dns/1' ? snapshot.zones.map((z) => [z.origin, z.serial]) : []);
    }

    /**
     * Stores a change and queues its apply: `work` runs in a transaction under the lock of the
     * server's DNS state (its errors leave nothing stored); the job renders every zone when it runs.
     */
    async function change(
      c: ApplyTarget,
      work: (em: PluginDatabase) => Promise<{ key: string; values: Record<string, string | number> }>,
    ): Promise<Schemas['ManagedJob']> {
      const { job } = await ports.jobs.store(c, async (em) => {
        const firstApply = !(await ports.jobs.lastApplied(c.server.id, em));
        const before = firstApply ? await loadZones(em, c.server.id) : null;
        const s = await work(em);
        if (before) await keepBaseline(em, c.server.id, before, now());
        return { key: `dns:changes.${s.key}`, values: s.values };
      });
      return job;
    }

    const presentZone = (z: StoredZone, applied: Map<string, number>): Schemas['DnsZone'] => ({
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
      appliedSerial: applied.get(z.origin) ?? null,
      records: z.records,
      zoneFile: renderZone(z),
      updatedAt: z.updatedAt,
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

    const handlers: PluginHandlers<Operations> = {
      listDnsZones: async (c: Ctx<'listDnsZones'>) => {
        const zones = await c.em.find(DnsZone, { serverId: c.server.id }, { orderBy: { origin: 'asc' } });
        const counts = await Promise.all(zones.map((z) => c.em.count(DnsRecord, { zone: z.id })));
        const applied = await appliedSerials(c.server.id);
        const checker = await ports.gateway(c.server.id).hasTool(CHECKER);
        return {
          data: zones.map((z, i) => ({
            id: z.id,
            origin: z.origin,
            serial: z.serial,
            appliedSerial: applied.get(z.origin) ?? null,
            recordCount: counts[i],
            updatedAt: z.updatedAt.toISOString(),
          })),
          checker: { tool: CHECKER, available: checker.available },
        };
      },

      getDnsZone: async (c: Ctx<'getDnsZone'>) => {
        const zone = await c.em.findOne(DnsZone, { id: c.params.zoneId, serverId: c.server.id });
        if (!zone) throw notFound('dns:errors.zone_not_found');
        const records = await c.em.find(DnsRecord, { zone: zone.id });
        return presentZone(zoneData(zone, records), await appliedSerials(c.server.id));
      },

      createDnsZone: async (c: Ctx<'createDnsZone'>) => {
        const origin = checkOrigin(c.body.origin);
        const settings = checkSettings({ ...zoneDefaults, ...stripUndefined(c.body) });
        const errors: FieldErrors = { ...(settings.errors ?? {}), ...(origin.error ? { origin: [origin.error] } : {}) };
        if (Object.keys(errors).length) throw validationFailed(errors);
        return change(c, async (em) => {
          if (await em.count(DnsZone, { serverId: c.server.id, origin: origin.origin! })) throw validationFailed({ origin: ['dns:errors.origin_exists'] });
          if ((await em.count(DnsZone, { serverId: c.server.id })) >= limits.zonesPerServer) throw validationFailed({ _: ['dns:errors.too_many_zones'] });
          const t = now();
          const zone = em.create(DnsZone, { serverId: c.server.id, origin: origin.origin!, ...settings.settings!, serial: 0, createdAt: t, updatedAt: t });
          await bumpSerial(em, zone, t);
          // Every zone needs a name server record at its apex; the SOA's primary is the obvious one.
          em.create(DnsRecord, { zone, name: '@', type: 'NS', ttl: null, value: `${settings.settings!.primaryNs}.`, priority: null, weight: null, port: null, flags: null, tag: null });
          try {
            await em.flush();
          } catch (e) {
            if (e instanceof UniqueConstraintViolationException) throw validationFailed({ origin: ['dns:errors.origin_exists'] });
            throw e;
          }
          return { key: 'zone_created', values: { origin: zone.origin } };
        });
      },

      updateDnsZone: async (c: Ctx<'updateDnsZone'>) => {
        const settings = checkSettings(c.body);
        if (settings.errors) throw validationFailed(settings.errors);
        return change(c, async (em) => {
          const zone = await lockZone(em, c.server.id, c.params.zoneId);
          Object.assign(zone, settings.settings);
          await bumpSerial(em, zone, now());
          await em.flush();
          return { key: 'zone_updated', values: { origin: zone.origin } };
        });
      },

      deleteDnsZone: async (c: Ctx<'deleteDnsZone'>) =>
        change(c, async (em) => {
          const zone = await lockZone(em, c.server.id, c.params.zoneId);
          const origin = zone.origin;
          await em.nativeDelete(DnsZone, { id: zone.id });
          return { key: 'zone_deleted', values: { origin } };
        }),

      createDnsRecord: async (c: Ctx<'createDnsRecord'>) =>
        change(c, async (em) => {
          const zone = await lockZone(em, c.server.id, c.params.zoneId);
          const { record, records } = await checkedRecord(em, zone, c.body, null);
          if (records.length >= limits.recordsPerZone) throw validationFailed({ _: ['dns:errors.too_many_records'] });
          alignRrset(records, record);
          em.create(DnsRecord, { zone, ...record });
          await bumpSerial(em, zone, now());
          await em.flush();
          return { key: 'record_created', values: { origin: zone.origin, name: record.name, type: record.type } };
        }),

      updateDnsRecord: async (c: Ctx<'updateDnsRecord'>) =>
        change(c, async (em) => {
          const zone = await lockZone(em, c.server.id, c.params.zoneId);
          const existing = await em.findOne(DnsRecord, { id: c.params.recordId, zone: zone.id });
          if (!existing) throw notFound('dns:errors.record_not_found');
          const { record, others } = await checkedRecord(em, zone, c.body, existing.id);
          alignRrset(others, record);
          Object.assign(existing, record);
          await bumpSerial(em, zone, now());
          await em.flush();
          return { key: 'record_updated', values: { origin: zone.origin, name: record.name, type: record.type } };
        }),

      deleteDnsRecord: async (c: Ctx<'deleteDnsRecord'>) =>
        change(c, async (em) => {
          const zone = await lockZone(em, c.server.id, c.params.zoneId);
          const records = await em.find(DnsRecord, { zone: zone.id }, { orderBy: { id: 'asc' } });
          const existing = records.find((r) => r.id === c.params.recordId);
          if (!existing) throw notFound('dns:errors.record_not_found');
          const errors = recordErrors(records.filter((r) => r !== existing).map(recordData), zone.origin, null);
          if (errors) throw validationFailed(errors, errors._[0]);
          const { name, type } = existing;
          em.remove(existing);
          await bumpSerial(em, zone, now());
          await em.flush();
          return { key: 'record_deleted', values: { origin: zone.origin, name, type } };
        }),

      checkDnsZoneFile: async (c: Ctx<'checkDnsZoneFile'>) => {
        const zone = await c.em.findOne(DnsZone, { id: c.params.zoneId, serverId: c.server.id });
        if (!zone) throw notFound('dns:errors.zone_not_found');
        const read = await readZoneFileOffThread(c.body.text, zone.origin, zone.defaultTtl);
        if (!read.zone) throw validationFailed(lineFields(read.errors), 'dns:errors.zone_file_invalid');
        const current = (await c.em.find(DnsRecord, { zone: zone.id })).map(recordData);
        const diff = compare(current, read.zone.records);
        const s = read.zone.settings;
        const settingsChanged = (Object.keys(s) as (keyof typeof s)[]).some((k) => s[k] !== zone[k]);
        return { recordCount: read.zone.records.length, ...diff, settingsChanged };
      },

      replaceDnsZoneFile: async (c: Ctx<'replaceDnsZoneFile'>) =>
        change(c, async (em) => {
          const zone = await lockZone(em, c.server.id, c.params.zoneId);
          const read = await readZoneFileOffThread(c.body.text, zone.origin, zone.defaultTtl);
          if (!read.zone) throw validationFailed(lineFields(read.errors), 'dns:errors.zone_file_invalid');
          const existing = await em.find(DnsRecord, { zone: zone.id }, { orderBy: { id: 'asc' } });
          const diff = compare(existing.map(recordData), read.zone.records);
          // Records that stay keep their ids; the others are removed or added.
          const unmatched = [...existing];
          for (const r of read.zone.records) {
            const i = unmatched.findIndex((e) => sameRecord(recordData(e), r));
            if (i >= 0) {
              unmatched[i].ttl = r.ttl;
              unmatched.splice(i, 1);
            } else em.create(DnsRecord, { zone, ...r });
          }
          for (const r of unmatched) em.remove(r);
          Object.assign(zone, read.zone.settings);
          await bumpSerial(em, zone, now());
          await em.flush();
          return { key: 'zone_file_replaced', values: { origin: zone.origin, added: diff.added, removed: diff.removed } };
        }),
    };
    return handlers;
  },

  render: async ({ em, server, hostPath }) => renderFiles(await loadZones(em, server.id), { hostPath }),
  snapshot: async ({ em, server }) => snapshotOf(await loadZones(em, server.id)),
  restore: async ({ em, server, clock }, snapshot) => restoreState(em, server.id, snapshot, clock.now()),

  fixtures: async ({ em, server, clock }) => seedFixtures(em, server.id, clock.now()),
});

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

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
