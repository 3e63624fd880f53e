/**
 * The plugin's rules on top of the contract: per-type record data, names, TTLs, the SOA fields, and
 * the rules between records of a zone (a CNAME alone at its name, not at the apex, no duplicates, an
 * NS record at the apex, in-zone name servers with an address). Messages are keys of namespace `dns`.
 * The same rules check the form editor's single records and every record of a zone file.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { caaTags, recordTypes, type CaaTag, type RecordType } from './DnsRecord.ts';
import {
  checkOwner,
  checkTarget,
  insideZone,
  isValidHostmaster,
  isValidHostname,
  isValidOrigin,
  normalizeTarget,
  relativeOwner,
  targetAbsolute,
} from './names.ts';

export type FieldErrors = Record<string, string[]>;

/** A record as the rules and renderers see it (names normalised, fields of other types `null`). */
export interface RecordData {
  name: string;
  type: RecordType;
  ttl: number | null;
  value: string;
  priority: number | null;
  weight: number | null;
  port: number | null;
  flags: number | null;
  tag: CaaTag | null;
}

/** The settings of a zone: default TTL and SOA fields (the serial is the portal's). */
export interface ZoneSettings {
  defaultTtl: number;
  primaryNs: string;
  hostmaster: string;
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
}

export interface ZoneData extends ZoneSettings {
  origin: string;
  serial: number;
  records: RecordData[];
}

/** Limits; the contract carries the same numbers. */
export const limits = {
  ttl: { min: 60, max: 604_800 },
  refresh: { min: 1_200, max: 86_400 },
  retry: { min: 300, max: 86_400 },
  expire: { min: 604_800, max: 2_419_200 },
  minimum: { min: 60, max: 86_400 },
  /** Bytes of a TXT record's text (split into strings of 255 bytes when rendered). */
  txtBytes: 2_048,
  caaValue: 255,
  recordsPerZone: 1_000,
  zonesPerServer: 200,
} as const;

export const zoneDefaults: ZoneSettings = {
  defaultTtl: 3_600,
  primaryNs: 'ns1.managed-hosting.example',
  hostmaster: 'hostmaster@managed-hosting.example',
  refresh: 10_800,
  retry: 3_600,
  expire: 1_209_600,
  minimum: 3_600,
};

const fieldsByType: Record<RecordType, readonly (keyof RecordData)[]> = {
  A: [],
  AAAA: [],
  CNAME: [],
  NS: [],
  TXT: [],
  MX: ['priority'],
  SRV: ['priority', 'weight', 'port'],
  CAA: ['flags', 'tag'],
};
const optionalFields = ['priority', 'weight', 'port', 'flags', 'tag'] as const;

/** Control characters never belong into a zone file (a newline would start a new record). */
// eslint-disable-next-line no-control-regex -- that is the point
const controlChars = /[\u0000-\u001f\u007f]/;

const add = (errors: FieldErrors, field: string, key: string) => {
  const list = (errors[field] ??= []);
  if (!list.includes(key)) list.push(key);
};

const inRange = (n: unknown, r: { min: number; max: number }) => Number.isInteger(n) && (n as number) >= r.min && (n as number) <= r.max;

/** Canonical text of an IPv6 address (RFC 5952: lowercase, zeros compressed). */
export function canonicalIPv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** A record as it came in (API body or parsed zone file), before normalisation. */
export interface RecordInput {
  name: string;
  type: string;
  ttl?: number | null;
  value: string;
  priority?: number | null;
  weight?: number | null;
  port?: number | null;
  flags?: number | null;
  tag?: string | null;
}

/**
 * Normalises and checks one record on its own. Returns the normalised record, or the field errors
 * (keys are the record's property names).
 */
