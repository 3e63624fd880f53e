/**
 * The `solr` module through the real portal (`startPluginPortal`). Solr cannot be installed here: settings and
 * cores are checked by the portal's rules, applied (files in the server's sandbox; no Solr restarts), and the cores
 * are read with `fetch` from the recorded-response Solr (`startRecordedEngine`, answers from
 * `__fixtures__/solr-9.9.json`) on the address the gateway gives Solr.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, startRecordedEngine, type PluginPortal, type RecordedEngine } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import fixtures from './__fixtures__/solr-9.9.json' with { type: 'json' };
import { corePath, includePath } from './program.ts';

let t: PluginPortal<ApiOperations>;
let engine: RecordedEngine | undefined;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(async () => {
  await engine?.close();
  await t?.stop();
});

const defaults = defaultsOf(config);

describeAccessMatrix(() => t, { updateSolrSettings: { body: defaults }, createSolrCore: { body: { name: 'matrix', configSet: '_default' } } });

it('solr: settings checked by the rules, applied with progress, solr.in.sh in the sandbox, a rollback', async () => {
  const r = await t.api.call('updateSolrSettings', { body: { ...defaults, heapMb: 2048, plugins: 'extraction,langid' } });
  expect(r.status).toBe(202);
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({ status: 'succeeded', step: 'done', progress: 100, validation: { status: 'passed', tool: 'rules' } });
  expect(job.log.map((l) => l.step)).toEqual(expect.arrayContaining(['writing', 'validating']));
  expect(await t.file(includePath)).toContain('\nSOLR_HEAP="2048m"\n');
  expect(await t.file(includePath)).toContain('\nSOLR_MODULES="extraction,langid"\n');

  await t.applied('POST', `${t.base()}/managed/plugins/solr/rollback`);
  expect((await t.api.call('getSolrSettings')).body).toEqual({ settings: defaults });
});

it('solr: refused values (422), nothing stored', async () => {
  const stored = (await t.api.call('getSolrSettings')).body;
  for (const [change, field] of [
    [{ heapMb: 100 }, 'heapMb'],
    [{ jvmOptions: '-Xms2g' }, 'jvmOptions'],
    [{ plugins: 'velocity' }, 'plugins'],
  ] as const) {
    const r = await t.api.call('updateSolrSettings', { body: { ...defaults, ...change } as typeof defaults });
    expect([r.status, Object.keys(r.body.error?.fields ?? {})]).toEqual([422, [field]]);
  }
  expect((await t.api.call('getSolrSettings')).body).toEqual(stored);
});

it('solr: a core created and deleted (core.properties written and removed), a name taken or malformed refused', async () => {
  const created = await t.api.call('createSolrCore', { body: { name: 'shop_fr', configSet: '_default' } });
  expect(created.status).toBe(202);
  expect(await t.waitForJob(created.body.id)).toMatchObject({ status: 'succeeded' });
  expect(await t.file(corePath('shop_fr'))).toMatch(/\nname=shop_fr\nconfigSet=_default\n$/);
  const list = await t.api.call('listSolrCores');
  const core = list.body.data.find((c) => c.name === 'shop_fr')!;
  expect(core).toMatchObject({ configSet: '_default' });

  expect((await t.api.call('createSolrCore', { body: { name: 'shop_fr', configSet: '_default' } })).body.error?.fields).toEqual({ name: ['solr:errors.name_taken'] });
  expect((await t.api.call('createSolrCore', { body: { name: '../etc', configSet: '_default' } })).status).toBe(422);
  expect((await t.api.call('createSolrCore', { body: { name: 'x', configSet: 'mine' as '_default' } })).status).toBe(422);

  const removed = await t.api.call('deleteSolrCore', { path: { coreId: core.id } });
  expect(removed.status).toBe(202);
  expect(await t.waitForJob(removed.body.id)).toMatchObject({ status: 'succeeded' });
  expect(await t.file(corePath('shop_fr'))).toBeNull();
});

it('solr: the cores read with fetch from the admin API — a core that failed to load is red, the modules', async () => {
  expect((await t.api.call('getSolrCluster')).body).toEqual({ reachable: false });
  engine = await startRecordedEngine(await t.portal.managed.gateway(t.server.id).listenAddress('solr', 8983), fixtures);
  const r = await t.api.call('getSolrCluster');
  expect(r.body).toMatchObject({ reachable: true, version: '9.9.0', clusterName: 'standalone', status: 'red', plugins: ['extraction', 'langid'], missingPlugins: [], snapshotRepository: null });
  expect(r.body.indices?.map((i) => [i.name, i.health, i.documents, i.sizeBytes])).toEqual([
    ['shop_de', 'green', 15230, 40210432],
    ['shop_en', 'green', 14988, 38797312],
    ['shop_fr', 'red', 0, 0],
  ]);
  expect(engine.requests).toEqual(expect.arrayContaining(['GET /solr/admin/cores?action=STATUS&wt=json']));
});
