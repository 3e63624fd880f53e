/** The DNS section's data types (from the contract) and how its refusals read. */
import type { BodyOf, ResponseOf } from '@portal/openapi';

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
