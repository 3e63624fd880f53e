import { demoZone } from './fixtures.ts';
import { checkOrigin, checkRecord, checkSettings, checkZoneRecords, zoneDefaults, type RecordData, type RecordInput } from './rules.ts';

const origin = 'shop-mueller-schmidt.example';
const ok = (input: RecordInput) => {
  const r = checkRecord(input, origin);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.record;
};
const errorsOf = (input: RecordInput) => checkRecord(input, origin).errors;

describe('record rules per type', () => {
  it('A takes an IPv4 address (Node net.isIPv4), no leading zeros, no names', () => {
    expect(ok({ name: 'www', type: 'A', value: ' 203.0.113.10 ' }).value).toBe('203.0.113.10');
    for (const bad of ['203.0.113', '203.0.113.256', '01.2.3.4', 'www.example.net', '2001:db8::1'])
      expect(errorsOf({ name: 'www', type: 'A', value: bad })).toEqual({ value: ['dns:errors.ipv4'] });
  });

  it('AAAA takes an IPv6 address and stores its canonical form; no zone index', () => {
    expect(ok({ name: '@', type: 'AAAA', value: '2001:DB8:0:0:0:0:0:1' }).value).toBe('2001:db8::1');
    expect(errorsOf({ name: '@', type: 'AAAA', value: 'fe80::1%eth0' })).toEqual({ value: ['dns:errors.ipv6'] });
    expect(errorsOf({ name: '@', type: 'AAAA', value: '203.0.113.1' })).toEqual({ value: ['dns:errors.ipv6'] });
  });

  it('A, AAAA and MX owners must be hostnames; TXT and SRV may use underscores', () => {
    expect(errorsOf({ name: '_x', type: 'A', value: '203.0.113.1' })).toEqual({ name: ['dns:errors.name_hostname'] });
    expect(ok({ name: '_dmarc', type: 'TXT', value: 'v=DMARC1; p=none' }).name).toBe('_dmarc');
    expect(ok({ name: '*', type: 'A', value: '203.0.113.1' }).name).toBe('*');
  });

  it('CNAME needs a name target and is not allowed at the apex', () => {
    expect(ok({ name: 'www', type: 'CNAME', value: 'Shop' }).value).toBe('shop');
    expect(ok({ name: 'www', type: 'CNAME', value: `${origin}.` }).value).toBe('@');
    expect(errorsOf({ name: '@', type: 'CNAME', value: 'shop' })).toEqual({ name: ['dns:errors.cname_apex'] });
    expect(errorsOf({ name: 'www', type: 'CNAME', value: '203.0.113.1' })).toEqual({ value: ['dns:errors.target_is_address'] });
  });

  it('MX needs a priority 0–65535 and a hostname (or . for a null MX)', () => {
    expect(ok({ name: '@', type: 'MX', priority: 10, value: 'mail' }).priority).toBe(10);
    expect(ok({ name: '@', type: 'MX', priority: 0, value: '.' }).value).toBe('.');
    expect(errorsOf({ name: '@', type: 'MX', value: 'mail' })).toEqual({ priority: ['dns:errors.required'] });
    expect(errorsOf({ name: '@', type: 'MX', priority: 70000, value: 'mail' })).toEqual({ priority: ['dns:errors.uint16'] });
    expect(errorsOf({ name: '@', type: 'MX', priority: 10, value: '_mx.example.net.' })).toEqual({ value: ['dns:errors.target_hostname'] });
  });

  it('TXT keeps its text as typed, up to 2048 bytes, without control characters', () => {
    expect(ok({ name: '@', type: 'TXT', value: ' "quoted" \\ ; $ORIGIN {x} # ' }).value).toBe(' "quoted" \\ ; $ORIGIN {x} # ');
    expect(errorsOf({ name: '@', type: 'TXT', value: 'a\nb IN A 1.2.3.4' })).toEqual({ value: ['dns:errors.control_characters'] });
    expect(errorsOf({ name: '@', type: 'TXT', value: 'ä'.repeat(1025) })).toEqual({ value: ['dns:errors.txt_too_long'] });
  });

  it('SRV needs _service._proto, priority, weight, port and a hostname target', () => {
    expect(ok({ name: '_sip._tcp', type: 'SRV', priority: 10, weight: 5, port: 5060, value: 'sip.example.net.' }).port).toBe(5060);
    expect(errorsOf({ name: 'sip', type: 'SRV', priority: 10, weight: 5, port: 5060, value: 'sip' })).toEqual({ name: ['dns:errors.srv_name'] });
    expect(errorsOf({ name: '_sip._tcp', type: 'SRV', priority: 10, value: 'sip' })).toEqual({ weight: ['dns:errors.required'], port: ['dns:errors.required'] });
  });

  it('CAA needs flags 0 or 128, tag issue/issuewild/iodef and a fitting value', () => {
    expect(ok({ name: '@', type: 'CAA', flags: 0, tag: 'issue', value: 'letsencrypt.org; validationmethods=dns-01' }).tag).toBe('issue');
    expect(ok({ name: '@', type: 'CAA', flags: 128, tag: 'issuewild', value: ';' }).flags).toBe(128);
    expect(ok({ name: '@', type: 'CAA', flags: 0, tag: 'iodef', value: 'mailto:security@example.net' }).value).toBe('mailto:security@example.net');
    expect(errorsOf({ name: '@', type: 'CAA', flags: 1, tag: 'issue', value: 'letsencrypt.org' })).toEqual({ flags: ['dns:errors.caa_flags'] });
    expect(errorsOf({ name: '@', type: 'CAA', flags: 0, tag: 'issue', value: 'not a domain' })).toEqual({ value: ['dns:errors.caa_issuer'] });
    expect(errorsOf({ name: '@', type: 'CAA', flags: 0, tag: 'iodef', value: 'javascript:alert(1)' })).toEqual({ value: ['dns:errors.caa_iodef'] });
    expect(errorsOf({ name: '@', type: 'CAA', flags: 0, tag: 'issue', value: 'ca.example\u00e4' })).toEqual({ value: ['dns:errors.caa_ascii'] });
  });

  it('NS needs a hostname target', () => {
    expect(ok({ name: 'dev', type: 'NS', value: 'ns1.example.net.' }).value).toBe('ns1.example.net.');
    expect(errorsOf({ name: 'dev', type: 'NS', value: 'ns1.example.net;' })).toEqual({ value: ['dns:errors.target_syntax'] });
  });

  it('refuses fields of other types, unknown types and TTLs out of range', () => {
    expect(errorsOf({ name: 'www', type: 'A', value: '203.0.113.1', priority: 10 })).toEqual({ priority: ['dns:errors.field_not_for_type'] });
    expect(errorsOf({ name: 'www', type: 'PTR', value: 'x' })).toEqual({ type: ['dns:errors.type_unsupported'] });
    expect(errorsOf({ name: 'www', type: 'A', value: '203.0.113.1', ttl: 59 })).toEqual({ ttl: ['dns:errors.ttl_range'] });
    expect(ok({ name: 'www', type: 'A', value: '203.0.113.1', ttl: 60 }).ttl).toBe(60);
  });

  it('refuses configuration injection in names and targets', () => {
    for (const name of ['www\n@ IN A 1.2.3.4', 'www;', 'w"w', 'w{w}', '$ORIGIN', 'w w', 'www.evil.example.'])
      expect([name, checkRecord({ name, type: 'TXT', value: 'x' }, origin).errors]).toEqual([name, expect.objectContaining({ name: expect.any(Array) })]);
    for (const value of ['mail\nevil IN A 1.2.3.4', 'mail;', 'mail (', '$INCLUDE', 'ma"il'])
      expect([value, checkRecord({ name: '@', type: 'MX', priority: 10, value }, origin).errors]).toEqual([value, expect.objectContaining({ value: expect.any(Array) })]);
  });
});

