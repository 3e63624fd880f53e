/**
 * Renders zones as BIND master files (RFC 1035 §5) and the `named.conf` include that declares them.
 * Whatever a user typed reaches a file only through these functions: names and numbers are checked
 * by the rules, and text (TXT, CAA values) is always a quoted string with `"`, `\` and every byte
 * outside printable ASCII escaped, so no input can end a string, start a comment or a new record.
 */
import { emailToRname } from './names.ts';
import type { RecordData, ZoneData } from './rules.ts';

/** Where the plugin's files live on a server. */
export const paths = {
  conf: '/etc/bind/named.conf.portal-zones',
  zonesDir: '/etc/bind/zones',
  zone: (origin: string) => `/etc/bind/zones/db.${origin}`,
};

/** Character-string bytes per TXT string (RFC 1035 §3.3). */
const STRING_BYTES = 255;

/** Escapes bytes for a quoted character-string: `"` and `\` with a backslash, anything not printable ASCII as `\DDD`. */
export function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b <= 0x7e) out += String.fromCharCode(b);
    else out += `\\${String(b).padStart(3, '0')}`;
  }
  return out;
}

/** A text as quoted character-strings of at most 255 bytes each (UTF-8). */
export function quotedStrings(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  if (!bytes.length) return ['""'];
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += STRING_BYTES) out.push(`"${escapeBytes(bytes.subarray(i, i + STRING_BYTES))}"`);
  return out;
}

/** The RDATA of a record in presentation format. */
export function renderRdata(r: RecordData): string {
  switch (r.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'NS':
      return r.value;
    case 'MX':
      return `${r.priority} ${r.value}`;
    case 'SRV':
      return `${r.priority} ${r.weight} ${r.port} ${r.value}`;
    case 'CAA':
      return `${r.flags} ${r.tag} ${quotedStrings(r.value)[0]}`;
    case 'TXT': {
      const strings = quotedStrings(r.value);
      return strings.length === 1 ? strings[0] : `( ${strings.join('\n\t  ')} )`;
    }
  }
}

const typeOrder = new Map<string, number>(['NS', 'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA'].map((t, i) => [t, i]));

/** Sort key of an owner name: the apex first, then by labels from the right (`www.shop` next to `shop`). */
const ownerKey = (name: string) => (name === '@' ? '' : name.split('.').reverse().join('\u0001'));

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The records in the order they are rendered: by owner (apex first), type, then data. Stable for equal records. */
export function sortRecords<T extends RecordData>(records: readonly T[]): T[] {
  return [...records].sort(
    (a, b) =>
      compare(ownerKey(a.name), ownerKey(b.name)) ||
      (typeOrder.get(a.type) ?? 99) - (typeOrder.get(b.type) ?? 99) ||
      (a.priority ?? 0) - (b.priority ?? 0) ||
      compare(renderRdata(a), renderRdata(b)),
  );
}

/** The zone as a master file. Parsing it (`parseZoneFile`) gives the same settings and records back. */
export function renderZone(zone: ZoneData): string {
  const records = sortRecords(zone.records);
  const nameWidth = Math.min(Math.max(8, ...records.map((r) => r.name.length)), 40);
  const ttlWidth = Math.max(0, ...records.map((r) => (r.ttl === null ? 0 : String(r.ttl).length)));
  const soaPrefix = `${'@'.padEnd(nameWidth)} ${''.padEnd(ttlWidth)} IN SOA `;
  const indent = ' '.repeat(soaPrefix.length);
  const timer = (n: number, what: string) => `${indent}${String(n).padEnd(10)} ; ${what}`;
  const lines = [
    `; Zone ${zone.origin}`,
    '; Managed in the customer portal (Managed Center, DNS). Changes made to this file on the',
    '; server are overwritten; the serial is increased by the portal on every change.',
    `$ORIGIN ${zone.origin}.`,
    `$TTL ${zone.defaultTtl}`,
    `${soaPrefix}${zone.primaryNs}. ${emailToRname(zone.hostmaster)} (`,
    timer(zone.serial, 'serial'),
    timer(zone.refresh, 'refresh'),
    timer(zone.retry, 'retry'),
    timer(zone.expire, 'expire'),
    timer(zone.minimum, 'minimum (negative caching TTL)'),
    `${indent})`,
    '',
  ];
  for (const r of records) {
    const ttl = (r.ttl === null ? '' : String(r.ttl)).padEnd(ttlWidth);
    lines.push(`${r.name.padEnd(nameWidth)} ${ttl} IN ${r.type.padEnd(5)} ${renderRdata(r)}`.replace(/ +$/, ''));
  }
  return `${lines.join('\n')}\n`;
}

/** A string in named.conf syntax. */
const confString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The `named.conf` include declaring every zone as primary. `zonePath` maps a server path to the
 * path named sees (`gateway.hostPath`: inside the sandbox on the `local` gateway).
 */
export function renderNamedConf(origins: readonly string[], zonePath: (path: string) => string): string {
  const lines = ['// Zones of the Managed Center (DNS), rendered by the customer portal. Do not edit: changes are overwritten.', ''];
  for (const origin of [...origins].sort()) {
    lines.push(`zone ${confString(origin)} {`, '\ttype primary;', `\tfile ${confString(zonePath(paths.zone(origin)))};`, '};', '');
  }
  return lines.join('\n');
}
