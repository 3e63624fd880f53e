import type { BodyOf, ResponseOf } from '@portal/openapi';
import { managedApi, type ManagedJob } from '@portal/plugin-sdk/web';

export interface ServerArgs {
  clusterId: number;
  serverId: number;
}
interface ZoneArgs extends ServerArgs {
  zoneId: number;
}

export type ZoneList = ResponseOf<'listDnsZones'>;
export type ZoneSummary = ZoneList['data'][number];
export type Zone = ResponseOf<'getDnsZone'>;
export type DnsRecord = Zone['records'][number];
export type RecordType = DnsRecord['type'];
export type RecordInput = BodyOf<'createDnsRecord'>;
export type ZoneSettings = BodyOf<'updateDnsZone'>;
export type ZoneCreate = BodyOf<'createDnsZone'>;
export type ZoneFileCheck = ResponseOf<'checkDnsZoneFile'>;

export const recordTypes: RecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS'];

const base = ({ clusterId, serverId }: ServerArgs) => `api/v1/clusters/${clusterId}/servers/${serverId}/dns`;
const zone = (a: ZoneArgs) => `${base(a)}/zones/${a.zoneId}`;

/** Every change makes the zone list and the zones stale (serials, record counts, applied state). */
const changes = ['DnsZones', 'DnsZone', 'ManagedChanges', 'ManagedDashboard'] as const;

/** The section's endpoints on the Managed Center's API. */
export const dnsApi = managedApi.enhanceEndpoints({ addTagTypes: ['DnsZones', 'DnsZone'] }).injectEndpoints({
  endpoints: (b) => ({
    listDnsZones: b.query<ZoneList, ServerArgs>({ query: (a) => `${base(a)}/zones`, providesTags: ['DnsZones'] }),
    getDnsZone: b.query<Zone, ZoneArgs>({ query: (a) => zone(a), providesTags: (_r, _e, a) => [{ type: 'DnsZone', id: a.zoneId }] }),
    createDnsZone: b.mutation<ManagedJob, ServerArgs & { body: ZoneCreate }>({
      query: ({ body, ...a }) => ({ url: `${base(a)}/zones`, method: 'POST', body }),
      invalidatesTags: [...changes],
    }),
    updateDnsZone: b.mutation<ManagedJob, ZoneArgs & { body: ZoneSettings }>({
      query: ({ body, ...a }) => ({ url: zone(a), method: 'PUT', body }),
      invalidatesTags: [...changes],
    }),
    deleteDnsZone: b.mutation<ManagedJob, ZoneArgs>({ query: (a) => ({ url: zone(a), method: 'DELETE' }), invalidatesTags: ['DnsZones', 'ManagedChanges', 'ManagedDashboard'] }),
    createDnsRecord: b.mutation<ManagedJob, ZoneArgs & { body: RecordInput }>({
      query: ({ body, ...a }) => ({ url: `${zone(a)}/records`, method: 'POST', body }),
      invalidatesTags: [...changes],
    }),
    updateDnsRecord: b.mutation<ManagedJob, ZoneArgs & { recordId: number; body: RecordInput }>({
      query: ({ body, recordId, ...a }) => ({ url: `${zone(a)}/records/${recordId}`, method: 'PUT', body }),
      invalidatesTags: [...changes],
    }),
    deleteDnsRecord: b.mutation<ManagedJob, ZoneArgs & { recordId: number }>({
      query: ({ recordId, ...a }) => ({ url: `${zone(a)}/records/${recordId}`, method: 'DELETE' }),
      invalidatesTags: [...changes],
    }),
    checkDnsZoneFile: b.mutation<ZoneFileCheck, ZoneArgs & { text: string }>({
      query: ({ text, ...a }) => ({ url: `${zone(a)}/file/check`, method: 'POST', body: { text } }),
    }),
    replaceDnsZoneFile: b.mutation<ManagedJob, ZoneArgs & { text: string }>({
      query: ({ text, ...a }) => ({ url: `${zone(a)}/file`, method: 'PUT', body: { text } }),
      invalidatesTags: [...changes],
    }),
    /** The platform's rollback of this section (named for the dns section: endpoint names are shared by every plugin). */
    rollBackDns: b.mutation<ManagedJob, ServerArgs>({
      query: (a) => ({ url: `api/v1/clusters/${a.clusterId}/servers/${a.serverId}/managed/plugins/dns/rollback`, method: 'POST' }),
      invalidatesTags: [...changes],
    }),
  }),
});

interface ApiErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string[]> };
}

/** The portal's error body of a failed call, if it has one. */
export function errorBody(error: unknown): ApiErrorBody['error'] | undefined {
  return ((error as { data?: ApiErrorBody } | undefined)?.data ?? undefined)?.error;
}

/** A refused zone file's problems by line (`fields["lines.<n>"]`), in line order. */
export function lineErrors(error: unknown): { line: number; keys: string[] }[] {
  const fields = errorBody(error)?.fields ?? {};
  return Object.entries(fields)
    .filter(([k]) => /^lines\.\d+$/.test(k))
    .map(([k, keys]) => ({ line: Number(k.slice(6)), keys }))
    .sort((a, b) => a.line - b.line);
}
