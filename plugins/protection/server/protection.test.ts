/**
 * The `protection` module through the real portal (`startPluginPortal`) on the `local` gateway: jails stored, checked
 * by the real `fail2ban-client -t` on a staged copy and applied to the sandbox's private fail2ban-server, whose
 * status then shows the jail; a manual ban and an unban on the running server; the WAF include checked by the real
 * `apache2 -t` with mod_security2 and the Core Rule Set; refused values; the change log; a rollback; authorization.
 */
import { describeAccessMatrix, hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { auditLogPath, jailsPath, wafPath } from './render.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
}, 180_000);
afterAll(() => t?.stop());

const jail = { jail: 'postfix' as const, enabled: true, bantimeSeconds: 3600, maxretry: 4, findtimeSeconds: 600 };

describeAccessMatrix(() => t, {
  updateProtectionSettings: { body: { ignoreIp: '', bantimeIncrement: true } },
  createProtectionJail: { body: jail },
  updateProtectionJail: { path: { jailId: 1 }, body: jail },
  createProtectionWafSite: { body: { host: 'a.example', mode: 'on', exceptions: '' } },
  updateProtectionWafSite: { path: { siteId: 1 }, body: { host: 'a.example', mode: 'on', exceptions: '' } },
  banProtectionAddress: { body: { jail: 'postfix', address: '203.0.113.9' } },
  unbanProtectionAddress: { body: { jail: 'postfix', address: '203.0.113.9' } },
});

(hasProgram('fail2ban-client') ? it : it.skip)(
  'protection: a jail applied with progress (fail2ban-client -t on a staged copy), the private fail2ban-server runs it, ban and unban, change log, rollback',
  async () => {
    const settings = await t.api.call('updateProtectionSettings', { body: { ignoreIp: '192.0.2.7/24, 2001:db8::1', bantimeIncrement: false } });
    expect(settings.status).toBe(202);
    const created = await t.api.call('createProtectionJail', { body: jail });
    expect([created.status, created.status === 202 ? '' : created.body]).toEqual([202, '']);
    const job = (await t.waitForJob((created.body as { id: number }).id)) as { status: string; validation: { status: string; output?: string } };
    expect([job.status, job.validation.status, job.status === 'succeeded' ? '' : job]).toEqual(['succeeded', 'passed', '']);
    const file = await t.file(jailsPath);
    expect(file).toContain('ignoreip = 127.0.0.1/8 ::1 192.0.2.0/24 2001:db8::1\n');
    expect(file).toContain('[postfix]\nenabled = true\nbantime = 3600\nmaxretry = 4\nfindtime = 600\n');
    expect(file).toContain('[dovecot]\nenabled = false\n');

    // The running fail2ban-server of the sandbox reports the jail.
    const bans = await t.api.call('listProtectionBans');
    const postfix = (b: unknown) => (b as { jails: { jail: string; banned: string[] }[] }).jails.find((j) => j.jail === 'postfix');
    expect(bans.body).toMatchObject({ running: true });
    expect(postfix(bans.body)).toMatchObject({ banned: [] });

    const banned = await t.api.call('banProtectionAddress', { body: { jail: 'postfix', address: '203.0.113.9' } });
    expect(banned.status).toBe(200);
    expect(postfix(banned.body)).toMatchObject({ banned: ['203.0.113.9'] });
    // An address of the allow list is never banned.
    const refused = await t.api.call('banProtectionAddress', { body: { jail: 'postfix', address: '192.0.2.50' } });
    expect([refused.status, refused.body]).toMatchObject([422, { error: { fields: { address: ['protection:errors.address_allowed'] } } }]);
    const unbanned = await t.api.call('unbanProtectionAddress', { body: { jail: 'postfix', address: '203.0.113.9' } });
    expect(postfix(unbanned.body)).toMatchObject({ banned: [] });

    expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'protection:changes.jailCreated', values: { jail: 'postfix' } } });

    // Undo the jail: the private server no longer runs it.
    await t.applied('POST', `${t.base()}/managed/plugins/protection/rollback`);
    expect((await t.api.call('listProtectionJails', { query: { page: 1, per_page: 25 } })).body.data.map((j) => j.jail)).not.toContain('postfix');
    expect(await t.file(jailsPath)).toContain('[postfix]\nenabled = false\n');
    expect(postfix((await t.api.call('listProtectionBans')).body)).toBeUndefined();
  },
  120_000,
);

(hasProgram('apache2') ? it : it.skip)('protection: a WAF site "on" with exceptions passes apache2 -t with mod_security2 and the CRS loaded', async () => {
  const r = await t.api.call('createProtectionWafSite', { body: { host: 'blog.example.com', mode: 'on', exceptions: '942100 920350, 942100' } });
  expect([r.status, r.status === 202 ? '' : r.body]).toEqual([202, '']);
  const job = (await t.waitForJob((r.body as { id: number }).id)) as { status: string; validation: { status: string } };
  expect([job.status, job.validation.status, job.status === 'succeeded' ? '' : job]).toEqual(['succeeded', 'passed', '']);
  const include = await t.file(wafPath);
  expect(include).toContain('SecRule SERVER_NAME "@streq blog.example.com" "id:10001,phase:1,pass,nolog,t:none,t:lowercase,ctl:ruleEngine=On,ctl:ruleRemoveById=920350,ctl:ruleRemoveById=942100"');
  expect(include).toContain('Include /usr/share/modsecurity-crs/owasp-crs.load');
}, 180_000);

