/**
 * `package-updates` through the real portal: the pending updates of the demo server's sandbox from the real apt
 * simulation against Debian's real lists, the maintenance window applied (checked by apt-config) and a refused one,
 * "update now" with its progress applied to the sandbox's private dpkg status (never the machine's), and its row in
 * the history. R2.026.
 */
import { execFileSync } from 'node:child_process';
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { compareDebianVersions } from './debianVersion.ts';
import { aptConfPath } from './program.ts';
import { olderPackages } from './sandbox.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
}, 120_000);
afterAll(() => t?.stop());

const defaults = defaultsOf(config);
const machineStatus = () => execFileSync('sha256sum', ['/var/lib/dpkg/status'], { encoding: 'utf8' });

describeAccessMatrix(() => t, { updatePackageUpdatesSettings: { body: defaults } });

it('R2.026 package-updates: lists the real pending updates of the sandbox, with versions, origin, security flag and conffiles', async () => {
  const r = await t.api.call('listPendingPackageUpdates');
  expect(r.status).toBe(200);
  const tzdata = r.body.data.find((u) => u.package === 'tzdata');
  expect(tzdata).toMatchObject({ installed: olderPackages.tzdata, security: true });
  // The candidate is Debian's: newer the Debian way, and the one the machine's lists offer.
  expect(compareDebianVersions(tzdata!.candidate, tzdata!.installed)).toBe(1);
  expect(execFileSync('apt-cache', ['policy', 'tzdata'], { encoding: 'utf8' })).toContain(tzdata!.candidate);
  expect(tzdata!.origins.some((o) => o.label === 'Debian-Security')).toBe(true);
  // nginx-common ships nginx's configuration: named before the update, on a server that runs nginx.
  const nginx = r.body.data.find((u) => u.package === 'nginx-common');
  expect(nginx?.conffiles).toContain('/etc/nginx/nginx.conf');
  if (t.server.services.includes('nginx')) expect(r.body.services).toContain('nginx');
  // Opened again while nothing was installed: the same simulation, with the time it ran, instead of seconds of apt.
  const again = await t.api.call('listPendingPackageUpdates');
  expect(again.body).toEqual(r.body);
});

it('package-updates: a maintenance window is applied and checked by apt; an invalid one is refused with nothing stored', async () => {
  const window = { ...defaults, maintenanceWeekday: 'sun' as const, maintenanceStart: '02:00', maintenanceEnd: '04:30' };
  const r = await t.api.call('updatePackageUpdatesSettings', { body: window });
  expect(r.status).toBe(202);
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'apt-config' } });
  expect(await t.file(aptConfPath)).toContain('Unattended-Upgrade::Update-Days { "Sun"; };');
  for (const body of [
    { ...window, maintenanceStart: '05:00', maintenanceEnd: '04:00' },
    { ...window, maintenanceEnd: '02:10' },
    { ...window, maintenanceStart: '25:00' },
    { ...window, maintenanceWeekday: 'someday' },
    { ...window, maintenanceEnd: '04:30";\nAPT::X "1' },
  ]) {
    const refused = await t.api.call('updatePackageUpdatesSettings', { body: body as typeof window });
    expect(refused.status).toBe(422);
  }
  const end = await t.api.call('updatePackageUpdatesSettings', { body: { ...window, maintenanceStart: '05:00', maintenanceEnd: '04:00' } });
  expect(end.body).toMatchObject({ error: { fields: { maintenanceEnd: ['package-updates:errors.window_end_before_start'] } } });
  expect((await t.api.call('getPackageUpdatesSettings')).body).toEqual({ settings: window });
});

it('package-updates: a changed maintenance window rolled back — the previous apt configuration is back on the server, the job succeeded', async () => {
  const first = { ...defaults, maintenanceWeekday: 'tue' as const, maintenanceStart: '01:00', maintenanceEnd: '03:00' };
  expect(await t.waitForJob((await t.api.call('updatePackageUpdatesSettings', { body: first })).body.id)).toMatchObject({ status: 'succeeded' });
  const previous = await t.file(aptConfPath);
  expect(previous).toContain('Unattended-Upgrade::Update-Days { "Tue"; };');
  const second = { ...first, maintenanceWeekday: 'wed' as const, automaticSecurityUpdates: !first.automaticSecurityUpdates };
  expect(await t.waitForJob((await t.api.call('updatePackageUpdatesSettings', { body: second })).body.id)).toMatchObject({ status: 'succeeded' });
  expect(await t.file(aptConfPath)).toContain('Unattended-Upgrade::Update-Days { "Wed"; };');

  const job = await t.applied('POST', `${t.base()}/managed/plugins/package-updates/rollback`);
  expect(job).toMatchObject({ kind: 'rollback', status: 'succeeded' });
  expect(await t.file(aptConfPath)).toBe(previous);
  expect((await t.api.call('getPackageUpdatesSettings')).body).toEqual({ settings: first });
});

it('R2.026 package-updates: update now applies the pending updates with progress to the sandbox only, and is in the history', async () => {
  const before = machineStatus();
  const pending = (await t.api.call('listPendingPackageUpdates')).body.data;
  const started = await t.api.call('startPackageUpgrade');
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ status: 'running', progress: 0 });
  // A second one while it runs: 409.
  expect((await t.api.call('startPackageUpgrade')).status).toBe(409);
  let run = (await t.api.call('getPackageUpgrade', { path: { upgradeId: started.body.id } })).body;
  const seen = new Set<number>();
  for (let i = 0; i < 600 && run.status === 'running'; i++) {
    seen.add(run.progress);
    await new Promise((resolve) => setTimeout(resolve, 100));
    run = (await t.api.call('getPackageUpgrade', { path: { upgradeId: started.body.id } })).body;
  }
  expect(run).toMatchObject({ status: 'done', progress: 100, packages: pending.length });
  expect(seen.size).toBeGreaterThan(1);
  const applied = run.result!.packages.find((p) => p.package === 'tzdata');
  expect(applied).toMatchObject({ from: olderPackages.tzdata, security: true });
  // What was pending is no longer; the machine's own packages are untouched.
  // The installed packages changed: simulated anew, not the answer reused from before the update.
  const after = (await t.api.call('listPendingPackageUpdates')).body.data;
  expect(after.find((u) => u.package === 'tzdata')).toBeUndefined();
  expect(machineStatus()).toBe(before);
  const history = (await t.api.call('listPackageUpgrades')).body.data;
  expect(history[0]).toMatchObject({ id: started.body.id, status: 'done', packages: pending.length, startedBy: 'admin@demo.example' });
}, 120_000);
