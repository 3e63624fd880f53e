/**
 * The TLS front of the `varnish-ssl` section through the real portal (`startPluginPortal`) and the real programs (no
 * mock): a private hitch (Debian's, `hitch --test` first) on a loopback port in front of a private Varnish, a tiny local
 * backend behind it. A PEM made by openssl in the test is pasted (stored sealed, never answered), HTTPS requests are
 * answered through hitch → Varnish (PROXY protocol) → the backend, a mismatched or broken PEM is refused with its field,
 * a TLS setting change is applied and rolled back; a certificate of the customer's list is served as well.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { defaultsOf } from '@portal/plugin-sdk';
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { hitchConfPath, hitchPemPath } from './hitch.ts';
import { dropInPath } from './program.ts';

let t: PluginPortal<ApiOperations>;
let backend: http.Server;
let backendHits = 0;
const defaults = defaultsOf(config);
const run = hasProgram('varnishd') && hasProgram('hitch') && hasProgram('openssl') ? it : it.skip;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'varnish-ssl-tls-'));

/** A self-signed pair made by openssl: the key and the certificate in PEM form. */
function selfSigned(name: string): { key: string; cert: string } {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.crt`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '30', '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`, '-keyout', key, '-out', cert], { stdio: 'pipe' });
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  protocol: string | null;
  peer: string;
}

/** An HTTPS request through the server's private hitch (the certificate is self-signed: not verified, but read back). */
async function request(urlPath: string, options: { maxVersion?: 'TLSv1.2' | 'TLSv1.3'; servername?: string } = {}): Promise<Answer> {
  const { port } = await t.portal.managed.gateway(t.server.id).listenAddress('hitch', 443);
  return new Promise((resolve, reject) => {
    const req = https.get(
      { host: '127.0.0.1', port, path: urlPath, headers: { Host: 'shop.example' }, rejectUnauthorized: false, servername: options.servername ?? 'shop.example', maxVersion: options.maxVersion, agent: false },
      (res) => {
        const socket = res.socket as TLSSocket;
        const protocol = socket.getProtocol();
        const peer = socket.getPeerCertificate().subject?.CN ?? '';
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, protocol, peer: String(peer) }));
      },
    );
    req.on('error', reject);
  });
}

beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { cluster: '20011', server: (s) => s.name.startsWith('lb01') });
  // When tests run as root, Varnish's processes run as varnish/vcache: the data directory (mkdtemp, 0700) must be searchable.
  fs.chmodSync(path.resolve(t.portal.managed.gateway(t.server.id).hostPath('/'), '../..'), 0o755);
  backend = http.createServer((req, res) => {
    backendHits++;
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`page ${req.url} #${backendHits}`);
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
}, 120_000);
afterAll(async () => {
  await t?.stop();
  backend?.closeAllConnections();
  await new Promise((resolve) => backend?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('varnish-ssl TLS front (R2.024 varnish-ssl: hitch in front of Varnish)', () => {
  run('a pasted PEM: a mismatched or broken one refused (422, nothing stored); HTTPS through hitch → Varnish → backend; a TLS change applied and rolled back', async () => {
    const shop = selfSigned('shop.example');
    const other = selfSigned('other.example');
    const backends = `127.0.0.1:${(backend.address() as AddressInfo).port}`;
    const settings = { ...defaults, backends, memoryMb: 32, threadPoolMin: 10, threadPoolMax: 100 };

    // TLS on without a certificate, a mismatched key, a broken PEM: refused with their field, nothing stored.
    const early = await t.api.call('updateVarnishSslSettings', { body: { ...settings, tlsEnabled: true } });
    expect([early.status, early.body.error?.fields]).toEqual([422, { tlsEnabled: ['varnish-ssl:errors.tls_no_certificate'] }]);
    const mismatched = await t.api.call('updateVarnishSslTlsCertificate', { body: { source: 'pem', pem: other.key + shop.cert } });
    expect([mismatched.status, mismatched.body.error?.fields]).toEqual([422, { pem: ['varnish-ssl:errors.pem_mismatch'] }]);
    const broken = await t.api.call('updateVarnishSslTlsCertificate', { body: { source: 'pem', pem: `${shop.key}-----BEGIN CERTIFICATE-----\nbroken\n-----END CERTIFICATE-----\n` } });
    expect([broken.status, broken.body.error?.fields]).toEqual([422, { pem: ['varnish-ssl:errors.pem_invalid'] }]);
    expect((await t.api.call('getVarnishSslTls')).body).toMatchObject({ enabled: false, running: false, certificate: { source: 'none' } });
    expect(await t.changes()).toMatchObject({ total: 0 });

    // The PEM is tested by hitch and stored sealed; then TLS on: Varnish gets its PROXY address, hitch starts.
    const pasted = await t.api.call('updateVarnishSslTlsCertificate', { body: { source: 'pem', pem: shop.cert + shop.key } });
    expect(pasted.status).toBe(202);
    expect(await t.waitForJob(pasted.body.id)).toMatchObject({ status: 'succeeded' });
    const on = await t.api.call('updateVarnishSslSettings', { body: { ...settings, tlsEnabled: true } });
    expect(on.status).toBe(202);
    const job = await t.waitForJob(on.body.id);
    expect(job).toMatchObject({ status: 'succeeded', validation: { status: 'passed' } });
    expect(job.validation?.output).toMatch(/VCL compiled; hitch: .*\n.*hitch configuration looks ok/s);
    expect(await t.file(hitchConfPath)).toContain('write-proxy-v2 = on\n');
    expect(await t.file(dropInPath)).toMatch(/ -a 127\.0\.0\.1:\d+,PROXY /);
    const state = (await t.api.call('getVarnishSslTls')).body;
    expect(state).toMatchObject({ enabled: true, running: true, certificate: { source: 'pem', subject: 'shop.example', altNames: ['shop.example'] } });
    expect(state.listen).toMatch(/^127\.0\.0\.1:\d+$/);

    // HTTPS through hitch and Varnish: a miss, then a hit.
    const miss = await request('/tls');
    expect([miss.status, miss.headers['x-cache'], miss.body, miss.peer]).toEqual([200, 'MISS', `page /tls #${backendHits}`, 'shop.example']);
    const hit = await request('/tls');
    expect([hit.headers['x-cache'], hit.body]).toEqual(['HIT', miss.body]);
    expect((await request('/tls', { maxVersion: 'TLSv1.2' })).protocol).toBe('TLSv1.2');

    // The PEM is never answered, logged or shown: not in the settings, the files panel, the change log, the database.
    const answered = JSON.stringify([state, (await t.api.call('getVarnishSslSettings')).body, (await t.api.call('getVarnishSslFiles')).body, await t.changes()]);
    expect(answered).not.toContain('PRIVATE KEY');
    expect(answered).not.toContain(shop.cert.split('\n')[1]);
    expect(await t.file(hitchPemPath)).toContain('PRIVATE KEY');
    const rows = (await t.portal.db.orm.em.fork().getConnection().execute('select sealed_pem from varnish_ssl_tls', [], 'all')) as { sealed_pem: string }[];
    expect(rows[0]!.sealed_pem).not.toContain('PRIVATE KEY');

    // A TLS setting change: TLS 1.3 only — a TLS 1.2 client is refused; undone, it is served again.
    const strict = await t.api.call('updateVarnishSslSettings', { body: { ...settings, tlsEnabled: true, tlsProtocols: 'tls13' } });
    expect(await t.waitForJob(strict.body.id)).toMatchObject({ status: 'succeeded' });
    expect(await t.file(hitchConfPath)).toContain('tls-protos = TLSv1.3\n');
    expect((await request('/tls')).protocol).toBe('TLSv1.3');
    await expect(request('/tls', { maxVersion: 'TLSv1.2' })).rejects.toThrow();
    await t.applied('POST', `${t.base()}/managed/plugins/varnish-ssl/rollback`);
    expect(await t.file(hitchConfPath)).toContain('tls-protos = TLSv1.2 TLSv1.3\n');
    expect((await request('/tls', { maxVersion: 'TLSv1.2' })).protocol).toBe('TLSv1.2');
  }, 180_000);

  run("a certificate of the customer's list (created self-signed on the sandbox) is served; TLS off stops hitch", async () => {
    const tls = (await t.api.call('getVarnishSslTls')).body;
    const listed = tls.certificates.find((c) => c.status !== 'missing')!;
    expect(listed).toBeDefined();
    const unknown = await t.api.call('updateVarnishSslTlsCertificate', { body: { source: 'inventory', certificateId: 'nordlicht-medien-2026' } });
    expect([unknown.status, unknown.body.error?.fields]).toEqual([422, { certificateId: ['varnish-ssl:errors.certificate_unknown'] }]);
    const r = await t.api.call('updateVarnishSslTlsCertificate', { body: { source: 'inventory', certificateId: listed.id } });
    expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
    expect(await t.file(hitchConfPath)).toContain(`/etc/hitch/portal-ssl/${listed.id}.key"`);
    expect(await t.file(hitchPemPath)).toBeNull();
    expect((await request('/list', { servername: listed.commonName })).peer).toBe(listed.commonName);
    expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'varnish-ssl:changes.certificate', values: { subject: listed.commonName } } });

    const settings = (await t.api.call('getVarnishSslSettings')).body.settings;
    const off = await t.api.call('updateVarnishSslSettings', { body: { ...settings, tlsEnabled: false } });
    expect(await t.waitForJob(off.body.id)).toMatchObject({ status: 'succeeded' });
    expect(await t.file(hitchConfPath)).toBeNull();
    expect((await t.api.call('getVarnishSslTls')).body.running).toBe(false);
    expect(await t.file(dropInPath)).not.toContain('PROXY');
  }, 180_000);
});
