/**
 * The mail domain's records in the portal's own DNS: the zone of the dns module that holds the domain on a server of
 * the same cluster, the DKIM/SPF/DMARC records compared with its TXT records, and the missing ones added through the dns
 * module's own operations (`createDnsRecord`) with the user's own authorization — a plugin imports no other plugin, so
 * the calls are built with the SDK's `operationRequest` against the bundled contract (a renamed path breaks the type
 * check). The comparison is pure: the portal's zone data, not public DNS (the sandbox has no internet).
 */
import type { ResponseOf, Schemas } from '@portal/openapi';
import { managedApi, operationRequest, type ArgsOf, type ResultOf } from '@portal/plugin-sdk/web';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

export type ZoneRecord = Pick<Schemas['DnsRecord'], 'name' | 'type' | 'value'>;

/** The zone that holds a mail domain, on the server of the cluster that serves it. */
export interface DomainZone {
  serverId: number;
  serverName: string;
  zoneId: number;
  origin: string;
  records: ZoneRecord[];
}

export type RecordKey = 'dkim' | 'spf' | 'dmarc';
export type RecordState = 'matching' | 'different' | 'missing';

/** One record the domain needs, and what the zone has for it. */
export interface CheckedRecord {
  key: RecordKey;
  /** Absolute name, without the trailing dot. */
  name: string;
  /** Name relative to the zone's origin (`@` for the apex), as the dns module stores it. */
  relativeName: string;
  value: string;
  state: RecordState;
  /** The zone's values of this kind at this name (for "different"). */
  found: string[];
}

/** What of a mail domain the check reads (the `MailDomain` of the contract has it). */
export interface MailDomainRecords {
  name: string;
  dkimSelector: string;
  dkim: { name: string; value: string };
  spfHint: string;
  dmarcHint: string;
}

const lower = (s: string) => s.toLowerCase().replace(/\.$/, '');

/** The zone holding `domain`: the one with the domain as origin, else the nearest parent zone. */
export function zoneFor<T extends { origin: string }>(domain: string, zones: readonly T[]): T | undefined {
  const d = lower(domain);
  return zones
    .filter((z) => d === lower(z.origin) || d.endsWith(`.${lower(z.origin)}`))
    .sort((a, b) => b.origin.length - a.origin.length)[0];
}

/** `name` (absolute) relative to `origin`: `@` at the apex. */
export function relativeName(name: string, origin: string): string {
  const n = lower(name);
  const o = lower(origin);
  return n === o ? '@' : n.slice(0, -(o.length + 1));
}

/** A record name of the zone (relative, `@`, or absolute with a trailing dot) as relative. */
const zoneName = (name: string, origin: string) =>
  name.endsWith('.') ? relativeName(name, origin) : name === '@' ? '@' : name.toLowerCase();

/** TXT values compare without the spacing around `;` and runs of blanks (`v=DMARC1;p=none` = `v=DMARC1; p=none`). */
export const sameTxt = (a: string, b: string) => {
  const norm = (s: string) =>
    s
      .trim()
      .replace(/\s*;\s*/g, ';')
      .replace(/;$/, '')
      .replace(/\s+/g, ' ');
  return norm(a) === norm(b);
};

/** Which TXT records at a name are of a kind: DKIM every TXT at its own name, SPF and DMARC by their version tag. */
const ofKind: Record<RecordKey, (value: string) => boolean> = {
  dkim: () => true,
  spf: (v) => /^v=spf1(\s|$)/i.test(v.trim()),
  dmarc: (v) => /^v=DMARC1\s*(;|$)/i.test(v.trim()),
};

/** The domain's DKIM, SPF and DMARC records against the zone's TXT records: matching, different or missing. */
export function checkRecords(domain: MailDomainRecords, zone: Pick<DomainZone, 'origin' | 'records'>): CheckedRecord[] {
  const wanted: { key: RecordKey; name: string; value: string }[] = [
    { key: 'dkim', name: domain.dkim.name, value: domain.dkim.value },
    { key: 'spf', name: domain.name, value: domain.spfHint },
    { key: 'dmarc', name: `_dmarc.${domain.name}`, value: domain.dmarcHint },
  ];
  return wanted.map((w) => {
    const rel = relativeName(w.name, zone.origin);
    const found = zone.records
      .filter((r) => r.type === 'TXT' && zoneName(r.name, zone.origin) === rel && ofKind[w.key](r.value))
      .map((r) => r.value);
    const state: RecordState = found.length === 0 ? 'missing' : found.some((v) => sameTxt(v, w.value)) ? 'matching' : 'different';
    return { ...w, relativeName: rel, state, found };
  });
}

/** The dns module's create-record bodies of the missing records (a different one is left as it is). */
export const missingRecords = (checked: readonly CheckedRecord[]): Schemas['DnsRecordInput'][] =>
  checked.filter((c) => c.state === 'missing').map((c) => ({ name: c.relativeName, type: 'TXT', value: c.value }));

type Cluster = ResponseOf<'getCluster'>;
type Zones = ResponseOf<'listDnsZones'>;
type Zone = ResponseOf<'getDnsZone'>;

export const mailDnsApi = managedApi.enhanceEndpoints({ addTagTypes: ['dns', 'emailDnsZone'] }).injectEndpoints({
  endpoints: (b) => ({
    /**
     * The zone of a server of the cluster (one running `dns`) that holds the domain, or `null`. A dns server whose zones
     * the user may not read (or that answers an error) is passed over: the domain is then treated as not in the portal's DNS.
     */
    findMailDomainZone: b.query<DomainZone | null, { clusterId: number; domain: string }>({
      queryFn: async ({ clusterId, domain }, _api, _extra, baseQuery) => {
        const cluster = await baseQuery(operationRequest('getCluster', 'GET', 'api/v1/clusters/{clusterId}', { clusterId }));
        if (cluster.error) return { error: cluster.error as FetchBaseQueryError };
        for (const server of (cluster.data as Cluster).servers.filter((s) => s.services.includes('dns'))) {
          const args = { clusterId, serverId: server.id };
          const zones = await baseQuery(
            operationRequest('listDnsZones', 'GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/dns/zones', args),
          );
          if (zones.error) continue;
          const summary = zoneFor(domain, (zones.data as Zones).data);
          if (!summary) continue;
          const zone = await baseQuery(
            operationRequest('getDnsZone', 'GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/dns/zones/{zoneId}', {
              ...args,
              zoneId: summary.id,
            }),
          );
          if (zone.error) return { error: zone.error as FetchBaseQueryError };
          const z = zone.data as Zone;
          return {
            data: {
              serverId: server.id,
              serverName: server.name,
              zoneId: z.id,
              origin: z.origin,
              records: z.records.map(({ name, type, value }) => ({ name, type, value })),
            },
          };
        }
        return { data: null };
      },
      providesTags: ['emailDnsZone', 'dns'],
    }),
    /** The dns module's `createDnsRecord` (stored, then applied as a job of the dns server). */
    addMailDnsRecord: b.mutation<ResultOf<'createDnsRecord'>, ArgsOf<'createDnsRecord'>>({
      query: (a) =>
        operationRequest('createDnsRecord', 'POST', 'api/v1/clusters/{clusterId}/servers/{serverId}/dns/zones/{zoneId}/records', a),
      invalidatesTags: ['emailDnsZone', 'dns'],
    }),
  }),
});
