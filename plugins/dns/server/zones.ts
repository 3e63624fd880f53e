/** Zones of a server: list, show (with records and zone file), create, change the SOA settings, delete. */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Schemas } from '@portal/openapi';
import { validationFailed, type FieldErrors, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { CHECKER } from './apply.ts';
import { appliedSerials, lockZone, storeChange, storeZoneChange, zoneOf, type DnsChange } from './changes.ts';
import { DnsRecord } from './DnsRecord.ts';
import { DnsZone } from './DnsZone.ts';
import { renderZone } from './render.ts';
import { checkOrigin, checkSettings, limits, zoneDefaults, type ZoneSettings } from './rules.ts';
import { bumpSerial, zoneData, type StoredZone } from './state.ts';

type ZoneOperations = Extract<Operations, 'listDnsZones' | 'getDnsZone' | 'createDnsZone' | 'updateDnsZone' | 'deleteDnsZone'>;

export const zoneHandlers = (ports: PluginPorts): PluginHandlers<ZoneOperations> => ({
  listDnsZones: async (c) => {
    const zones = await c.em.find(DnsZone, { serverId: c.server.id }, { orderBy: { origin: 'asc' } });
    const counts = await Promise.all(zones.map((z) => c.em.count(DnsRecord, { zone: z.id })));
    const applied = await appliedSerials(ports, c.server.id);
    const checker = await ports.gateway(c.server.id).hasTool(CHECKER);
    return { data: zones.map((z, i) => presentSummary(z, counts[i], applied)), checker: { tool: CHECKER, available: checker.available } };
  },

  getDnsZone: async (c) => {
    const zone = await zoneOf(c.em, c.server.id, c.params.zoneId);
    const records = await c.em.find(DnsRecord, { zone: zone.id });
    return presentZone(zoneData(zone, records), await appliedSerials(ports, c.server.id));
  },

  createDnsZone: async (c) => {
    const { origin, settings } = checkNewZone(c.body);
    return storeChange(ports, c, (em) => addZone(em, c.server.id, origin, settings, ports.clock.now()));
  },

  updateDnsZone: async (c) => {
    const { settings, errors } = checkSettings(c.body);
    if (errors) throw validationFailed(errors);
    return storeZoneChange(ports, c, c.params.zoneId, async (_em, zone) => {
      Object.assign(zone, settings);
      return { key: 'zone_updated', values: { origin: zone.origin } };
    });
  },

  deleteDnsZone: async (c) =>
    storeChange(ports, c, async (em) => {
      const zone = await lockZone(em, c.server.id, c.params.zoneId);
      await em.nativeDelete(DnsZone, { id: zone.id });
      return { key: 'zone_deleted', values: { origin: zone.origin } };
    }),
});

const presentSummary = (z: DnsZone, recordCount: number, applied: Map<string, number>): Schemas['DnsZoneSummary'] => ({
  id: z.id,
  origin: z.origin,
  serial: z.serial,
  appliedSerial: applied.get(z.origin) ?? null,
  recordCount,
  updatedAt: z.updatedAt.toISOString(),
});

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

/** A new zone's origin and settings (the defaults for those left out), or a 422 with every broken field. */
function checkNewZone(body: { origin: string } & Partial<ZoneSettings>): { origin: string; settings: ZoneSettings } {
  const origin = checkOrigin(body.origin);
  const settings = checkSettings({ ...zoneDefaults, ...stripUndefined(body) });
  const errors: FieldErrors = { ...(settings.errors ?? {}), ...(origin.error ? { origin: [origin.error] } : {}) };
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { origin: origin.origin!, settings: settings.settings! };
}

/** Creates a zone with its first serial and the NS record every zone needs at its apex (the SOA's primary is the obvious one). */
async function addZone(em: PluginDatabase, serverId: number, origin: string, settings: ZoneSettings, now: Date): Promise<DnsChange> {
  if (await em.count(DnsZone, { serverId, origin })) throw validationFailed({ origin: ['dns:errors.origin_exists'] });
  if ((await em.count(DnsZone, { serverId })) >= limits.zonesPerServer) throw validationFailed({ _: ['dns:errors.too_many_zones'] });
  const zone = em.create(DnsZone, { serverId, origin, ...settings, serial: 0, createdAt: now, updatedAt: now });
  await bumpSerial(em, zone, now);
  em.create(DnsRecord, { zone, name: '@', type: 'NS', ttl: null, value: `${settings.primaryNs}.`, priority: null, weight: null, port: null, flags: null, tag: null });
  try {
    await em.flush();
  } catch (e) {
    if (e instanceof UniqueConstraintViolationException) throw validationFailed({ origin: ['dns:errors.origin_exists'] });
    throw e;
  }
  return { key: 'zone_created', values: { origin: zone.origin } };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
