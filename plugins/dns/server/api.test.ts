/**
 * The DNS plugin through the API of a real portal: every operation, the rules (422, nothing stored),
 * apply jobs with named-checkzone, rollback, failed applies, and the authorization matrix.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { parse } from 'yaml';
import { ClusterAdministrator, createTestServer, demoLogins, type TestClient, type TestServer, User } from '@portal/plugin-sdk/testing';
import { dayOf } from './serial.ts';

/** This plugin alone (another plugin's state must not matter here), as the generated registry lists it. */
const dnsPlugin = {
  id: 'dns',
  operations: Object.values(parse(fs.readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')).paths as Record<string, Record<string, { operationId: string }>>)
    .flatMap((item) => Object.values(item).map((op) => op.operationId))
    .sort(),
  manifest: () => import('../plugin.ts'),
};

/** The bundled contract without the other plugins' operations (they are not loaded here). */
function contractWithDnsOnly(): Record<string, unknown> {
  const doc = JSON.parse(fs.readFileSync(new URL(import.meta.resolve('@portal/openapi/document')), 'utf8')) as { paths: Record<string, unknown> };
  const section = /^\/api\/v1\/clusters\/\{clusterId\}\/servers\/\{serverId\}\/([a-z][a-z0-9-]*)(\/|$)/;
  for (const p of Object.keys(doc.paths)) {
    const id = section.exec(p)?.[1];
    if (id && id !== 'managed' && id !== 'dns') delete doc.paths[p];
  }
  return doc;
}

const ORIGIN = 'shop-mueller-schmidt.example';
const ZONE_FILE = `/etc/bind/zones/db.${ORIGIN}`;
const hasCheckzone = (() => {
  try {
    execFileSync('named-checkzone', ['-h'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

let server: TestServer;
let admin: TestClient;
let manager: TestClient;
let other: TestClient;
let shop: { id: number; servers: { id: number; role: string; services: string[] }[] };
let staging: { id: number; servers: { id: number; role: string }[] };
let lb: number;
let web: number;
let zoneId: number;

const base = (clusterId = shop.id, serverId = lb) => `/api/v1/clusters/${clusterId}/servers/${serverId}`;
const dns = (sub = '', clusterId = shop.id, serverId = lb) => `${base(clusterId, serverId)}/dns${sub}`;

async function signedIn(email: string): Promise<TestClient> {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
}

async function clusterByNumber(c: TestClient, number: string) {
  const list = await c.get(`/api/v1/clusters?search=${number}`);
  const id = list.body.data.find((x: { number: string }) => x.number === number).id as number;
  return (await c.get(`/api/v1/clusters/${id}`)).body;
}

async function finished(jobId: number) {
  for (let i = 0; i < 400; i++) {
    const r = await admin.get(`${base()}/managed/jobs/${jobId}`);
    expect(r.status).toBe(200);
    if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Sends a change, expects 202, waits for its job. */
async function applied(method: string, url: string, body?: unknown) {
  const r = await admin.request(method, url, body);
  expect([r.status, r.body?.error]).toEqual([202, undefined]);
  expect(r.body).toMatchObject({ pluginId: 'dns', kind: 'apply', status: 'queued' });
  return finished(r.body.id);
}

const zone = async () => (await admin.get(dns(`/zones/${zoneId}`))).body;
const changeCount = async () => (await admin.get(`${base()}/managed/changes?plugin=dns`)).body.meta.total as number;
const zoneFileOnServer = () => server.managed.gateway(lb).readFile(ZONE_FILE);
const todaySerial = (nn: number) => dayOf(server.clock.now()) * 100 + nn;

beforeAll(async () => {
  server = await createTestServer({}, { plugins: [dnsPlugin], contract: contractWithDnsOnly() });
  admin = await signedIn(demoLogins.admin);
  manager = await signedIn(demoLogins.manager);
  other = await signedIn(demoLogins.other);
  shop = await clusterByNumber(admin, '20011');
  staging = await clusterByNumber(manager, '20012');
  lb = shop.servers.find((s) => s.role === 'loadbalancer')!.id;
  web = shop.servers.find((s) => s.role === 'web')!.id;
}, 180_000);
afterAll(() => server.stop());

describe('R2.027 dns zones', () => {
  it('lists the demo zone of the load balancer and says whether named-checkzone can check it', async () => {
    const r = await admin.get(dns('/zones'));
    expect(r.status).toBe(200);
    expect(r.body.checker).toEqual({ tool: 'named-checkzone', available: hasCheckzone });
    expect(r.body.data).toEqual([
      { id: expect.any(Number), origin: ORIGIN, serial: todaySerial(1), appliedSerial: null, recordCount: 21, updatedAt: expect.any(String) },
    ]);
    zoneId = r.body.data[0].id;
  });

  it('a server without the dns service has no dns section (404 for its operations)', async () => {
    const sections = (await admin.get(`${base(shop.id, web)}/managed`)).body.sections.map((s: { id: string }) => s.id);
    expect(sections).not.toContain('dns');
    expect((await admin.get(dns('/zones', shop.id, web))).status).toBe(404);
  });

  it('shows a zone with its records in zone-file order and its zone file', async () => {
    const z = await zone();
    expect(z).toMatchObject({ origin: ORIGIN, defaultTtl: 3600, primaryNs: 'ns1.managed-hosting.example', hostmaster: 'hostmaster@managed-hosting.example', serial: todaySerial(1), appliedSerial: null });
    expect(z.records.slice(0, 2).map((r: { type: string; value: string }) => `${r.type} ${r.value}`)).toEqual(['NS ns1.managed-hosting.example.', 'NS ns2.managed-hosting.example.']);
    expect(z.zoneFile).toContain(`$ORIGIN ${ORIGIN}.`);
    expect(z.zoneFile).toMatch(new RegExp(`${todaySerial(1)} +; serial`));
    expect((await admin.get(dns('/zones/999999'))).status).toBe(404);
  });

  it('creates a record: stored, serial bumped, zone file written and checked with named-checkzone, change logged', async () => {
    const before = (await zone()).serial;
    const job = await applied('POST', dns(`/zones/${zoneId}/records`), { name: 'Blog', type: 'A', ttl: 600, value: '203.0.113.44' });
    expect(job.status).toBe('succeeded');
    expect(job.log.map((l: { step: string }) => l.step)).toEqual(['queued', 'writing', 'validating', 'reloading', 'done']);
    if (hasCheckzone) {
      expect(job.validation).toMatchObject({ status: 'passed', tool: 'named-checkzone' });
      expect(job.validation.output).toContain(`zone ${ORIGIN}/IN: loaded serial ${before + 1}`);
      expect(job.validation.output).toContain('OK');
      expect(job.validation.output).not.toContain(server.managed.gateway(lb).hostPath('/'));
    } else expect(job.validation).toMatchObject({ status: 'skipped', reason: 'tool_missing', tool: 'named-checkzone' });

    const z = await zone();
    expect(z.serial).toBe(before + 1);
    expect(z.appliedSerial).toBe(before + 1);
    expect(z.records).toContainEqual({ id: expect.any(Number), name: 'blog', type: 'A', ttl: 600, value: '203.0.113.44', priority: null, weight: null, port: null, flags: null, tag: null });
    const file = await zoneFileOnServer();
    expect(file).toMatch(/^blog +600 +IN A +203\.0\.113\.44$/m);
    expect(file).toMatch(new RegExp(`${before + 1} +; serial`));
    const conf = await server.managed.gateway(lb).readFile('/etc/bind/named.conf.portal-zones');
    expect(conf).toContain(`zone "${ORIGIN}" {`);
    expect(conf).toContain(`file "${server.managed.gateway(lb).hostPath(ZONE_FILE)}";`);

    const change = (await admin.get(`${base()}/managed/changes?plugin=dns`)).body.data[0];
    expect(change).toMatchObject({ pluginId: 'dns', status: 'applied', summary: { key: 'dns:changes.record_created', values: { origin: ORIGIN, name: 'blog', type: 'A' } }, jobId: job.id });
    expect(change.diff).toContain('+blog');
  });

  it('a CNAME next to other records at the same name is 422 on the name field: nothing stored, nothing applied', async () => {
    const before = await zone();
    const changes = await changeCount();
    for (const body of [
      { name: 'blog', type: 'CNAME', value: 'shop' }, // an A record is there
      { name: 'www', type: 'TXT', value: 'hello' }, // a CNAME is there
    ]) {
      const r = await admin.request('POST', dns(`/zones/${zoneId}/records`), body);
      expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([422, 'validation', { name: ['dns:errors.cname_conflict'] }]);
    }
    expect(await zone()).toEqual(before);
    expect(await changeCount()).toBe(changes);
  });

  it.each([
    ['A with a name', { name: 'x', type: 'A', value: 'www.example.net' }, { value: ['dns:errors.ipv4'] }],
    ['AAAA with an IPv4 address', { name: 'x', type: 'AAAA', value: '203.0.113.1' }, { value: ['dns:errors.ipv6'] }],
    ['CNAME at the apex', { name: '@', type: 'CNAME', value: 'shop' }, { name: ['dns:errors.cname_apex'] }],
    ['MX without priority', { name: '@', type: 'MX', value: 'mail' }, { priority: ['dns:errors.required'] }],
    ['MX priority above 65535', { name: '@', type: 'MX', priority: 65536, value: 'mail' }, { priority: ['validation.maximum'] }],
    ['SRV without _service._proto', { name: 'sip', type: 'SRV', priority: 1, weight: 1, port: 5060, value: 'sip' }, { name: ['dns:errors.srv_name'] }],
    ['CAA flags 1', { name: '@', type: 'CAA', flags: 1, tag: 'issue', value: 'letsencrypt.org' }, { flags: ['validation.enum'] }],
    ['CAA unknown tag', { name: '@', type: 'CAA', flags: 0, tag: 'contactemail', value: 'x@example.net' }, { tag: ['validation.enum'] }],
    ['NS pointing to an in-zone name without address', { name: 'dev', type: 'NS', value: 'ns-dev', ttl: null }, { value: ['dns:errors.ns_needs_address'] }],
    ['a duplicate', { name: 'mail', type: 'A', value: '203.0.113.25' }, { value: ['dns:errors.duplicate'] }],
    ['a type this plugin does not manage', { name: 'x', type: 'PTR', value: 'x.example.net.' }, { type: ['validation.enum'] }],
    ['a priority on an A record', { name: 'x', type: 'A', value: '203.0.113.1', priority: 1 }, { priority: ['dns:errors.field_not_for_type'] }],
    ['a TTL below 60 s', { name: 'x', type: 'A', value: '203.0.113.1', ttl: 5 }, { ttl: ['validation.minimum'] }],
    ['an unknown field', { name: 'x', type: 'A', value: '203.0.113.1', comment: 'x' }, { comment: ['validation.additionalProperties'] }],
  ])('refuses %s with 422 on its field', async (_what, body, fields) => {
    const changes = await changeCount();
    const r = await admin.request('POST', dns(`/zones/${zoneId}/records`), body);
    expect([r.status, r.body.error.fields]).toEqual([422, fields]);
    expect(await changeCount()).toBe(changes);
  });

  it.each([
    ['a newline in a TXT value', { name: 'x', type: 'TXT', value: 'ok"\n@ IN A 203.0.113.66' }, 'value'],
    ['a newline in a name', { name: 'x\n@', type: 'TXT', value: 'x' }, 'name'],
    ['a semicolon in a name', { name: 'x;y', type: 'TXT', value: 'x' }, 'name'],
    ['braces in a target', { name: 'x', type: 'CNAME', value: 'a{b}' }, 'value'],
    ['a $ directive as target', { name: 'x', type: 'CNAME', value: '$INCLUDE' }, 'value'],
    ['a quote in an MX target', { name: '@', type: 'MX', priority: 1, value: 'mail"' }, 'value'],
    ['parentheses in an NS target', { name: 'dev', type: 'NS', value: 'ns1.example.net. )' }, 'value'],
  ])('config injection: %s is 422, never part of a file', async (_what, body, field) => {
    const before = await zoneFileOnServer();
    const r = await admin.request('POST', dns(`/zones/${zoneId}/records`), body);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.error.fields)).toEqual([field]);
    expect(await zoneFileOnServer()).toBe(before);
  });

  it('text with quotes, semicolons, backslashes and $ stays one quoted TXT record', async () => {
    const value = 'v=x1; "quoted" \\ $ORIGIN evil. ( ) ; # {}';
    const job = await applied('POST', dns(`/zones/${zoneId}/records`), { name: '_check', type: 'TXT', value });
    expect(job.status).toBe('succeeded');
    const lines = (await zoneFileOnServer())!.split('\n').filter((l) => l.includes('evil'));
    expect(lines).toEqual([expect.stringMatching(/^_check +IN TXT +"v=x1; \\"quoted\\" \\\\ \$ORIGIN evil\. \( \) ; # \{\}"$/)]);
    expect((await zone()).records.find((r: { name: string }) => r.name === '_check').value).toBe(value);
  });

  it('changes a record; the TTL applies to the whole RRset', async () => {
    const z = await zone();
    const ns = z.records.filter((r: { type: string; name: string }) => r.type === 'NS' && r.name === '@');
    const job = await applied('PUT', dns(`/zones/${zoneId}/records/${ns[0].id}`), { name: '@', type: 'NS', ttl: 172800, value: ns[0].value });
    expect(job.status).toBe('succeeded');
    const after = (await zone()).records.filter((r: { type: string; name: string }) => r.type === 'NS' && r.name === '@');
    expect(after.map((r: { ttl: number }) => r.ttl)).toEqual([172800, 172800]);
    expect((await admin.request('PUT', dns(`/zones/${zoneId}/records/999999`), { name: 'x', type: 'A', value: '203.0.113.1' })).status).toBe(404);
  });

  it('deletes a record; the last NS record at the apex cannot be deleted', async () => {
    const z = await zone();
    const blog = z.records.find((r: { name: string }) => r.name === 'blog');
    expect((await applied('DELETE', dns(`/zones/${zoneId}/records/${blog.id}`))).status).toBe('succeeded');
    expect((await zone()).records.some((r: { name: string }) => r.name === 'blog')).toBe(false);
    expect(await zoneFileOnServer()).not.toMatch(/^blog /m);

    const [ns1, ns2] = z.records.filter((r: { type: string; name: string }) => r.type === 'NS' && r.name === '@');
    expect((await applied('DELETE', dns(`/zones/${zoneId}/records/${ns2.id}`))).status).toBe('succeeded');
    const r = await admin.request('DELETE', dns(`/zones/${zoneId}/records/${ns1.id}`));
    expect([r.status, r.body.error.message, r.body.error.fields]).toEqual([422, 'dns:errors.apex_ns_required', { _: ['dns:errors.apex_ns_required'] }]);
    // And the address of an in-zone name server cannot go while the NS record needs it.
    expect((await applied('POST', dns(`/zones/${zoneId}/records`), { name: '@', type: 'NS', ttl: 172800, value: 'mail' })).status).toBe('succeeded');
    const mailA = (await zone()).records.find((r: { name: string; type: string }) => r.name === 'mail' && r.type === 'A');
    const refused = await admin.request('DELETE', dns(`/zones/${zoneId}/records/${mailA.id}`));
    expect([refused.status, refused.body.error.fields]).toEqual([422, { _: ['dns:errors.ns_needs_address'] }]);
  });
});

describe('R2.027 dns zone file (expert mode)', () => {
  it('checks a zone file without storing it and says what it would change', async () => {
    const z = await zone();
    const same = await admin.request('POST', dns(`/zones/${zoneId}/file/check`), { text: z.zoneFile });
    expect(same.body).toEqual({ recordCount: z.records.length, added: 0, removed: 0, settingsChanged: false });
    const edited = z.zoneFile.replace(/^staging .*$/m, 'staging 300 IN A 203.0.113.13\nbeta IN CNAME shop') + '$TTL 7200\n';
    const r = await admin.request('POST', dns(`/zones/${zoneId}/file/check`), { text: edited.replace('$TTL 3600', '$TTL 1800') });
    expect(r.body).toEqual({ recordCount: z.records.length + 1, added: 2, removed: 1, settingsChanged: true });
    expect((await zone()).serial).toBe(z.serial);
  });

  it('refuses a zone file with errors: 422 with the lines, nothing stored', async () => {
    const z = await zone();
    const changes = await changeCount();
    const text = `${z.zoneFile}www2 IN A 203.0.113.5\nwww2 IN CNAME shop\nptr IN PTR x.example.\ntxt IN TXT "unterminated\n`;
    const lines = text.split('\n').length;
    const r = await admin.request('PUT', dns(`/zones/${zoneId}/file`), { text });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe('dns:errors.zone_file_invalid');
    expect(r.body.error.fields).toEqual({
      text: ['dns:errors.zone_file_invalid'],
      [`lines.${lines - 2}`]: ['dns:errors.parse_type_unsupported'],
      [`lines.${lines - 1}`]: ['dns:errors.parse_quote'],
    });
    const conflict = await admin.request('PUT', dns(`/zones/${zoneId}/file`), { text: `${z.zoneFile}www2 IN A 203.0.113.5\nwww2 IN CNAME shop\n` });
    expect(conflict.body.error.fields).toEqual({ text: ['dns:errors.zone_file_invalid'], [`lines.${lines - 3}`]: ['dns:errors.cname_conflict'] });
    expect(await zone()).toEqual(z);
    expect(await changeCount()).toBe(changes);
  });

  it('saves an edited zone file: records and settings replaced, unchanged records keep their ids, serial bumped, applied', async () => {
    const z = await zone();
    const text = z.zoneFile
      .replace(/^staging .*$/m, 'staging 300 IN A 203.0.113.13')
      .replace('$TTL 3600', '$TTL 1800')
      .replace(/^(\s+)10800(\s+; refresh)/m, '$17200$2')
      .concat('beta IN CNAME shop ; a comment\n');
    const job = await applied('PUT', dns(`/zones/${zoneId}/file`), { text });
    expect(job.status).toBe('succeeded');
    const after = await zone();
    expect(after).toMatchObject({ defaultTtl: 1800, refresh: 7200, serial: z.serial + 1, appliedSerial: z.serial + 1 });
    expect(after.records.find((r: { name: string }) => r.name === 'staging')).toMatchObject({ value: '203.0.113.13', ttl: 300 });
    expect(after.records.find((r: { name: string }) => r.name === 'beta')).toMatchObject({ type: 'CNAME', value: 'shop' });
    const keptIds = (rs: { id: number; name: string }[]) => rs.filter((r) => !['staging', 'beta'].includes(r.name)).map((r) => r.id).sort();
    expect(keptIds(after.records)).toEqual(keptIds(z.records));
    expect(await zoneFileOnServer()).toBe(after.zoneFile);
    const change = (await admin.get(`${base()}/managed/changes?plugin=dns`)).body.data[0];
    expect(change.summary).toEqual({ key: 'dns:changes.zone_file_replaced', values: { origin: ORIGIN, added: 2, removed: 1 } });
  });

  it('the form and the zone file round-trip: saving the shown zone file changes no record', async () => {
    const z = await zone();
    expect((await applied('PUT', dns(`/zones/${zoneId}/file`), { text: z.zoneFile })).status).toBe('succeeded');
    const after = await zone();
    expect(after.records).toEqual(z.records);
    expect(after.serial).toBe(z.serial + 1);
  });
});

describe('R2.027 dns rollback and failed applies', () => {
  it('rolls back to the previous version: records, serial and file; the next change gets a serial above all issued', async () => {
    const before = await zone();
    await applied('POST', dns(`/zones/${zoneId}/records`), { name: 'temp', type: 'A', value: '203.0.113.99' });
    const withTemp = await zone();
    expect(withTemp.serial).toBe(before.serial + 1);

    const r = await admin.request('POST', `${base()}/managed/plugins/dns/rollback`);
    expect(r.status).toBe(202);
    const job = await finished(r.body.id);
    expect(job).toMatchObject({ kind: 'rollback', status: 'succeeded' });
    if (hasCheckzone) expect(job.validation).toMatchObject({ status: 'passed', tool: 'named-checkzone' });
    const rolledBack = await zone();
    expect(rolledBack.records).toEqual(before.records);
    expect(rolledBack.serial).toBe(before.serial);
    expect(await zoneFileOnServer()).toBe(before.zoneFile);

    await applied('POST', dns(`/zones/${zoneId}/records`), { name: 'again', type: 'A', value: '203.0.113.98' });
    expect((await zone()).serial).toBe(withTemp.serial + 1);
  });

  it('a failing check restores the previous files and desired state; the change is marked failed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-checkzone-'));
    fs.writeFileSync(path.join(dir, 'named-checkzone'), '#!/bin/sh\necho "zone $5/IN: loading from master file failed: simulated"\nexit 1\n', { mode: 0o755 });
    const before = await zone();
    const fileBefore = await zoneFileOnServer();
    const oldPath = process.env.PATH;
    process.env.PATH = `${dir}:${oldPath}`;
    try {
      const job = await applied('POST', dns(`/zones/${zoneId}/records`), { name: 'doomed', type: 'A', value: '203.0.113.97' });
      expect(job).toMatchObject({ status: 'failed', validation: { status: 'failed', tool: 'named-checkzone' } });
      expect(job.validation.output).toContain('simulated');
      expect(job.log.map((l: { step: string }) => l.step)).toContain('restoring');
    } finally {
      process.env.PATH = oldPath;
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const after = await zone();
    expect(after.records).toEqual(before.records);
    expect(await zoneFileOnServer()).toBe(fileBefore);
    expect((await admin.get(`${base()}/managed/changes?plugin=dns`)).body.data[0]).toMatchObject({ status: 'failed', summary: { key: 'dns:changes.record_created' } });
  });

  it('without named-checkzone the change is applied and the job says validation was skipped and why', async () => {
    const gw = server.managed.gateway(lb);
    const spy = jest.spyOn(gw, 'hasTool').mockImplementation(async (tool: string) => ({ tool, available: false }));
    try {
      expect((await admin.get(dns('/zones'))).body.checker).toEqual({ tool: 'named-checkzone', available: false });
      const job = await applied('POST', dns(`/zones/${zoneId}/records`), { name: 'unchecked', type: 'A', value: '203.0.113.96' });
      expect(job).toMatchObject({ status: 'succeeded', validation: { status: 'skipped', reason: 'tool_missing', tool: 'named-checkzone' } });
    } finally {
      spy.mockRestore();
    }
    expect(await zoneFileOnServer()).toMatch(/^unchecked /m);
  });
});

describe('R2.027 dns zones: create, settings, delete', () => {
  let newId: number;
  it('creates a zone with the default SOA and an NS record for its primary name server', async () => {
    const job = await applied('POST', dns('/zones'), { origin: 'Mueller-Schmidt-Blog.Example.', primaryNs: 'ns1.managed-hosting.example', hostmaster: 'dns@mueller-schmidt-blog.example' });
    expect(job.status).toBe('succeeded');
    const list = (await admin.get(dns('/zones'))).body.data;
    const created = list.find((z: { origin: string }) => z.origin === 'mueller-schmidt-blog.example');
    newId = created.id;
    expect(created).toMatchObject({ serial: todaySerial(1), appliedSerial: todaySerial(1), recordCount: 1 });
    const z = (await admin.get(dns(`/zones/${newId}`))).body;
    expect(z).toMatchObject({ defaultTtl: 3600, refresh: 10800, retry: 3600, expire: 1209600, minimum: 3600, hostmaster: 'dns@mueller-schmidt-blog.example' });
    expect(z.records).toEqual([expect.objectContaining({ name: '@', type: 'NS', value: 'ns1.managed-hosting.example.' })]);
    expect(await server.managed.gateway(lb).readFile('/etc/bind/zones/db.mueller-schmidt-blog.example')).toBe(z.zoneFile);
    expect(await server.managed.gateway(lb).readFile('/etc/bind/named.conf.portal-zones')).toContain('zone "mueller-schmidt-blog.example"');
  });

  it.each([
    ['an existing origin', { origin: ORIGIN }, { origin: ['dns:errors.origin_exists'] }],
    ['a single label', { origin: 'localhost' }, { origin: ['dns:errors.origin'] }],
    ['a quote', { origin: 'a".example' }, { origin: ['validation.pattern'] }],
    ['retry above refresh', { origin: 'x.example', refresh: 3600, retry: 7200 }, { retry: ['dns:errors.retry_below_refresh'] }],
    ['expire of a day', { origin: 'x.example', expire: 86400 }, { expire: ['validation.minimum'] }],
    ['a bad hostmaster', { origin: 'x.example', hostmaster: 'hostmaster' }, { hostmaster: ['validation.pattern'] }],
  ])('refuses a zone with %s (422)', async (_what, body, fields) => {
    const r = await admin.request('POST', dns('/zones'), body);
    expect([r.status, r.body.error.fields]).toEqual([422, fields]);
  });

  it('changes the SOA settings; the serial starts at nn=01 on a new day', async () => {
    // The zone was last changed yesterday (its serial and the highest issued one say so).
    const yesterday = dayOf(new Date(server.clock.now().getTime() - 24 * 3600 * 1000)) * 100 + 7;
    const em = server.db.orm.em.fork();
    await em.getConnection().execute('update dns_zones set serial = ? where id = ?', [yesterday, newId]);
    await em.getConnection().execute('update dns_serials set serial = ? where origin = ?', [yesterday, 'mueller-schmidt-blog.example']);
    const job = await applied('PUT', dns(`/zones/${newId}`), { defaultTtl: 900, primaryNs: 'ns2.managed-hosting.example.', hostmaster: 'first.last@mueller-schmidt-blog.example', refresh: 7200, retry: 1800, expire: 2419200, minimum: 300 });
    expect(job.status).toBe('succeeded');
    const after = (await admin.get(dns(`/zones/${newId}`))).body;
    expect(after).toMatchObject({ defaultTtl: 900, primaryNs: 'ns2.managed-hosting.example', refresh: 7200, serial: todaySerial(1) });
    expect(after.zoneFile).toContain('IN SOA ns2.managed-hosting.example. first\\.last.mueller-schmidt-blog.example. (');
    const r = await admin.request('PUT', dns(`/zones/${newId}`), { defaultTtl: 900, primaryNs: 'ns2', hostmaster: 'a@b.example', refresh: 7200, retry: 1800, expire: 2419200, minimum: 300 });
    expect([r.status, r.body.error.fields]).toEqual([422, { primaryNs: ['dns:errors.hostname'] }]);
  });

  it('deletes a zone: its file is removed from the server', async () => {
    expect((await applied('DELETE', dns(`/zones/${newId}`))).status).toBe('succeeded');
    expect((await admin.get(dns(`/zones/${newId}`))).status).toBe(404);
    expect(await server.managed.gateway(lb).readFile('/etc/bind/zones/db.mueller-schmidt-blog.example')).toBeNull();
    expect(await server.managed.gateway(lb).readFile('/etc/bind/named.conf.portal-zones')).not.toContain('mueller-schmidt-blog');
  });
});

describe('R6.004 dns authorization', () => {
  const operations = (clusterId: number, serverId: number): [string, string, unknown?][] => [
    ['GET', dns('/zones', clusterId, serverId)],
    ['POST', dns('/zones', clusterId, serverId), { origin: 'nope.example' }],
    ['GET', dns(`/zones/${zoneId}`, clusterId, serverId)],
    ['PUT', dns(`/zones/${zoneId}`, clusterId, serverId), { defaultTtl: 3600, primaryNs: 'ns1.example.net', hostmaster: 'a@b.example', refresh: 10800, retry: 3600, expire: 1209600, minimum: 3600 }],
    ['DELETE', dns(`/zones/${zoneId}`, clusterId, serverId)],
    ['POST', dns(`/zones/${zoneId}/records`, clusterId, serverId), { name: 'x', type: 'A', value: '203.0.113.1' }],
    ['PUT', dns(`/zones/${zoneId}/records/1`, clusterId, serverId), { name: 'x', type: 'A', value: '203.0.113.1' }],
    ['DELETE', dns(`/zones/${zoneId}/records/1`, clusterId, serverId)],
    ['PUT', dns(`/zones/${zoneId}/file`, clusterId, serverId), { text: '$TTL 3600' }],
    ['POST', dns(`/zones/${zoneId}/file/check`, clusterId, serverId), { text: '$TTL 3600' }],
  ];
  const call = (c: TestClient, [method, url, body]: [string, string, unknown?], headers: Record<string, string> = {}) => c.request(method, url, body, headers);

  afterAll(async () => expect((await zone()).origin).toBe(ORIGIN));

  it('anonymous callers get 401 for every dns operation', async () => {
    for (const op of operations(shop.id, lb)) expect([op[1], (await call(server.client(), op)).status]).toEqual([op[1], 401]);
  });

  it('the administrator of another cluster gets 404 (the cluster is not visible)', async () => {
    for (const op of operations(shop.id, lb)) {
      const r = await call(other, op);
      expect([op[0], op[1], r.status, r.body.error.message]).toEqual([op[0], op[1], 404, 'errors.cluster_not_found']);
    }
  });

  it('a manager of the customer without the administrator role gets 403', async () => {
    const stagingLb = staging.servers.find((s) => s.role === 'loadbalancer')!.id;
    for (const op of operations(staging.id, stagingLb)) {
      const r = await call(manager, op);
      expect([op[0], op[1], r.status, r.body.error.message]).toEqual([op[0], op[1], 403, 'errors.managed_administrators_only']);
    }
  });

  it('a personal access token for another cluster is refused (403); one for this cluster works', async () => {
    // The demo manager also administrates cluster 20011; her token reaches only 20012.
    const em = server.db.orm.em.fork();
    const anna = await em.findOneOrFail(User, { email: demoLogins.manager });
    expect(await em.count(ClusterAdministrator, { cluster: shop.id, user: anna })).toBe(1);
    const forStaging = await manager.request('POST', '/api/v1/me/personal-access-tokens', { name: 'staging only', expires: 0, abilities: { global: false, clusters: [staging.id] } });
    expect(forStaging.status).toBe(201);
    const bearer = { Authorization: `Bearer ${forStaging.body.plainTextToken}` };
    for (const op of operations(shop.id, lb)) {
      const r = await call(server.client(), op, bearer);
      expect([op[0], op[1], r.status, r.body.error.message]).toEqual([op[0], op[1], 403, 'errors.token_not_allowed']);
    }
    const forShop = await manager.request('POST', '/api/v1/me/personal-access-tokens', { name: 'shop', expires: 0, abilities: { global: false, clusters: [shop.id] } });
    const ok = await server.client().request('GET', dns('/zones'), undefined, { Authorization: `Bearer ${forShop.body.plainTextToken}` });
    expect(ok.status).toBe(200);
  });
});
