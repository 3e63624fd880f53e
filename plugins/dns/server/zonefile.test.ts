import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoZone } from './fixtures.ts';
import { renderZone } from './render.ts';
import { checkRecord, type RecordData, type RecordInput, type ZoneData } from './rules.ts';
import { parseTtl, readZoneFile } from './zonefile.ts';

const origin = 'shop-mueller-schmidt.example';
const head = `$ORIGIN ${origin}.\n$TTL 3600\n@ IN SOA ns1.managed-hosting.example. hostmaster.managed-hosting.example. ( 2026112201 10800 3600 1209600 3600 )\n@ 86400 IN NS ns1.managed-hosting.example.\n`;

const read = (text: string) => readZoneFile(text, origin, 3600);
const records = (text: string) => {
  const r = read(text);
  if (!r.zone) throw new Error(JSON.stringify(r.errors));
  return r.zone.records;
};
const rec = (input: RecordInput): RecordData => {
  const r = checkRecord(input, origin);
  if (!r.record) throw new Error(JSON.stringify(r.errors));
  return r.record;
};
const sortKey = (r: RecordData) => JSON.stringify([r.name, r.type, r.value, r.priority, r.weight, r.port, r.flags, r.tag, r.ttl]);
const same = (a: readonly RecordData[]) => [...a].sort((x, y) => sortKey(x).localeCompare(sortKey(y)));

/** What the form editor holds and what the zone file editor gives back must be the same. */
function roundTrip(zone: ZoneData) {
  const back = readZoneFile(renderZone(zone), zone.origin, 1);
  if (!back.zone) throw new Error(JSON.stringify(back.errors));
  const { origin: _o, serial: _s, records: rs, ...settings } = zone;
  expect(back.zone.settings).toEqual(settings);
  expect(same(back.zone.records)).toEqual(same(rs));
}

describe('R2.027 zone file round trip (form → zone text → parse → same records)', () => {
  it('gives back the demo zone', () => roundTrip(demoZone(2026112201)));

  it('gives back text with quotes, backslashes, semicolons, umlauts and 255-byte boundaries', () => {
    const zone = demoZone(2026112201);
    zone.hostmaster = 'first.last@shop-mueller-schmidt.example';
    zone.records.push(
      rec({ name: 'q', type: 'TXT', value: ' "quoted" \\back\\slash\\ ; not a comment $ORIGIN evil. ( ) ' }),
      rec({ name: 'u', type: 'TXT', value: 'Grüße aus Köln – 🙂' }),
      rec({ name: 'long', type: 'TXT', value: 'ä'.repeat(300) + 'x'.repeat(255) }),
      rec({ name: 'e', type: 'TXT', value: '"' }),
      rec({ name: '_sip._udp', type: 'SRV', priority: 10, weight: 0, port: 0, value: '.' }),
      rec({ name: 'nomail', type: 'MX', priority: 0, value: '.' }),
      rec({ name: '*.cdn', type: 'AAAA', value: '2001:db8::cd' }),
      rec({ name: 'a', type: 'A', value: '203.0.113.9', ttl: 60 }),
      rec({ name: '@', type: 'CAA', flags: 128, tag: 'issue', value: 'ca.example; account="a\\b"' }),
      rec({ name: 'dev', type: 'NS', value: 'ns.dev-agency.example.', ttl: 86400 }),
    );
    roundTrip(zone);
  });

  it('gives back every generated combination of names and TTLs', () => {
    const names = ['@', 'www', 'a.b', 'x-1', '*'];
    const ttls = [null, 60, 604800];
    for (const name of names)
      for (const ttl of ttls) {
        const zone = demoZone(2026112201);
        zone.records = zone.records.filter((r) => r.type === 'NS' || r.name === 'mail');
        zone.records.push(rec({ name, type: 'A', value: '198.51.100.7', ttl }));
        roundTrip(zone);
      }
  });
});

describe('R2.027 zone file parser', () => {
  it('reads blank owners, relative and absolute names, @, classes, TTL units and parentheses', () => {
    const rs = records(`${head}
www        IN A 203.0.113.1 ; web
           IN AAAA 2001:db8::1
WWW.${origin.toUpperCase()}. 1h IN MX 10 Mail
shop IN 300 A 203.0.113.2
mail A 203.0.113.25
txt TXT ( "part one "
          "part two" ) ; comment "with quotes"
ali CNAME @
$ORIGIN sub.${origin}.
host A 203.0.113.3
alias CNAME host
@ MX 5 mail.${origin}.
`);
    expect(rs.map((r) => [r.name, r.type, r.ttl, r.priority, r.value])).toEqual([
      ['@', 'NS', 86400, null, 'ns1.managed-hosting.example.'],
      ['www', 'A', null, null, '203.0.113.1'],
      ['www', 'AAAA', null, null, '2001:db8::1'],
      ['www', 'MX', 3600, 10, 'mail'],
      ['shop', 'A', 300, null, '203.0.113.2'],
      ['mail', 'A', null, null, '203.0.113.25'],
      ['txt', 'TXT', null, null, 'part one part two'],
      ['ali', 'CNAME', null, null, '@'],
      ['host.sub', 'A', null, null, '203.0.113.3'],
      ['alias.sub', 'CNAME', null, null, 'host.sub'],
      ['sub', 'MX', null, 5, `mail.${origin}.`],
    ]);
  });

  it('reads the SOA into the zone settings (RNAME with escaped dot, timers with units)', () => {
    const r = read(`$TTL 1h\n@ IN SOA NS1.Example.NET. first\\.last.example.net. (\n 1 3h 1h 2w 1h )\n@ NS ns1.example.net.\n`);
    expect(r.zone?.settings).toEqual({ defaultTtl: 3600, primaryNs: 'ns1.example.net', hostmaster: 'first.last@example.net', refresh: 10800, retry: 3600, expire: 1209600, minimum: 3600 });
  });

  it('keeps a later $TTL as the records’ own TTL', () => {
    expect(records(`${head}$TTL 300\nfast A 203.0.113.5\n$TTL 3600\nslow A 203.0.113.6\n`).slice(1).map((r) => r.ttl)).toEqual([300, null]);
  });

  it('parses TTLs', () => {
    expect(parseTtl('86400')).toBe(86400);
    expect(parseTtl('1w2d3h4m5s')).toBe(604800 + 2 * 86400 + 3 * 3600 + 4 * 60 + 5);
    expect(parseTtl('1x')).toBeNull();
    expect(parseTtl('99999999999')).toBeNull();
  });
});