(hasProgram('apache2') ? it : it.skip)(
  'protection: a rule of a WAF event becomes an exception of its site — rendered into the include, checked by apache2 -t',
  async () => {
    // ModSecurity's serial audit log as it writes it for a blocked request (no apache serves requests in the test sandbox).
    const entry = (id: string, rule: number, msg: string) =>
      [
        `--${id}-A--`,
        `[29/Nov/2026:10:15:00 +0000] ${id} 198.51.100.7 51234 127.0.0.1 80`,
        `--${id}-B--`,
        'GET /search?q=1%27%20OR%201=1 HTTP/1.1',
        'Host: shop.example.com',
        `--${id}-F--`,
        'HTTP/1.1 403 Forbidden',
        `--${id}-H--`,
        `Message: Warning. detected SQLi using libinjection. [file "REQUEST-942-APPLICATION-ATTACK-SQLI.conf"] [line "46"] [id "${rule}"] [msg "${msg}"]`,
        `--${id}-Z--`,
        '',
      ].join('\n');
    await t.portal.managed.gateway(t.server.id).writeFile({ path: auditLogPath, content: entry('Wq1', 942100, 'SQL Injection Attack Detected via libinjection') });

    const events = (await t.api.call('listProtectionWafEvents')).body.data;
    const event = events.find((e) => e.id === 'Wq1')!;
    expect(event).toMatchObject({ host: 'shop.example.com', client: '198.51.100.7', status: 403, rules: [{ id: 942100 }] });
    // What the events panel does: the event's rule added to the exceptions of the event's site.
    const site = (await t.api.call('listProtectionWafSites', { query: { page: 1, per_page: 100 } })).body.data.find((s) => s.host === event.host)!;
    expect(site.exceptions.split(/[\s,]+/)).not.toContain('942100');
    const exceptions = [site.exceptions, String(event.rules[0]!.id)].filter(Boolean).join(', ');
    const r = await t.api.call('updateProtectionWafSite', { path: { siteId: site.id }, body: { host: site.host, mode: site.mode, exceptions } });
    expect([r.status, r.status === 202 ? '' : r.body]).toEqual([202, '']);
    const job = (await t.waitForJob((r.body as { id: number }).id)) as { status: string; validation: { status: string; tool?: string } };
    expect([job.status, job.validation.status, job.status === 'succeeded' ? '' : job]).toEqual(['succeeded', 'passed', '']);
    expect(job.validation.tool).toContain('apache2');
    expect(await t.file(wafPath)).toMatch(/SecRule SERVER_NAME "@streq shop\.example\.com" "id:\d+,phase:1,pass,nolog,t:none,t:lowercase,ctl:ruleEngine=(?:On|DetectionOnly),[^"]*ctl:ruleRemoveById=942100[",]/);
    expect((await t.api.call('getProtectionWafSite', { path: { siteId: site.id } })).body).toMatchObject({ exceptions: expect.stringContaining('942100') });
  },
  180_000,
);

it('protection: refused values (negative ban time, a bad address in the allow list, a rule id outside the CRS), nothing stored', async () => {
  const before = (await t.api.call('listProtectionJails', { query: { page: 1, per_page: 25 } })).body;
  const negative = await t.api.call('createProtectionJail', { body: { ...jail, jail: 'proftpd', bantimeSeconds: -1 } });
  expect(negative.status).toBe(422);
  const twice = await t.api.call('createProtectionJail', { body: { ...jail, jail: 'dovecot' } });
  expect(twice.status).toBe(202);
  await t.waitForJob((twice.body as { id: number }).id);
  const again = await t.api.call('createProtectionJail', { body: { ...jail, jail: 'dovecot' } });
  expect([again.status, again.body]).toMatchObject([422, { error: { fields: { jail: ['protection:errors.jail_taken'] } } }]);
  void before;

  const stored = (await t.api.call('getProtectionSettings')).body;
  const bad = await t.api.call('updateProtectionSettings', { body: { ignoreIp: '192.0.2.1, 300.1.2.3', bantimeIncrement: true } });
  expect([bad.status, bad.body]).toMatchObject([422, { error: { fields: { ignoreIp: ['protection:errors.address_format'] } } }]);
  expect((await t.api.call('getProtectionSettings')).body).toEqual(stored);

  const rule = await t.api.call('createProtectionWafSite', { body: { host: 'b.example', mode: 'detect', exceptions: '1234' } });
  expect([rule.status, rule.body]).toMatchObject([422, { error: { fields: { exceptions: ['protection:errors.rule_id'] } } }]);
}, 180_000);
