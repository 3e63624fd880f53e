import { escapeBytes, quotedStrings, renderNamedConf, renderZone, sortRecords } from './render.ts';
import type { RecordData, ZoneData } from './rules.ts';

const rec = (name: string, type: RecordData['type'], value: string, extra: Partial<RecordData> = {}): RecordData => ({
  name,
  type,
  ttl: null,
  value,
  priority: null,
  weight: null,
  port: null,
  flags: null,
  tag: null,
  ...extra,
});

const zone = (records: RecordData[]): ZoneData => ({
  origin: 'example.com',
  defaultTtl: 3600,
  primaryNs: 'ns1.example.net',
  hostmaster: 'first.last@example.com',
  refresh: 10800,
  retry: 3600,
  expire: 1209600,
  minimum: 3600,
  serial: 2026112201,
  records,
});

describe('zone file renderer', () => {
  it('renders every type with SOA, $ORIGIN, $TTL and the RNAME escaped (expected output)', () => {
    const text = renderZone(
      zone([
        rec('www', 'CNAME', '@'),
        rec('@', 'A', '192.0.2.1'),
        rec('@', 'NS', 'ns1.example.net.', { ttl: 86400 }),
        rec('@', 'MX', 'mail', { priority: 10 }),
        rec('mail', 'A', '192.0.2.25'),
        rec('mail', 'AAAA', '2001:db8::25'),
        rec('@', 'TXT', 'v=spf1 mx -all'),
        rec('_sip._tcp', 'SRV', 'sip.example.net.', { priority: 10, weight: 5, port: 5060 }),
        rec('@', 'CAA', 'letsencrypt.org', { flags: 0, tag: 'issue' }),
      ]),
    );
    expect(text).toBe(
      [
        '; Zone example.com',
        '; Managed in the customer portal (Managed Center, DNS). Changes made to this file on the',
        '; server are overwritten; the serial is increased by the portal on every change.',
        '$ORIGIN example.com.',
        '$TTL 3600',
        '@               IN SOA ns1.example.net. first\\.last.example.com. (',
        '                       2026112201 ; serial',
        '                       10800      ; refresh',
        '                       3600       ; retry',
        '                       1209600    ; expire',
        '                       3600       ; minimum (negative caching TTL)',
        '                       )',
        '',
        '@         86400 IN NS    ns1.example.net.',
        '@               IN A     192.0.2.1',
        '@               IN MX    10 mail',
        '@               IN TXT   "v=spf1 mx -all"',
        '@               IN CAA   0 issue "letsencrypt.org"',
        '_sip._tcp       IN SRV   10 5 5060 sip.example.net.',
        'mail            IN A     192.0.2.25',
        'mail            IN AAAA  2001:db8::25',
        'www             IN CNAME @',
        '',
      ].join('\n'),
    );
  });

  it('escapes quotes, backslashes and non-ASCII bytes in TXT; a value cannot leave its string', () => {
    expect(escapeBytes(Buffer.from('a"b\\c;d'))).toBe('a\\"b\\\\c;d');
    expect(quotedStrings('Grüße')).toEqual(['"Gr\\195\\188\\195\\159e"']);
    const text = renderZone(zone([rec('@', 'NS', 'ns1.example.net.'), rec('x', 'TXT', '"; evil IN A 192.0.2.66 ; ) $INCLUDE /etc/passwd \\')]));
    expect(text).toContain('x         IN TXT   "\\"; evil IN A 192.0.2.66 ; ) $INCLUDE /etc/passwd \\\\"\n');
    expect(text.split('\n').filter((l) => l.includes('evil'))).toHaveLength(1);
  });

  it('splits long TXT values into strings of at most 255 bytes over several lines', () => {
    const long = 'p='.padEnd(600, 'A');
    const rdata = renderZone(zone([rec('k._domainkey', 'TXT', long)])).split('IN TXT   ')[1];
    const strings = [...rdata.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
    expect(strings.map((s) => s.length)).toEqual([255, 255, 90]);
    expect(strings.join('')).toBe(long);
    expect(rdata.startsWith('( "')).toBe(true);
  });

  it('does not split inside an escape sequence (bytes are split, then escaped)', () => {
    const strings = quotedStrings('ä'.repeat(200));
    expect(strings).toHaveLength(2);
    expect(strings.every((s) => /^"(\\\d{3})+"$/.test(s))).toBe(true);
  });

  it('escapes CAA values and renders flags and tag', () => {
    const text = renderZone(zone([rec('@', 'CAA', 'ca.example; account="x\\y"', { flags: 128, tag: 'issue' })]));
    expect(text).toContain('IN CAA   128 issue "ca.example; account=\\"x\\\\y\\""');
  });

  it('sorts records by owner (apex first, by labels from the right), type and data', () => {
    const sorted = sortRecords([rec('b', 'A', '192.0.2.2'), rec('a.b', 'A', '192.0.2.3'), rec('@', 'MX', 'm', { priority: 20 }), rec('@', 'MX', 'm2', { priority: 5 }), rec('a', 'A', '192.0.2.1')]);
    expect(sorted.map((r) => `${r.name} ${r.type} ${r.priority ?? ''}`.trim())).toEqual(['@ MX 5', '@ MX 20', 'a A', 'b A', 'a.b A']);
  });
});

describe('named.conf include', () => {
  it('declares each zone as primary with its file (expected output)', () => {
    expect(renderNamedConf(['b.example', 'a.example'], (p) => `/sandbox${p}`)).toBe(
      [
        '// Zones of the Managed Center (DNS), rendered by the customer portal. Do not edit: changes are overwritten.',
        '',
        'zone "a.example" {',
        '\ttype primary;',
        '\tfile "/sandbox/etc/bind/zones/db.a.example";',
        '};',
        '',
        'zone "b.example" {',
        '\ttype primary;',
        '\tfile "/sandbox/etc/bind/zones/db.b.example";',
        '};',
        '',
      ].join('\n'),
    );
  });

  it('escapes quotes and backslashes in the path', () => {
    expect(renderNamedConf(['a.example'], (p) => `/data "x"\\${p}`)).toContain('file "/data \\"x\\"\\\\/etc/bind/zones/db.a.example";');
  });
});