describe('R2.027 zone file errors carry their line numbers (422)', () => {
  const errorsOf = (text: string) => read(text).errors;

  it('reports syntax errors per line', () => {
    expect(errorsOf(`${head}www IN A 203.0.113.1\nbad IN PTR x.example.\nbad2 IN FOO x\ntxt TXT "open\n$INCLUDE /etc/passwd\n$GENERATE 1-9 h$ A 1.2.3.$\n`)).toEqual([
      { line: 6, key: 'dns:errors.parse_type_unsupported' },
      { line: 7, key: 'dns:errors.parse_type_unknown' },
      { line: 8, key: 'dns:errors.parse_quote' },
      { line: 9, key: 'dns:errors.parse_include' },
      { line: 10, key: 'dns:errors.parse_generate' },
    ]);
  });

  it('reports an unclosed parenthesis at the line that opened it', () => {
    expect(errorsOf(`${head}txt TXT ( "a"\n"b"\n`)).toEqual([{ line: 5, key: 'dns:errors.parse_parenthesis' }]);
  });

  it('reports records outside the zone, a missing or second SOA, wrong argument counts, bad numbers', () => {
    expect(errorsOf(`${head}www.example.net. A 203.0.113.1\nmx MX ten mail\nsrv._tcp SRV 1 2 mail\n@ SOA a. b.c. 1 2 3 4 5\n`)).toEqual([
      { line: 5, key: 'dns:errors.parse_outside_zone' },
      { line: 6, key: 'dns:errors.parse_number' },
      { line: 7, key: 'dns:errors.parse_arguments' },
      { line: 8, key: 'dns:errors.parse_soa_duplicate' },
    ]);
    expect(errorsOf('$TTL 3600\n@ NS ns1.example.net.\n')).toEqual([{ line: 1, key: 'dns:errors.parse_soa_missing' }]);
  });

  it('applies the form’s rules to every record, with its line: a CNAME next to other records', () => {
    expect(errorsOf(`${head}www A 203.0.113.1\nwww CNAME shop\nx A 999.1.1.1\n`)).toEqual([
      { line: 6, key: 'dns:errors.cname_conflict' },
      { line: 7, key: 'dns:errors.ipv4' },
    ]);
    expect(errorsOf(`${head}www A 203.0.113.1\nwww CNAME shop\n`)).toEqual([{ line: 6, key: 'dns:errors.cname_conflict' }]);
  });

  it('checks the SOA timers and needs an apex NS', () => {
    expect(errorsOf(`$TTL 3600\n@ SOA ns1.example.net. h.example.net. 1 60 60 60 60\nwww A 203.0.113.1\n`)).toEqual([
      { line: 2, key: 'dns:errors.refresh_range' },
      { line: 2, key: 'dns:errors.retry_range' },
      { line: 2, key: 'dns:errors.expire_range' },
    ]);
    expect(errorsOf(`$TTL 3600\n@ SOA ns1.example.net. h.example.net. 1 10800 3600 1209600 3600\nwww A 203.0.113.1\n`)).toEqual([{ line: 2, key: 'dns:errors.apex_ns_required' }]);
  });

  it('cannot be used to smuggle anything into the rendered file', () => {
    const r = read(`${head}x TXT "a\\"; evil IN A 203.0.113.66 ; \\\\"\n`);
    expect(r.zone?.records[1].value).toBe('a"; evil IN A 203.0.113.66 ; \\');
    const back = renderZone({ ...demoZone(1), records: r.zone!.records });
    const evil = back.split('\n').filter((l) => l.includes('evil'));
    expect(evil).toHaveLength(1);
    expect(evil[0]).toMatch(/^x +IN TXT +"a\\"; evil IN A 203\.0\.113\.66 ; \\\\"$/);
  });
});

const checkzone = (() => {
  try {
    execFileSync('named-checkzone', ['-h'], { stdio: 'ignore' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
  }
  return 'named-checkzone';
})();

(checkzone ? describe : describe.skip)('R2.027 named-checkzone accepts what the renderer writes', () => {
  const check = (zone: ZoneData) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dns-test-'));
    const file = path.join(dir, 'db');
    fs.writeFileSync(file, renderZone(zone));
    try {
      return execFileSync(checkzone!, ['-k', 'fail', '-i', 'local', zone.origin, file], { encoding: 'utf8' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('loads the demo zone with its serial', () => {
    expect(check(demoZone(2026112201))).toContain('loaded serial 2026112201');
  });

  it('loads a zone with hostile TXT text as one TXT record', () => {
    const zone = demoZone(2026112202);
    zone.records.push(rec({ name: 'x', type: 'TXT', value: '"; evil IN A 203.0.113.66 ; ) ( $ORIGIN evil. \\' }));
    expect(check(zone)).toContain('OK');
  });
});