export function checkRecord(input: RecordInput, origin: string): { record: RecordData; errors: null } | { record: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const type = input.type as RecordType;
  if (!(recordTypes as readonly string[]).includes(type)) return { record: null, errors: { type: ['dns:errors.type_unsupported'] } };

  for (const f of optionalFields) {
    const given = input[f] !== undefined && input[f] !== null;
    if (given && !fieldsByType[type].includes(f)) add(errors, f, 'dns:errors.field_not_for_type');
    if (!given && fieldsByType[type].includes(f)) add(errors, f, 'dns:errors.required');
  }

  const name = typeof input.name === 'string' ? relativeOwner(input.name, origin) : null;
  if (name === null) add(errors, 'name', 'dns:errors.name_outside_zone');
  else if (controlChars.test(name)) add(errors, 'name', 'dns:errors.name_syntax');
  else {
    const problem = checkOwner(name, origin, { hostname: type === 'A' || type === 'AAAA' || type === 'MX' });
    if (problem) add(errors, 'name', `dns:errors.name_${problem}`);
  }

  if (input.ttl !== undefined && input.ttl !== null && !inRange(input.ttl, limits.ttl)) add(errors, 'ttl', 'dns:errors.ttl_range');

  const raw = typeof input.value === 'string' ? input.value : '';
  let value = type === 'TXT' ? raw : raw.trim();
  if (controlChars.test(raw)) add(errors, 'value', 'dns:errors.control_characters');
  else if (value === '') add(errors, 'value', 'dns:errors.required');
  else {
    switch (type) {
      case 'A':
        if (!isIPv4(value)) add(errors, 'value', 'dns:errors.ipv4');
        break;
      case 'AAAA':
        if (!isIPv6(value) || value.includes('%')) add(errors, 'value', 'dns:errors.ipv6');
        else value = canonicalIPv6(value);
        break;
      case 'CNAME':
      case 'NS':
      case 'MX':
      case 'SRV': {
        value = normalizeTarget(value, origin);
        if (isIPv4(value.replace(/\.$/, '')) || isIPv6(value)) {
          add(errors, 'value', 'dns:errors.target_is_address');
          break;
        }
        const problem = checkTarget(value, origin, { hostname: type !== 'CNAME', root: type === 'MX' || type === 'SRV' });
        if (problem) add(errors, 'value', `dns:errors.target_${problem}`);
        break;
      }
      case 'TXT':
        if (Buffer.byteLength(value, 'utf8') > limits.txtBytes) add(errors, 'value', 'dns:errors.txt_too_long');
        break;
      case 'CAA':
        if (!/^[\x20-\x7e]*$/.test(value)) add(errors, 'value', 'dns:errors.caa_ascii');
        else if (value.length > limits.caaValue) add(errors, 'value', 'dns:errors.caa_value');
        else if (typeof input.tag === 'string' && (caaTags as readonly string[]).includes(input.tag) && !caaValueFits(input.tag as CaaTag, value))
          add(errors, 'value', input.tag === 'iodef' ? 'dns:errors.caa_iodef' : 'dns:errors.caa_issuer');
        break;
    }
  }

  if (type === 'MX' || type === 'SRV') {
    if (input.priority != null && !inRange(input.priority, { min: 0, max: 65_535 })) add(errors, 'priority', 'dns:errors.uint16');
  }
  if (type === 'SRV') {
    if (input.weight != null && !inRange(input.weight, { min: 0, max: 65_535 })) add(errors, 'weight', 'dns:errors.uint16');
    if (input.port != null && !inRange(input.port, { min: 0, max: 65_535 })) add(errors, 'port', 'dns:errors.uint16');
    if (name !== null && !/^_[a-z0-9][a-z0-9-]{0,62}\._(?:tcp|udp|tls|sctp)(?:\.|$)/.test(name)) add(errors, 'name', 'dns:errors.srv_name');
    if (value === '.' && input.port != null && input.port !== 0) add(errors, 'port', 'dns:errors.srv_no_service_port');
  }
  if (type === 'CAA') {
    if (input.flags != null && input.flags !== 0 && input.flags !== 128) add(errors, 'flags', 'dns:errors.caa_flags');
    if (input.tag != null && !(caaTags as readonly string[]).includes(input.tag)) add(errors, 'tag', 'dns:errors.caa_tag');
  }
  if (type === 'CNAME' && name === '@') add(errors, 'name', 'dns:errors.cname_apex');

  if (Object.keys(errors).length) return { record: null, errors };
  return {
    record: {
      name: name!,
      type,
      ttl: input.ttl ?? null,
      value,
      priority: fieldsByType[type].includes('priority') ? input.priority! : null,
      weight: type === 'SRV' ? input.weight! : null,
      port: type === 'SRV' ? input.port! : null,
      flags: type === 'CAA' ? input.flags! : null,
      tag: type === 'CAA' ? (input.tag as CaaTag) : null,
    },
    errors: null,
  };
}

