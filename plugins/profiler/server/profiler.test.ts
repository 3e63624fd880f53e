/**
 * `profiler` through the real portal (`startPluginPortal`): profiling of a site switched on and applied (the snippet
 * checked by the real php), a real PHP script run under Excimer through the gateway ("profile now"), the profile it
 * wrote listed with its transaction and the configuration version live when it ran, its stacks naming the script's
 * functions, the speedscope export, the comparison of two runs; invalid values refused with nothing changed; the
 * authorization of every operation (`describeAccessMatrix`).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fingerprintOf, iniPath, prependPath, profilesDir } from './render.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const defaults = defaultsOf(config);
const site = {
  host: 'shop.example.com',
  documentRoot: '/var/www/shop/public',
  enabled: true,
  periodMs: 1,
  urlPrefix: '',
  sampleRatePercent: 100,
};

describeAccessMatrix(() => t, {
  updateProfilerSettings: { body: defaults },
  createProfilerSite: { body: { ...site, host: 'blog.example.com' } },
  updateProfilerSite: { body: site },
  createProfilerRun: { body: { siteId: 1, script: 'index.php', uri: '/' } },
  compareProfilerProfiles: { query: { other: 'run-2-bbbbbb' } },
});

// A small shop page: its functions must appear in the profile by name.
const script = `<?php
function shop_price_rules(int $n): float { $s = 0.0; for ($i = 0; $i < $n; $i++) { $s += sqrt($i) * 1.19; } return $s; }
function shop_render_cart(int $n): string { $out = ''; for ($i = 0; $i < $n; $i++) { $out .= md5('item' . $i); } return $out; }
function shop_checkout(int $rules, int $items): void { shop_price_rules($rules); echo strlen(shop_render_cart($items)), ' ', $_SERVER['REQUEST_URI'], "\\n"; }
shop_checkout((int) ($_GET['rules'] ?? 0) ?: 4000000, 40000);
`;

async function runToEnd(body: { siteId: number; script: string; uri: string }) {
  const started = await t.api.call('createProfilerRun', { body });
  expect([started.status, started.body.status, started.body.step]).toEqual([202, 'running', 'queued']);
  for (const deadline = Date.now() + 90_000; ;) {
    const r = await t.api.call('getProfilerRun', { path: { runId: started.body.id } });
    if (r.body.status !== 'running') return r.body;
    if (Date.now() > deadline) throw new Error(`run ${started.body.id} did not end: ${JSON.stringify(r.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

(hasProgram('php') ? it : it.skip)(
  'profiler: profiling switched on and applied, a PHP script run under Excimer, its profile listed with the live version, compared and exported',
  async () => {
    const sites = await t.api.call('listProfilerSites');
    const shop = sites.body.data.find((s) => s.host === 'shop.example.com')!;
    await t.portal.managed.gateway(t.server.id).writeFile({ path: '/var/www/shop/public/checkout.php', content: script });

    // Before anything is applied, a run has no snippet to profile with.
    const early = await runToEnd({ siteId: shop.id, script: 'checkout.php', uri: '/checkout' });
    expect(early).toMatchObject({ status: 'failed', step: 'done', profileId: null });
    expect(early.output).toContain('not applied');

    const r = await t.api.call('updateProfilerSite', { path: { siteId: shop.id }, body: site });
    expect(r.status).toBe(202);
    expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'php' } });
    expect(await t.file(prependPath)).toContain("'shop.example.com' => ['on' => true, 'period' => 0.001, 'prefix' => '', 'rate' => 100],");
    expect(await t.file(iniPath)).toContain('auto_prepend_file');
    const version = (await t.changes()).data[0]!.version;
    expect(version).toEqual(expect.any(Number));

    const first = await runToEnd({ siteId: shop.id, script: 'checkout.php', uri: '/checkout?step=2' });
    expect(first).toMatchObject({ status: 'succeeded', step: 'done', profileId: expect.stringMatching(/^run-\d+-[0-9a-f]{6}$/) });
    expect(first.output).toContain('php exited with 0');

    const list = await t.api.call('listProfilerProfiles');
    expect(list.status).toBe(200);
    const listed = list.body.data.find((p) => p.id === first.profileId)!;
    expect(listed).toMatchObject({
      host: 'shop.example.com',
      uri: '/checkout?step=2',
      method: 'CLI',
      clock: 'wall',
      periodMs: 1,
      configVersion: version,
      runId: first.id,
    });
    expect(listed.durationMs).toBeGreaterThan(0);
    expect(listed.samples).toBeGreaterThan(0);
    expect(list.body.transactions).toContainEqual(
      expect.objectContaining({ host: 'shop.example.com', path: '/checkout', slowest: first.profileId }),
    );

    const detail = await t.api.call('getProfilerProfile', { path: { profileId: first.profileId! } });
    const frames = new Set(detail.body.stacks.flatMap((s) => s.frames));
    expect([...frames]).toEqual(expect.arrayContaining(['shop_checkout', 'shop_price_rules']));
    expect(detail.body.stacks.every((s) => s.frames[0] === '/var/www/shop/public/checkout.php')).toBe(true); // the server's path, not the sandbox's
    expect([...frames].some((f) => f.includes('prepend.php'))).toBe(false); // the snippet's own frames left out

    const exported = await t.api.call('exportProfilerProfile', { path: { profileId: first.profileId! } });
    expect(exported.body).toMatchObject({ format: 'collapsed', fileName: `${first.profileId}.collapsed.txt` });
    expect(exported.body.content).toMatch(/^\/var\/www\/shop\/public\/checkout\.php;shop_checkout;shop_price_rules \d+$/m);

    // A second run with less price work: the comparison shows shop_price_rules faster.
    const second = await runToEnd({ siteId: shop.id, script: 'checkout.php', uri: '/checkout?rules=200000' });
    expect(second.status).toBe('succeeded');
    const diff = await t.api.call('compareProfilerProfiles', {
      path: { profileId: first.profileId! },
      query: { other: second.profileId! },
    });
    expect(diff.status).toBe(200);
    const rules = diff.body.functions.find((f) => f.name === 'shop_price_rules')!;
    expect(rules.baseMs).toBeGreaterThan(rules.otherMs);
    expect(rules.deltaMs).toBeLessThan(0);

    const missing = await t.api.call('getProfilerProfile', { path: { profileId: 'run-999-000000' } });
    expect([missing.status, missing.body.error?.message]).toEqual([404, 'profiler:errors.profile_not_found']);
  },
  240_000,
);

(hasProgram('php') ? it : it.skip)(
  'profiler: retention — after writing a profile the snippet keeps the newest ones of the last days and deletes the rest with their stacks',
  async () => {
    const r = await t.api.call('updateProfilerSettings', { body: { ...defaults, keepProfiles: 10, keepDays: 2 } });
    expect(r.status).toBe(202);
    expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
    const dir = t.portal.managed.gateway(t.server.id).hostPath(profilesDir);
    const plant = (id: string, minutesAgo: number) => {
      const when = new Date(Date.now() - minutesAgo * 60_000);
      for (const ext of ['json', 'collapsed']) {
        const file = path.join(dir, `${id}.${ext}`);
        fs.writeFileSync(file, ext === 'json' ? JSON.stringify({ id, host: 'shop.example.com', uri: '/', startedAt: when.toISOString() }) : 'main 1\n');
        fs.utimesSync(file, when, when);
      }
    };
    for (let i = 1; i <= 3; i++) plant(`old-${i}`, 60 * 24 * 7 + i); // a week ago: older than 2 days
    for (let i = 1; i <= 12; i++) plant(`recent-${i}`, i);
    const shop = (await t.api.call('listProfilerSites')).body.data.find((s) => s.host === 'shop.example.com')!;
    const run = await runToEnd({ siteId: shop.id, script: 'checkout.php', uri: '/checkout?rules=1000' });
    expect(run.status).toBe('succeeded');
    const facts = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
    expect(facts).toHaveLength(10);
    expect(facts).toContain(`${run.profileId}.json`);
    expect(facts.filter((n) => n.startsWith('old-'))).toEqual([]);
    expect(facts).not.toContain('recent-12.json');
    // Each profile's stacks go with its facts.
    const stacks = fs.readdirSync(dir).filter((n) => n.endsWith('.collapsed'));
    expect(stacks.map((n) => n.replace(/\.collapsed$/, '.json')).sort()).toEqual([...facts].sort());
    expect((await t.api.call('listProfilerProfiles')).body.data).toHaveLength(10);
  },
  120_000,
);

(hasProgram('php') ? it : it.skip)(
  'profiler: rollback through the API — a changed sampling period applied, then rolled back: the snippet on disk is the previous one again and the real php samples at the previous period',
  async () => {
    const shop = (await t.api.call('listProfilerSites')).body.data.find((s) => s.host === 'shop.example.com')!;
    const before = { prepend: await t.file(prependPath), ini: await t.file(iniPath) };
    expect(before.prepend).toContain("'shop.example.com' => ['on' => true, 'period' => 0.001,");
    /** A run of the checkout script under the live snippet: the profile it wrote, as listed. */
    const profiled = async () => {
      const run = await runToEnd({ siteId: shop.id, script: 'checkout.php', uri: '/checkout?rules=200000' });
      expect(run).toMatchObject({ status: 'succeeded', profileId: expect.any(String) });
      return (await t.api.call('listProfilerProfiles')).body.data.find((p) => p.id === run.profileId)!;
    };

    const r = await t.api.call('updateProfilerSite', { path: { siteId: shop.id }, body: { ...site, periodMs: 7 } });
    expect(r.status).toBe(202);
    expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'php' } });
    expect(await t.file(prependPath)).toContain("'shop.example.com' => ['on' => true, 'period' => 0.007,");
    const changed = await profiled();
    expect(changed.periodMs).toBe(7);

    const job = await t.applied('POST', `${t.base()}/managed/plugins/profiler/rollback`);
    expect(job).toMatchObject({ kind: 'rollback', validation: { status: 'passed', tool: 'php' } });
    expect(await t.file(prependPath)).toBe(before.prepend);
    expect(await t.file(iniPath)).toBe(before.ini);
    const back = await profiled();
    expect(back.periodMs).toBe(1);
    // The profile names the previous snippet (its fingerprint), and the desired state the portal shows is the previous one.
    expect(back.config).toBe(fingerprintOf([{ path: prependPath, content: before.prepend! }]));
    expect(changed.config).not.toBe(back.config);
    expect((await t.api.call('listProfilerSites')).body.data.find((s) => s.id === shop.id)).toMatchObject({ periodMs: 1 });
  },
  180_000,
);

