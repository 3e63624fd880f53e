/**
 * Reads a zone file of the expert editor back into settings and records: RFC 1035 §5 master-file
 * syntax (comments, parentheses over several lines, quoted strings with `\X` and `\DDD` escapes,
 * an owner left blank repeating the previous one, `@`, relative and absolute names, `$ORIGIN`,
 * `$TTL`, TTL units like `1h`), for the record types this plugin manages. Every problem is reported
 * with its line; then the same rules as the form editor check each record and the zone.
 *
 * Round trip: `readZoneFile(renderZone(zone))` gives the zone's settings and records back.
 */
import { insideZone, rnameToEmail } from './names.ts';
import { checkRecord, checkSettings, checkZoneRecords, type RecordData, type RecordInput, type ZoneSettings } from './rules.ts';
import { MAX_SERIAL } from './serial.ts';

export interface LineError {
  line: number;
  /** A message key of namespace `dns`. */
  key: string;
}

interface Token {
  text: string;
  quoted: boolean;
  line: number;
}

interface Entry {
  line: number;
  /** The line started with a blank: the owner is the previous record's. */
  blankOwner: boolean;
  tokens: Token[];
  /** A syntax error was reported for it already. */
  broken?: boolean;
}

const MAX_ERRORS = 50;
const supported = new Set(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS']);
/** Types a zone may well contain that this plugin does not manage (reported as unsupported rather than unknown). */
const known = new Set(['PTR', 'SOA', 'DNAME', 'DS', 'DNSKEY', 'RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'TLSA', 'SSHFP', 'HINFO', 'SPF', 'NAPTR', 'LOC', 'SVCB', 'HTTPS', 'URI', 'RP', 'CDS', 'CDNSKEY', 'OPENPGPKEY', 'SMIMEA', 'ALIAS', 'ANAME']);

/** Splits the text into logical lines (parentheses joined) of tokens. */
function tokenize(text: string, errors: LineError[]): Entry[] {
  const entries: Entry[] = [];
  let line = 1;
  let depth = 0;
  let openedAt = 0;
  let entry: Entry | null = null;
  let atLineStart = true;
  const flush = () => {
    if (entry && entry.tokens.length) entries.push(entry);
    entry = null;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (atLineStart && depth === 0) {
      flush();
      entry = { line, blankOwner: c === ' ' || c === '\t', tokens: [] };
    }
    atLineStart = false;
    if (c === '\n') {
      line++;
      atLineStart = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === ';') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '(') {
      if (depth === 0) openedAt = line;
      depth++;
      i++;
      continue;
    }
    if (c === ')') {
      if (depth === 0) {
        errors.push({ line, key: 'dns:errors.parse_parenthesis' });
        entry!.broken = true;
      } else depth--;
      i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < text.length) {
        const d = text[j];
        if (d === '\\' && j + 1 < text.length && text[j + 1] !== '\n') {
          value += d + text[j + 1];
          j += 2;
          continue;
        }
        if (d === '"') {
          closed = true;
          break;
        }
        if (d === '\n') break;
        value += d;
        j++;
      }
      if (!closed) {
        errors.push({ line, key: 'dns:errors.parse_quote' });
        entry!.broken = true;
        i = j; // continue at the line end
        continue;
      }
      entry!.tokens.push({ text: value, quoted: true, line });
      i = j + 1;
      continue;
    }
    let j = i;
    let value = '';
    while (j < text.length && !' \t\r\n;()"'.includes(text[j])) {
      if (text[j] === '\\' && j + 1 < text.length && text[j + 1] !== '\n') {
        value += text[j] + text[j + 1];
        j += 2;
        continue;
      }
      value += text[j];
      j++;
    }
    entry!.tokens.push({ text: value, quoted: false, line });
    i = j;
  }
  if (depth > 0) {
    errors.push({ line: openedAt, key: 'dns:errors.parse_parenthesis' });
    if (entry) (entry as Entry).broken = true;
  }
  flush();
  return entries;
}

/** A TTL: seconds, or BIND's units (`1h30m`, `2d`, `1w`). */
export function parseTtl(text: string): number | null {
  if (/^\d{1,10}$/.test(text)) {
    const n = Number(text);
    return n <= 2_147_483_647 ? n : null;
  }
  const m = /^(?:\d{1,7}[wdhms])+$/i.test(text) ? text.toLowerCase().match(/\d+[wdhms]/g) : null;
  if (!m) return null;
  const unit: Record<string, number> = { w: 604_800, d: 86_400, h: 3_600, m: 60, s: 1 };
  const n = m.reduce((sum, part) => sum + Number(part.slice(0, -1)) * unit[part.at(-1)!], 0);
  return n <= 2_147_483_647 ? n : null;
}

const encoder = new TextEncoder();

/** The bytes of a character-string token (escapes decoded; plain runs encoded as UTF-8 at once). */
function stringBytes(text: string): number[] {
  const out: number[] = [];
  let run = 0;
  const flush = (end: number) => {
    if (end > run) for (const b of encoder.encode(text.slice(run, end))) out.push(b);
  };
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\' || i + 1 >= text.length) continue;
    flush(i);
    const ddd = /^\d{3}/.exec(text.slice(i + 1, i + 4));
    if (ddd) {
      const n = Number(ddd[0]);
      if (n > 255) throw new Error('bad escape');
      out.push(n);
      i += 3;
    } else {
      const cp = text.codePointAt(i + 1)!;
      for (const b of encoder.encode(String.fromCodePoint(cp))) out.push(b);
      i += String.fromCodePoint(cp).length;
    }
    run = i + 1;
  }
  flush(text.length);
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface ParsedZone {
  /** From `$TTL` (the first one); `null` when the file has none. */
  defaultTtl: number | null;
  soa: Omit<ZoneSettings, 'defaultTtl'> & { serial: number; line: number };
  records: (RecordInput & { line: number })[];
}

/** Parses the syntax; `errors` is empty when it worked. */
export function parseZoneFile(text: string, origin: string): { zone: ParsedZone | null; errors: LineError[] } {
  const errors: LineError[] = [];
  const entries = tokenize(text, errors);
  let current = origin;
  let defaultTtl: number | null = null;
  let currentTtl: number | null = null;
  let lastOwner: string | null = null;
  let soa: ParsedZone['soa'] | null = null;
  const records: ParsedZone['records'] = [];

  /** An owner token → the name relative to the zone (`@`, `www`), or null when outside. */
  const owner = (t: Token): string | null => {
    const s = t.text.toLowerCase();
    if (t.quoted || s.includes('\\')) return null;
    if (s === '@') return insideZone(current, origin);
    if (s.endsWith('.')) return insideZone(s.slice(0, -1), origin);
    return insideZone(`${s}.${current}`, origin);
  };
  /** A target token as the records store it: absolute stays absolute, relative is made relative to the zone. */
  const target = (t: Token): string => {
    const s = t.text.toLowerCase();
    if (t.quoted) return `"${s}"`; // refused by the rules
    if (s === '.' || s.endsWith('.') || current === origin) return s;
    if (s === '@') return `${current}.`;
    const rel = insideZone(current, origin);
    return rel === '@' || rel === null ? `${s}.${current}.` : `${s}.${rel}`;
  };
  const number = (t: Token | undefined): number | null => (t && !t.quoted && /^\d{1,10}$/.test(t.text) ? Number(t.text) : null);

  for (const e of entries) {
    if (errors.length >= MAX_ERRORS) break;
    if (e.broken) continue;
    const t = e.tokens;
    const fail = (key: string, line = e.line) => errors.push({ line, key });

    if (!e.blankOwner && !t[0].quoted && t[0].text.startsWith('$')) {
      const directive = t[0].text.toUpperCase();
      if (directive === '$ORIGIN') {
        const arg = t[1];
        if (!arg || t.length !== 2 || arg.quoted) {
          fail('dns:errors.parse_arguments');
          continue;
        }
        const s = arg.text.toLowerCase();
        const absolute = s.endsWith('.') ? s.slice(0, -1) : `${s}.${current}`;
        if (insideZone(absolute, origin) === null) fail('dns:errors.parse_origin_outside');
        else current = absolute;
      } else if (directive === '$TTL') {
        const ttl = t.length === 2 ? parseTtl(t[1].text) : null;
        if (ttl === null) fail('dns:errors.parse_ttl');
        else {
          defaultTtl ??= ttl;
          currentTtl = ttl;
        }
      } else if (directive === '$INCLUDE') fail('dns:errors.parse_include');
      else if (directive === '$GENERATE') fail('dns:errors.parse_generate');
      else fail('dns:errors.parse_directive');
      continue;
    }

    let idx = 0;
    let name: string | null;
    if (e.blankOwner) {
      name = lastOwner;
      if (name === null) {
        fail('dns:errors.parse_owner_missing');
        continue;
      }
    } else {
      name = owner(t[0]);
      idx = 1;
      if (name === null) {
        fail(t[0].quoted || t[0].text.includes('\\') ? 'dns:errors.name_syntax' : 'dns:errors.parse_outside_zone');
        continue;
      }
      lastOwner = name;
    }

    let ttl: number | null = null;
    for (let k = 0; k < 2 && idx < t.length; k++) {
      const s = t[idx].text.toUpperCase();
      if (!t[idx].quoted && /^\d/.test(s)) {
        ttl = parseTtl(s);
        if (ttl === null) fail('dns:errors.parse_ttl');
        idx++;
      } else if (s === 'IN') idx++;
      else if (s === 'CH' || s === 'HS' || s === 'CS') {
        fail('dns:errors.parse_class');
        idx = t.length + 1;
      } else break;
    }
    if (idx > t.length) continue;
    const typeToken = t[idx];
    if (!typeToken) {
      fail('dns:errors.parse_type_missing');
      continue;
    }
    const type = typeToken.text.toUpperCase();
    const rdata = t.slice(idx + 1);
    const effectiveTtl = ttl ?? (currentTtl !== null && currentTtl !== defaultTtl ? currentTtl : null);

    if (type === 'SOA') {
      if (soa) {
        fail('dns:errors.parse_soa_duplicate');
        continue;
      }
      if (name !== '@') {
        fail('dns:errors.parse_soa_apex');
        continue;
      }
      if (rdata.length !== 7 || rdata.some((r) => r.quoted)) {
        fail('dns:errors.parse_arguments');
        continue;
      }
      const mname = rdata[0].text.toLowerCase();
      const hostmaster = rnameToEmail(rdata[1].text, current);
      const serial = number(rdata[2]);
      const timers = rdata.slice(3).map((r) => parseTtl(r.text));
      if (hostmaster === null) fail('dns:errors.hostmaster');
      if (serial === null || serial > MAX_SERIAL) fail('dns:errors.parse_serial');
      if (timers.some((x) => x === null)) fail('dns:errors.parse_number');
      if (hostmaster === null || serial === null || serial > MAX_SERIAL || timers.some((x) => x === null)) continue;
      soa = {
        primaryNs: mname.endsWith('.') ? mname.slice(0, -1) : mname === '@' ? current : `${mname}.${current}`,
        hostmaster,
        serial,
        refresh: timers[0]!,
        retry: timers[1]!,
        expire: timers[2]!,
        minimum: timers[3]!,
        line: e.line,
      };
      continue;
    }
    if (!supported.has(type)) {
      fail(known.has(type) ? 'dns:errors.parse_type_unsupported' : 'dns:errors.parse_type_unknown');
      continue;
    }

    const base = { line: e.line, name, type, ttl: effectiveTtl };
    const expect = (n: number) => {
      if (rdata.length !== n) {
        fail('dns:errors.parse_arguments');
        return false;
      }
      return true;
    };
    const numbers = (tokens: Token[]) => {
      const ns = tokens.map(number);
      if (ns.some((n) => n === null)) {
        fail('dns:errors.parse_number');
        return null;
      }
      return ns as number[];
    };
    const unquotedOnly = () => {
      if (rdata.some((r) => r.quoted)) {
        fail('dns:errors.parse_quoted');
        return false;
      }
      return true;
    };

    switch (type) {
      case 'A':
      case 'AAAA':
        if (expect(1) && unquotedOnly()) records.push({ ...base, value: rdata[0].text });
        break;
      case 'CNAME':
      case 'NS':
        if (expect(1) && unquotedOnly()) records.push({ ...base, value: target(rdata[0]) });
        break;
      case 'MX': {
        if (!expect(2) || !unquotedOnly()) break;
        const ns = numbers(rdata.slice(0, 1));
        if (ns) records.push({ ...base, priority: ns[0], value: target(rdata[1]) });
        break;
      }
      case 'SRV': {
        if (!expect(4) || !unquotedOnly()) break;
        const ns = numbers(rdata.slice(0, 3));
        if (ns) records.push({ ...base, priority: ns[0], weight: ns[1], port: ns[2], value: target(rdata[3]) });
        break;
      }
      case 'CAA': {
        if (!expect(3)) break;
        const ns = numbers(rdata.slice(0, 1));
        if (!ns) break;
        if (rdata[1].quoted) {
          fail('dns:errors.parse_quoted');
          break;
        }
        try {
          records.push({ ...base, flags: ns[0], tag: rdata[1].text.toLowerCase(), value: utf8.decode(Uint8Array.from(stringBytes(rdata[2].text))) });
        } catch {
          fail('dns:errors.parse_string');
        }
        break;
      }
      case 'TXT': {
        if (!rdata.length) {
          fail('dns:errors.parse_arguments');
          break;
        }
        try {
          records.push({ ...base, value: utf8.decode(Uint8Array.from(rdata.flatMap((r) => stringBytes(r.text)))) });
        } catch {
          fail('dns:errors.parse_string');
        }
        break;
      }
    }
  }
  if (!soa && !errors.length) errors.push({ line: 1, key: 'dns:errors.parse_soa_missing' });
  errors.sort((a, b) => a.line - b.line);
  if (errors.length || !soa) return { zone: null, errors: errors.slice(0, MAX_ERRORS) };
  return { zone: { defaultTtl, soa, records }, errors: [] };
}

export interface ReadZone {
  settings: ZoneSettings;
  records: RecordData[];
}

/**
 * Parses a zone file and checks it with the plugin's rules (each record, the SOA fields, the zone's
 * records together). `fallbackTtl`: the default TTL when the file has no `$TTL`.
 */
export function readZoneFile(text: string, origin: string, fallbackTtl: number): { zone: ReadZone; errors: [] } | { zone: null; errors: LineError[] } {
  const parsed = parseZoneFile(text, origin);
  if (!parsed.zone) return { zone: null, errors: parsed.errors };
  const { soa, records: inputs } = parsed.zone;
  const soaLine = soa.line;
  const errors: LineError[] = [];
  const push = (line: number, fields: Record<string, string[]>) => {
    for (const keys of Object.values(fields)) for (const key of keys) if (!errors.some((x) => x.line === line && x.key === key)) errors.push({ line, key });
  };

  const checked = checkSettings({
    defaultTtl: parsed.zone.defaultTtl ?? fallbackTtl,
    primaryNs: soa.primaryNs,
    hostmaster: soa.hostmaster,
    refresh: soa.refresh,
    retry: soa.retry,
    expire: soa.expire,
    minimum: soa.minimum,
  });
  if (checked.errors) {
    const { defaultTtl: ttlErrors, ...soaErrors } = checked.errors;
    if (ttlErrors) push(ttlDirectiveLine(text), { defaultTtl: ttlErrors });
    push(soaLine, soaErrors);
  }

  const records: RecordData[] = [];
  const lines: number[] = [];
  for (const input of inputs) {
    const r = checkRecord(input, origin);
    if (r.errors) push(input.line, r.errors);
    else {
      records.push(r.record);
      lines.push(input.line);
    }
  }
  // The rules between records, for the records that passed on their own; zone-wide findings (no
  // NS at the apex) only when every record did, or an invalid NS record would be reported twice.
  const recordsFailed = errors.length > 0;
  const zoneChecks = checkZoneRecords(records, origin);
  for (const [i, fields] of zoneChecks.byRecord) push(lines[i], fields);
  if (!recordsFailed) for (const key of zoneChecks.zone) errors.push({ line: soaLine, key });
  errors.sort((a, b) => a.line - b.line);
  if (errors.length || !checked.settings) return { zone: null, errors: errors.slice(0, MAX_ERRORS) };
  return { zone: { settings: checked.settings, records }, errors: [] };
}

/** The line of the first `$TTL` directive (for its errors). */
function ttlDirectiveLine(text: string): number {
  const i = text.split('\n').findIndex((l) => /^\$TTL\b/i.test(l));
  return i < 0 ? 1 : i + 1;
}