describe('zone rules', () => {
  const zone = demoZone(2026112201);
  const with_ = (...more: RecordData[]) => checkZoneRecords([...zone.records, ...more], origin);
  const rec = (input: RecordInput) => ok(input);

  it('accepts the demo zone', () => {
    expect(checkZoneRecords(zone.records, origin)).toEqual({ byRecord: new Map(), zone: [] });
  });

  it('a CNAME next to other records at the same name is a conflict, in both orders', () => {
    const a = with_(rec({ name: 'www', type: 'A', value: '203.0.113.1' }));
    expect(a.byRecord.get(zone.records.length)).toEqual({ name: ['dns:errors.cname_conflict'] });
    const c = with_(rec({ name: 'mail', type: 'CNAME', value: 'shop' }));
    expect(c.byRecord.get(zone.records.length)).toEqual({ name: ['dns:errors.cname_conflict'] });
  });

  it('refuses duplicates, differing TTLs in one RRset and a null MX next to others', () => {
    expect(with_(rec({ name: 'shop', type: 'A', value: '203.0.113.10', ttl: 600 })).byRecord.get(zone.records.length)).toEqual({
      value: ['dns:errors.duplicate'],
      ttl: ['dns:errors.ttl_rrset'],
    });
    expect(with_(rec({ name: '@', type: 'MX', priority: 0, value: '.' })).byRecord.get(zone.records.length)).toEqual({ value: ['dns:errors.null_mx_alone'] });
  });

  it('needs an NS record at the apex, and an address for in-zone name servers', () => {
    expect(checkZoneRecords(zone.records.filter((r) => r.type !== 'NS'), origin).zone).toEqual(['dns:errors.apex_ns_required']);
    expect(with_(rec({ name: '@', type: 'NS', value: 'ns3', ttl: 86400 })).byRecord.get(zone.records.length)).toEqual({ value: ['dns:errors.ns_needs_address'] });
    expect(with_(rec({ name: '@', type: 'NS', value: 'mail', ttl: 86400 })).byRecord.size).toBe(0);
  });
});

describe('zone settings', () => {
  it('accepts the defaults and normalises names', () => {
    expect(checkSettings({ ...zoneDefaults, primaryNs: 'NS1.Example.NET.' }).settings?.primaryNs).toBe('ns1.example.net');
  });

  it('keeps the SOA timers in sane ranges', () => {
    expect(checkSettings({ ...zoneDefaults, refresh: 60, retry: 30, expire: 60, minimum: 604800, defaultTtl: 1 }).errors).toEqual({
      refresh: ['dns:errors.refresh_range'],
      retry: ['dns:errors.retry_range'],
      expire: ['dns:errors.expire_range'],
      minimum: ['dns:errors.minimum_range'],
      defaultTtl: ['dns:errors.ttl_range'],
    });
    expect(checkSettings({ ...zoneDefaults, refresh: 3600, retry: 7200 }).errors).toEqual({ retry: ['dns:errors.retry_below_refresh'] });
  });

  it('checks origin, name server and hostmaster', () => {
    expect(checkOrigin(' Shop-Mueller-Schmidt.Example. ')).toEqual({ origin, error: null });
    expect(checkOrigin('localhost').error).toBe('dns:errors.origin');
    expect(checkSettings({ ...zoneDefaults, primaryNs: 'ns1', hostmaster: 'no-at-sign' }).errors).toEqual({
      primaryNs: ['dns:errors.hostname'],
      hostmaster: ['dns:errors.hostmaster'],
    });
  });
});
