/**
 * Server part of the DNS plugin: zones and records of a server as desired state, every change checked
 * by the rules (422, nothing stored), stored with a new SOA serial, rendered and applied as a job.
 * The handlers are one file per resource: zones.ts, records.ts, zoneFiles.ts (how a change is stored: changes.ts).
 */
import { defineServerPlugin, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { renderFiles } from './apply.ts';
import programs from './program.ts';
import { DnsBaseline } from './DnsBaseline.ts';
import { DnsRecord } from './DnsRecord.ts';
import { DnsSerial } from './DnsSerial.ts';
import { DnsZone } from './DnsZone.ts';
import { Migration20261122143000DnsZones } from './migrations/Migration20261122143000DnsZones.ts';
import { recordHandlers } from './records.ts';
import { loadZones, restoreState, seedFixtures, snapshotOf } from './state.ts';
import { zoneFileHandlers } from './zoneFiles.ts';
import { zoneHandlers } from './zones.ts';

export default defineServerPlugin<Operations>({
  entities: [DnsZone, DnsRecord, DnsSerial, DnsBaseline],
  migrations: [Migration20261122143000DnsZones],
  programs,

  handlers: (ports: PluginPorts): PluginHandlers<Operations> => ({ ...zoneHandlers(ports), ...recordHandlers(ports), ...zoneFileHandlers(ports) }),

  render: async ({ em, server, hostPath }) => renderFiles(await loadZones(em, server.id), { hostPath }),
  snapshot: async ({ em, server }) => snapshotOf(await loadZones(em, server.id)),
  restore: async ({ em, server, clock }, snapshot) => restoreState(em, server.id, snapshot, clock.now()),

  fixtures: async ({ em, server, clock }) => seedFixtures(em, server.id, clock.now()),
});
