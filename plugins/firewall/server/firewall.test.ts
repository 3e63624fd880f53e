/**
 * The `firewall` section through the API: a real portal over its own database with the demo data, the `local`
 * gateway writing into a sandbox per server, the rule set checked by the real `nft -c -f` and loaded by the real
 * `nft -f` into the sandbox's private network namespace, where a TCP listener shows what the rules do. The confirm
 * window is 2 s here (configuration `MANAGED_CONFIRM_SECONDS`), not 60.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { describeAccessMatrix, hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { holderPidFile, rulesetFile } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), { env: { MANAGED_CONFIRM_SECONDS: '2' } });
});
let listener: ChildProcess | undefined;
afterAll(async () => {
  listener?.kill();
  await t?.stop();
});

const runs = hasProgram('nft') && hasProgram('unshare') && hasProgram('nsenter');
const file = () => t.portal.managed.gateway(t.server.id).readFile(rulesetFile);
const port = 20000 + (process.pid % 20000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs node inside the server sandbox's network namespace (the holder the local gateway keeps). */
async function inNamespace(script: string): Promise<ChildProcess> {
  const pid = (await t.portal.managed.gateway(t.server.id).readFile(holderPidFile))?.trim();
  if (!pid) throw new Error('no namespace holder runs');
  return spawn('nsenter', ['--preserve-credentials', '-U', '-n', '-t', pid, process.execPath, '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Connects to the listener from inside the namespace: `open`, `refused` or `timeout`. */
async function probe(from = '127.0.0.1'): Promise<string> {
  const child = await inNamespace(
    `const s=require('net').connect({port:${port},host:'127.0.0.1',localAddress:'${from}'});s.setTimeout(700,()=>{console.log('timeout');process.exit()});s.on('connect',()=>{console.log('open');process.exit()});s.on('error',(e)=>{console.log(e.code==='ECONNREFUSED'?'refused':e.code);process.exit()})`,
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((r) => child.on('exit', r));
  return out.trim();
}

async function confirmation() {
  return (await t.api.call('getFirewallConfirmation')).body;
}

async function waitFor<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  for (const end = Date.now() + ms; ; ) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await sleep(200);
  }
}

const rules = async () => (await t.api.call('listFirewallRules')).body.data;

describe('firewall', () => {
  (runs ? it : it.skip)(
    'a deny rule really closes a port in the server sandbox; not confirmed, the last confirmed rules come back by themselves',
    async () => {
      // The demo rules loaded first: the namespace holder starts with them.
      const applied = await t.api.call('applyFirewall');
      expect((await t.waitForJob(applied.body.id)).status).toBe('succeeded');
      listener = await inNamespace(`require('net').createServer((s)=>s.end()).listen(${port},'127.0.0.1',()=>console.log('listening'))`);
      await new Promise((r) => listener!.stdout!.once('data', r));
      expect(await probe()).toBe('open');
      const before = await rules();

      const created = await t.api.call('createFirewallRule', { body: { action: 'deny', protocol: 'tcp', ports: String(port), sources: '', comment: 'test port' } });
      expect(created.status).toBe(202);
      const job = await t.waitForJob(created.body.id);
      expect(job.status).toBe('succeeded');
      expect(await file()).toMatch(new RegExp(`tcp dport ${port} drop comment "rule \\d+: test port"`));
      expect(await probe()).toBe('timeout');

      // The window opens once the apply has loaded the rules, then runs out (2 s): the watcher restores.
      const waiting = await waitFor(confirmation, (c) => c.state === 'waiting');
      expect(waiting).toMatchObject({ state: 'waiting', confirmSeconds: 2 });
      await waitFor(confirmation, (c) => c.state === 'none');
      await waitFor(probe, (p) => p === 'open');
      expect(await probe()).toBe('open');
      expect((await rules()).map((r) => r.ports)).toEqual(before.map((r) => r.ports));
      expect(await file()).not.toContain(`dport ${port} `);
      expect((await t.changes()).data.map((c) => c.summary.key)).toContain('firewall:changes.rolled_back');
      // Nothing waits now: "keep" says so.
      const late = await t.api.call('confirmFirewallRules');
      expect(late.status).toBe(409);
      expect(late.body.error?.message).toBe('firewall:errors.nothing_to_confirm');
    },
    60_000,
  );

  (runs ? it : it.skip)(
    'confirmed in time, the rules stay (IPv4 and IPv6 sources, one nftables rule per source)',
    async () => {
      const created = await t.api.call('createFirewallRule', {
        body: { action: 'deny', protocol: 'udp', ports: '5000-5100', sources: '192.0.2.7/24, 2001:DB8::/32', comment: 'old office' },
      });
      expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
      await waitFor(confirmation, (c) => c.state === 'waiting');
      const kept = await t.api.call('confirmFirewallRules');
      expect(kept.status).toBe(200);
      expect(kept.body.state).toBe('none');
      await sleep(2500);
      const rule = (await rules()).find((r) => r.ports === '5000-5100');
      expect(rule).toMatchObject({ sources: '192.0.2.0/24, 2001:db8::/32' });
      const content = await file();
      expect(content).toContain('ip saddr 192.0.2.0/24 udp dport 5000-5100 drop');
      expect(content).toContain('ip6 saddr 2001:db8::/32 udp dport 5000-5100 drop');
    },
    60_000,
  );

  it('refuses an invalid CIDR, a bad port range and an unknown preset source with translated field errors (422), storing nothing', async () => {
    const before = await rules();
    for (const [body, field, key] of [
      [{ sources: '10.0.0.0/33' }, 'sources', 'sources_format'],
      [{ sources: '10.1' }, 'sources', 'sources_format'],
      [{ sources: '10.0.0.1, 10.0.0.1' }, 'sources', 'sources_duplicate'],
      [{ ports: '90-80' }, 'ports', 'ports_range'],
      [{ ports: '70000' }, 'ports', 'ports_range'],
    ] as const) {
      const r = await t.api.call('createFirewallRule', { body: { action: 'deny', protocol: 'tcp', ports: '8080', sources: '', comment: '', ...body } });
      expect(r.status).toBe(422);
      expect(r.body.error?.fields?.[field]).toEqual([`firewall:${`errors.${key}`}`]);
    }
    const preset = await t.api.call('addFirewallPreset', { body: { preset: 'ssh', sources: '' } });
    expect(preset.status).toBe(422);
    expect(preset.body.error?.fields).toEqual({ sources: ['firewall:errors.sources_required'] });
    expect(await rules()).toEqual(before);
    expect((await confirmation()).state).toBe('none');
  });

  it('the lock-out guard refuses rules that would drop the management connection (ssh from the portal), also by a delete', async () => {
    const before = await rules();
    const ssh = await t.api.call('createFirewallRule', { body: { action: 'deny', protocol: 'tcp', ports: '22', sources: '', comment: '' } });
    expect(ssh.status).toBe(422);
    expect(ssh.body.error?.fields).toEqual({ _: ['firewall:errors.lockout'] });
    const close = await t.api.call('addFirewallPreset', { body: { preset: 'close_others' } });
    expect(close.status).toBe(422);
    expect(close.body.error?.fields).toEqual({ _: ['firewall:errors.lockout'] });
    expect(await rules()).toEqual(before);

    // SSH allowed from the portal's address first: then everything else may be closed …
    const office = await t.api.call('addFirewallPreset', { body: { preset: 'ssh', sources: '127.0.0.1, ::1, 203.0.113.0/24' } });
    expect(office.status).toBe(202);
    await t.waitForJob(office.body.id);
    const closed = await t.api.call('addFirewallPreset', { body: { preset: 'close_others' } });
    expect(closed.status).toBe(202);
    await t.waitForJob(closed.body.id);
    // … but the ssh rule cannot be deleted while the deny rules stand.
    const allow = (await rules()).find((r) => r.ports === '22')!;
    const removed = await t.api.call('deleteFirewallRule', { path: { ruleId: allow.id } });
    expect(removed.status).toBe(422);
    expect(removed.body.error?.fields).toEqual({ _: ['firewall:errors.lockout'] });
    await t.api.call('confirmFirewallRules');
  }, 60_000);

  (runs ? it : it.skip)(
    'a blocked address is dropped on every server of the cluster before any rule; unblocked, it gets through again',
    async () => {
      const other = t.cluster.servers.find((s) => s.id !== t.server.id && s.services.includes('firewall'))!;
      const otherFile = () => t.portal.managed.gateway(other.id).readFile(rulesetFile);
      const listed = await t.api.call('listFirewallBlocks');
      expect(listed.body.servers.map((s) => s.id)).toEqual(expect.arrayContaining([t.server.id, other.id]));
      const before = listed.body.data.length;
      // An allow rule for the port: the block list still wins (it comes first).
      const allow = await t.api.call('createFirewallRule', { body: { action: 'allow', protocol: 'tcp', ports: String(port), sources: '127.0.0.0/8', comment: 'allowed' } });
      await t.waitForJob(allow.body.id);
      await t.api.call('confirmFirewallRules');
      expect(await probe('127.0.0.2')).toBe('open');

      const blocked = await t.api.call('addFirewallBlocks', { body: { addresses: '127.0.0.2, 2001:db8:bad::/48', comment: 'scanner' } });
      expect(blocked.status).toBe(202);
      expect((await t.waitForJob(blocked.body.id)).status).toBe('succeeded');
      expect(await probe('127.0.0.2')).toBe('timeout');
      expect(await probe('127.0.0.1')).toBe('open');
      expect(await file()).toMatch(/ip saddr 127\.0\.0\.2 drop comment "block \d+"[^]*ip saddr 127\.0\.0\.0\/8 tcp dport/);
      // The other server of the cluster gets the same block list with its own apply.
      expect(await waitFor(otherFile, (f) => !!f?.includes('ip6 saddr 2001:db8:bad::/48 drop'))).toContain('ip saddr 127.0.0.2 drop');
      const list = (await t.api.call('listFirewallBlocks')).body.data;
      expect(list).toHaveLength(before + 2);
      expect((await t.api.call('listFirewallBlocks', { path: { serverId: other.id } })).body.data).toEqual(list);

      const entry = list.find((b) => b.address === '127.0.0.2')!;
      const removed = await t.api.call('deleteFirewallBlock', { path: { blockId: entry.id } });
      expect(removed.status).toBe(202);
      await t.waitForJob(removed.body.id);
      expect(await probe('127.0.0.2')).toBe('open');
      expect(await waitFor(otherFile, (f) => !f?.includes('127.0.0.2 drop'))).not.toContain('127.0.0.2 drop');
      expect((await t.api.call('deleteFirewallBlock', { path: { blockId: entry.id } })).status).toBe(404);
      expect((await t.changes()).data.map((c) => c.summary.key)).toEqual(expect.arrayContaining(['firewall:changes.blocked', 'firewall:changes.unblocked']));
    },
    60_000,
  );

  it('refuses block list entries that are no address, already covered, or the management connection, storing nothing', async () => {
    const before = (await t.api.call('listFirewallBlocks')).body.data;
    for (const [addresses, key] of [
      ['10.0.0.0/33', 'sources_format'],
      ['127.0.0.1', 'blocklist_lockout'],
      ['::/0', 'blocklist_lockout'],
      ['203.0.113.66', 'blocklist_covered'],
      [' , ', 'blocklist_empty'],
    ] as const) {
      const r = await t.api.call('addFirewallBlocks', { body: { addresses } });
      expect(r.status).toBe(422);
      expect(r.body.error?.fields).toEqual({ addresses: [`firewall:errors.${key}`] });
    }
    expect((await t.api.call('listFirewallBlocks')).body.data).toEqual(before);
  });

  (runs ? it : it.skip)('shows the rendered rule set and the real nft -c check before it is applied', async () => {
    const r = await t.api.call('getFirewallPreview');
    expect(r.status).toBe(200);
    expect(r.body.path).toBe(rulesetFile);
    expect(r.body.content).toContain('table inet portal_filter {');
    expect(r.body.check).toMatchObject({ status: 'passed' });
  });
});

// R6.004 for every operation of the section (also the bundler's apply and files): 401, 404, 403, a token
// for another cluster, and a server without the service.
describeAccessMatrix(() => t, {
  createFirewallRule: { body: { action: 'allow', protocol: 'tcp', ports: '8443', sources: '', comment: 'access matrix' } },
  updateFirewallRule: { body: { action: 'allow', protocol: 'tcp', ports: '8443', sources: '', comment: 'access matrix' } },
  addFirewallPreset: { body: { preset: 'web' } },
  addFirewallBlocks: { body: { addresses: '198.51.100.7' } },
});