it('profiler: invalid values are refused (422) and nothing is changed', async () => {
  const sites = (await t.api.call('listProfilerSites')).body;
  const changes = (await t.changes()).data.length;
  const shop = sites.data.find((s) => s.host === 'shop.example.com')!;
  for (const body of [
    { ...site, periodMs: 0 },
    { ...site, urlPrefix: "/x'; system('id'); //" },
    { ...site, documentRoot: '/var/www/../etc' },
  ]) {
    const r = await t.api.call('updateProfilerSite', { path: { siteId: shop.id }, body });
    expect(r.status).toBe(422);
  }
  const taken = await t.api.call('createProfilerSite', { body: site });
  expect([taken.status, taken.body.error?.fields]).toEqual([422, { host: ['profiler:errors.host_taken'] }]);
  const outside = await t.api.call('createProfilerRun', { body: { siteId: shop.id, script: 'a/../../../etc/x.php', uri: '/' } });
  expect([outside.status, outside.body.error?.fields]).toEqual([422, { script: ['profiler:errors.script_segment'] }]);
  const settings = await t.api.call('updateProfilerSettings', { body: { ...defaults, maxDepth: 8 } });
  expect(settings.status).toBe(422);
  expect((await t.api.call('listProfilerSites')).body).toEqual(sites);
  expect((await t.changes()).data.length).toBe(changes);
});
