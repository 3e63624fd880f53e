/**
 * hitch's part of the render (pure: settings and certificate → `/etc/hitch/hitch.conf`, the pasted PEM as a secret
 * file, Varnish's extra PROXY listen address), the PEM's inspection, and the rendered configuration tested by the real
 * `hitch --test` (R2.024 varnish-ssl: TLS in front of Varnish).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { hasProgram } from '@portal/plugin-sdk/testing';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { hitchConfPath, hitchPemPath, renderHitchConf, type HitchEnv } from './hitch.ts';
import { inspectPem } from './pem.ts';
import { dropInPath, render } from './program.ts';

const defaults = defaultsOf(config);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'varnish-ssl-hitch-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A self-signed pair made by openssl: the key and the certificate in PEM form. */
function selfSigned(name: string, days = 30): { key: string; cert: string } {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.crt`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-sha256', '-days', String(days), '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`, '-keyout', key, '-out', cert], { stdio: 'pipe' });
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

const real = { hostPath: (p: string) => p, prepared: undefined };
const local = (usable: string[] = []) => ({
  hostPath: (p: string) => `/sandbox${p}`,
  prepared: { local: true, port: 41001, adminPort: 41002, httpsPort: 41003, proxyPort: 41004, usableCertificates: usable },
});

describe('varnish-ssl hitch (R2.024 varnish-ssl: TLS in front of Varnish)', () => {
  it('renders hitch.conf only with TLS on and a certificate; the PEM as a secret file; Varnish gets a PROXY address', () => {
    const pem = { source: 'pem' as const, pem: '-----BEGIN PRIVATE KEY-----\n…' };
    expect(render(defaults, real, { certificate: pem }).map((f) => f.path)).not.toContain(hitchConfPath);
    expect(render({ ...defaults, tlsEnabled: true }, real).map((f) => f.path)).not.toContain(hitchConfPath);

    const files = render({ ...defaults, tlsEnabled: true }, real, { certificate: pem });
    const conf = files.find((f) => f.path === hitchConfPath)!.content;
    expect(conf).toContain('frontend = "[*]:443"\nbackend = "[127.0.0.1]:6086"\npem-file = "/etc/hitch/portal/uploaded.pem"\n');
    expect(conf).toContain('tls-protos = TLSv1.2 TLSv1.3\n');
    expect(conf).toContain('ciphers = "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:');
    expect(conf).toContain('write-proxy-v2 = on\n');
    expect(files.find((f) => f.path === hitchPemPath)).toEqual({ path: hitchPemPath, content: pem.pem, mode: 0o600, secret: true });
    expect(files.find((f) => f.path === dropInPath)!.content).toContain(' -a :6081,HTTP -a 127.0.0.1:6086,PROXY ');

    // No PROXY protocol: hitch connects to Varnish's HTTP port, no extra address; TLS 1.3 only.
    const plain = render({ ...defaults, tlsEnabled: true, proxyProtocol: false, tlsProtocols: 'tls13' }, local(['shop-2026']), { certificate: { source: 'inventory', certificateId: 'shop-2026' } });
    const plainConf = plain.find((f) => f.path === hitchConfPath)!.content;
    expect(plainConf).toContain('frontend = "[127.0.0.1]:41003"\nbackend = "[127.0.0.1]:41001"\n');
    expect(plainConf).toContain('pem-file = { cert = "/sandbox/etc/hitch/portal-ssl/shop-2026.pem" private-key = "/sandbox/etc/hitch/portal-ssl/shop-2026.key" }');
    expect(plainConf).toContain('tls-protos = TLSv1.3\n');
    expect(plainConf).toContain('write-proxy-v2 = off\n');
    expect(plain.find((f) => f.path === dropInPath)!.content).not.toContain('PROXY');
    // A certificate of the list that is not on the server: hitch is left out.
    expect(render({ ...defaults, tlsEnabled: true }, local([]), { certificate: { source: 'inventory', certificateId: 'shop-2026' } }).map((f) => f.path)).not.toContain(hitchConfPath);
  });

  it('inspects a pasted PEM: canonical file, names and expiry; a mismatched, encrypted, keyless or broken one refused', () => {
    const shop = selfSigned('shop.example');
    const other = selfSigned('other.example');
    const now = new Date();
    const ok = inspectPem(`some text\n${shop.cert}\n${shop.key}`, now);
    expect(ok).toMatchObject({ subject: 'shop.example', altNames: ['shop.example'] });
    if ('problem' in ok) throw new Error(ok.problem);
    expect(ok.canonical.indexOf('PRIVATE KEY')).toBeLessThan(ok.canonical.indexOf('CERTIFICATE'));
    expect(ok.canonical).not.toContain('some text');
    expect(ok.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(inspectPem(other.key + shop.cert, now)).toEqual({ problem: 'pem_mismatch' });
    expect(inspectPem(shop.cert, now)).toEqual({ problem: 'pem_no_key' });
    expect(inspectPem('not a pem', now)).toEqual({ problem: 'pem_invalid' });
    expect(inspectPem(`${shop.key}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`, now)).toEqual({ problem: 'pem_invalid' });
    expect(inspectPem(`-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n${shop.cert}`, now)).toEqual({ problem: 'pem_encrypted' });
    expect(inspectPem(shop.key + shop.cert, new Date(Date.now() + 60 * 86_400_000))).toEqual({ problem: 'pem_expired' });
  });

  (hasProgram('hitch') ? it : it.skip)('the rendered hitch.conf passes the real hitch --test; a mismatched key fails it', () => {
    const shop = selfSigned('www.shop.example');
    const other = selfSigned('www.other.example');
    const env: HitchEnv = { hostPath: (p) => path.join(dir, p), local: true, httpsPort: 41003, varnishPort: 41001, proxyPort: 41004, usable: new Set() };
    const test = (pem: string) => {
      const pemFile = path.join(dir, 'test.pem');
      fs.writeFileSync(pemFile, pem, { mode: 0o600 });
      const conf = path.join(dir, 'hitch.conf');
      fs.writeFileSync(conf, renderHitchConf({ ...defaults, tlsEnabled: true }, { ...env, hostPath: (p) => (p === '/test.pem' ? pemFile : path.join(dir, p)) }, { source: 'pem', pem }, '/test.pem'));
      try {
        execFileSync('hitch', ['--test', `--config=${conf}`], { stdio: 'pipe' });
        return 0;
      } catch (e) {
        return (e as { status: number }).status;
      }
    };
    expect(test(shop.key + shop.cert)).toBe(0);
    expect(test(other.key + shop.cert)).not.toBe(0);
  });
});