const hostname = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** RFC 8659: `issue`/`issuewild` = `[issuer-domain] [; key=value]*` (`;` alone forbids every CA); `iodef` = a `mailto:` or `http(s):` URL. */
function caaValueFits(tag: CaaTag, value: string): boolean {
  if (tag === 'iodef') return /^mailto:[^\s@"\\]+@[a-z0-9.-]+$/i.test(value) || /^https?:\/\/[a-z0-9.-]+(?::\d+)?(?:\/[\x21-\x7e]*)?$/i.test(value);
  const [domain, ...params] = value.split(';');
  const d = domain.trim();
  if (d && !hostname.test(d.toLowerCase())) return false;
  return params.every((p) => p.trim() === '' || /^\s*[a-z0-9][a-z0-9-]*=[\x21-\x3a\x3c-\x7e]*\s*$/i.test(p));
}

/** Same owner, type and data (the TTL does not count). */
export const sameRecord = (a: RecordData, b: RecordData) =>
  a.name === b.name &&
  a.type === b.type &&
  a.value === b.value &&
  a.priority === b.priority &&
  a.weight === b.weight &&
  a.port === b.port &&
  a.flags === b.flags &&
  a.tag === b.tag;

/** Identity of a record's owner, type and data (what `sameRecord` compares). */
export const recordKey = (r: RecordData) => JSON.stringify([r.name, r.type, r.value, r.priority, r.weight, r.port, r.flags, r.tag]);

/**
 * The rules between the records of one zone. Errors are given per record index (the field names of
 * that record) and for the zone as a whole (`zone`).
 */
export function checkZoneRecords(records: readonly RecordData[], origin: string): { byRecord: Map<number, FieldErrors>; zone: string[] } {
  const byRecord = new Map<number, FieldErrors>();
  const zone: string[] = [];
  const fail = (i: number, field: string, key: string) => {
    const e = byRecord.get(i) ?? {};
    add(e, field, key);
    byRecord.set(i, e);
  };
  if (records.length > limits.recordsPerZone) zone.push('dns:errors.too_many_records');

  const byName = new Map<string, number[]>();
  records.forEach((r, i) => {
    const list = byName.get(r.name);
    if (list) list.push(i);
    else byName.set(r.name, [i]);
  });
  for (const indexes of byName.values()) {
    const cnames = indexes.filter((i) => records[i].type === 'CNAME');
    // A CNAME must be the only record at its name (RFC 1034 §3.6.2): blame the later records.
    if (cnames.length && indexes.length > 1) for (const i of indexes.slice(1)) fail(i, 'name', 'dns:errors.cname_conflict');
  }
  const seen = new Set<string>();
  const rrsetTtl = new Map<string, number | null>();
  records.forEach((r, i) => {
    const key = recordKey(r);
    if (seen.has(key)) fail(i, 'value', 'dns:errors.duplicate');
    seen.add(key);
    // TTLs of one RRset must agree (RFC 2181 §5.2); named would warn and use the first.
    const set = `${r.name} ${r.type}`;
    if (!rrsetTtl.has(set)) rrsetTtl.set(set, r.ttl);
    else if (rrsetTtl.get(set) !== r.ttl) fail(i, 'ttl', 'dns:errors.ttl_rrset');
  });
  // A null MX (RFC 7505) must be the only MX of its name.
  for (const indexes of byName.values()) {
    const mx = indexes.filter((i) => records[i].type === 'MX');
    if (mx.length > 1 && mx.some((i) => records[i].value === '.')) for (const i of mx.slice(1)) fail(i, 'value', 'dns:errors.null_mx_alone');
  }

  const apexNs = records.filter((r) => r.name === '@' && r.type === 'NS');
  if (!apexNs.length) zone.push('dns:errors.apex_ns_required');
  // An in-zone name server needs an address in the zone (named refuses to load it otherwise).
  const withAddress = new Set(records.filter((r) => r.type === 'A' || r.type === 'AAAA').map((r) => r.name));
  const hasAddress = (owner: string) => withAddress.has(owner);
  records.forEach((r, i) => {
    if (r.type !== 'NS') return;
    const inside = insideZone(targetAbsolute(r.value, origin), origin);
    if (inside !== null && !hasAddress(inside)) fail(i, 'value', 'dns:errors.ns_needs_address');
  });
  return { byRecord, zone };
}

/** The zone's settings, normalised, or field errors. */
export function checkSettings(input: ZoneSettings): { settings: ZoneSettings; errors: null } | { settings: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const primaryNs = String(input.primaryNs ?? '').trim().toLowerCase().replace(/\.$/, '');
  const hostmaster = String(input.hostmaster ?? '').trim().toLowerCase();
  if (!isValidHostname(primaryNs)) add(errors, 'primaryNs', 'dns:errors.hostname');
  if (!isValidHostmaster(hostmaster)) add(errors, 'hostmaster', 'dns:errors.hostmaster');
  if (!inRange(input.defaultTtl, limits.ttl)) add(errors, 'defaultTtl', 'dns:errors.ttl_range');
  if (!inRange(input.refresh, limits.refresh)) add(errors, 'refresh', 'dns:errors.refresh_range');
  if (!inRange(input.retry, limits.retry)) add(errors, 'retry', 'dns:errors.retry_range');
  else if (inRange(input.refresh, limits.refresh) && input.retry >= input.refresh) add(errors, 'retry', 'dns:errors.retry_below_refresh');
  if (!inRange(input.expire, limits.expire)) add(errors, 'expire', 'dns:errors.expire_range');
  if (!inRange(input.minimum, limits.minimum)) add(errors, 'minimum', 'dns:errors.minimum_range');
  if (Object.keys(errors).length) return { settings: null, errors };
  return {
    settings: {
      defaultTtl: input.defaultTtl,
      primaryNs,
      hostmaster,
      refresh: input.refresh,
      retry: input.retry,
      expire: input.expire,
      minimum: input.minimum,
    },
    errors: null,
  };
}

/** A new zone's origin, normalised, or the message key of what is wrong with it. */
export function checkOrigin(input: string): { origin: string; error: null } | { origin: null; error: string } {
  const origin = String(input ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (controlChars.test(origin) || !isValidOrigin(origin)) return { origin: null, error: 'dns:errors.origin' };
  return { origin, error: null };
}
