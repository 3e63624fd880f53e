/**
 * The scans through the real portal: a planted webshell and a vulnerable Magento in the server's sandbox are
 * found by a scan started over the API (the real `find` through the local gateway), and the price of a scan
 * follows the cluster's SLA and the date (R9.023).
 */
import { Cluster, demoLogins, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const finished = async (reportId: number) => {
  for (let i = 0; i < 200; i++) {
    const r = await t.api.call('getShopSecurityReport', { path: { reportId } });
    expect(r.status).toBe(200);
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report ${reportId} still running`);
};

describe('R2.025 shop-security reports', () => {
  it('lists the demo scan, and its report/{reportId} shows the findings', async () => {
    const list = await t.api.call('listShopSecurityReports');
    expect(list.status).toBe(200);
    const demo = list.body.data.at(-1)!;
    expect(demo).toMatchObject({ status: 'done', counts: { critical: 2, high: 1, medium: 2, low: 1 } });
    const detail = await t.api.call('getShopSecurityReport', { path: { reportId: demo.id } });
    expect(detail.body.result?.findings[0]).toMatchObject({ rule: 'eval_obfuscated', line: 1 });
  });

  it('a scan finds a planted webshell at its line and a vulnerable Magento version, with the fixed version', async () => {
    const gateway = t.portal.managed.gateway(t.server.id);
    await gateway.writeFile({ path: '/var/www/shop/pub/index.php', content: "<?php\nrequire __DIR__ . '/../app/bootstrap.php';\n" });
    await gateway.writeFile({ path: '/var/www/shop/pub/media/wysiwyg/logo.php', content: '<?php\n\n  system($_GET["cmd"]);\n' });
    await gateway.writeFile({ path: '/var/www/shop/composer.lock', content: JSON.stringify({ packages: [{ name: 'magento/magento2-base', version: '2.4.7' }] }) });

    const started = await t.api.call('runShopSecurityScan');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', startedBy: demoLogins.admin });
    const report = await finished(started.body.id);

    expect(report.status).toBe('done');
    expect(report.progress).toBe(100);
    const findings = report.result!.findings;
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'malware', rule: 'shell_from_request', severity: 'critical', file: '/var/www/shop/pub/media/wysiwyg/logo.php', line: 3, evidence: 'system($_GET["cmd"]);' }),
        expect.objectContaining({ kind: 'php_in_uploads', file: '/var/www/shop/pub/media/wysiwyg/logo.php' }),
        expect.objectContaining({ kind: 'vulnerable_extension', rule: 'CVE-2024-34102', extension: { name: 'magento/magento2-base', version: '2.4.7', fixedIn: '2.4.7-p1' } }),
      ]),
    );
    expect(findings.some((f) => f.file === '/var/www/shop/pub/index.php')).toBe(false);
    expect(report.result!.roots).toContain('/var/www/shop');

    // Fixed on the server: a re-scan no longer finds them.
    await gateway.removeFile('/var/www/shop/pub/media/wysiwyg/logo.php');
    await gateway.writeFile({ path: '/var/www/shop/composer.lock', content: JSON.stringify({ packages: [{ name: 'magento/magento2-base', version: '2.4.7-p1' }] }) });
    const again = await t.api.call('runShopSecurityScan');
    const rescan = await finished(again.body.id);
    expect(rescan.result!.findings.filter((f) => f.file.startsWith('/var/www/shop/'))).toEqual([]);
    const list = await t.api.call('listShopSecurityReports');
    expect(list.body.data.slice(0, 2).map((r) => r.id)).toEqual([again.body.id, started.body.id]);
  });

  it('another cluster’s administrator does not see the reports', async () => {
    const other = await t.signIn(demoLogins.other);
    expect((await t.api.call('listShopSecurityReports', { as: other })).status).toBe(404);
    expect((await t.api.call('runShopSecurityScan', { as: other })).status).toBe(404);
  });
});

describe('R9.023 free security scans for the Basic SLA from 15.05.2025 to 27.01.2026', () => {
  const setSla = async (sla: 'basic' | 'business') => {
    const em = t.portal.db.orm.em.fork();
    await em.nativeUpdate(Cluster, { id: t.cluster.id }, { sla });
  };
  afterAll(async () => {
    await setSla('business');
    t.portal.clock.set('2026-11-22T10:00:00Z');
  });

  it('is free for a Basic cluster inside the window, shown before the scan and kept in its report', async () => {
    await setSla('basic');
    t.portal.clock.set('2026-01-27T12:00:00Z');
    const list = await t.api.call('listShopSecurityReports');
    expect(list.body.price).toEqual({ free: true, cents: 0, reason: 'basic_sla_offer', freeFrom: '2025-05-15', freeUntil: '2026-01-27' });
    const started = await t.api.call('runShopSecurityScan');
    expect((await finished(started.body.id)).result!.price).toEqual({ free: true, cents: 0 });
  });

  it('costs the scan price after the window and for other service levels', async () => {
    await setSla('basic');
    t.portal.clock.set('2026-01-28T12:00:00Z');
    expect((await t.api.call('listShopSecurityReports')).body.price).toMatchObject({ free: false, cents: 1900, reason: 'offer_ended' });
    await setSla('business');
    t.portal.clock.set('2025-09-01T12:00:00Z');
    expect((await t.api.call('listShopSecurityReports')).body.price).toMatchObject({ free: false, cents: 1900, reason: 'sla_not_basic' });
  });
});
