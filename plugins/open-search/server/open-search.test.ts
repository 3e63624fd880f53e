/**
 * The `open-search` module through the real portal (`startPluginPortal`). OpenSearch cannot be installed here:
 * settings are checked by the portal's rules, applied (files in the server's sandbox; no engine restarts), and the
 * cluster is read with the official client from the recorded-response engine (`startRecordedEngine`, answers from
 * `__fixtures__/opensearch-2.19.json`) on the address the gateway gives OpenSearch.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, startRecordedEngine, type PluginPortal, type RecordedEngine } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import fixtures from './__fixtures__/opensearch-2.19.json' with { type: 'json' };
import { jvmPath, ymlPath } from './program.ts';

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

describeAccessMatrix(() => t, { updateOpenSearchSettings: { body: defaults } });

it('open-search: a change checked by the rules, applied with progress, the files in the sandbox, a rollback', async () => {
  const r = await t.api.call('updateOpenSearchSettings', { body: { ...defaults, heapMb: 3072, snapshots: false } });
  expect(r.status).toBe(202);
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({ status: 'succeeded', step: 'done', progress: 100, validation: { status: 'passed', tool: 'rules' } });
  expect(job.log.map((l) => l.step)).toEqual(expect.arrayContaining(['writing', 'validating']));
  expect(await t.file(jvmPath)).toContain('\n-Xms3072m\n-Xmx3072m\n');
  const yml = await t.file(ymlPath);
  expect(yml).toContain('\nplugins.security.disabled: true\n');
  expect(yml).not.toContain('path.repo');

  await t.applied('POST', `${t.base()}/managed/plugins/open-search/rollback`);
  expect((await t.api.call('getOpenSearchSettings')).body).toEqual({ settings: defaults });
  expect(await t.file(ymlPath)).toBeNull();
});

it('open-search: values outside the contract or the rules are refused (422), nothing is stored', async () => {
  const stored = (await t.api.call('getOpenSearchSettings')).body;
  for (const [change, field] of [
    [{ version: '1.3' }, 'version'],
    [{ heapMb: 128 }, 'heapMb'],
    [{ jvmOptions: '-XX:+UseG1GC -XX:+UseG1GC' }, 'jvmOptions'],
    [{ plugins: 'analysis-icu,analysis-icu' }, 'plugins'],
  ] as const) {
    const r = await t.api.call('updateOpenSearchSettings', { body: { ...defaults, ...change } as typeof defaults });
    expect([r.status, Object.keys(r.body.error?.fields ?? {})]).toEqual([422, [field]]);
  }
  expect((await t.api.call('getOpenSearchSettings')).body).toEqual(stored);
});

it('open-search: the cluster read with the official client — a yellow cluster and index, plugins, no snapshot repository', async () => {
  expect((await t.api.call('getOpenSearchCluster')).body).toEqual({ reachable: false });
  engine = await startRecordedEngine(await t.portal.managed.gateway(t.server.id).listenAddress('opensearch', 9200), fixtures);
  const r = await t.api.call('getOpenSearchCluster');
  expect(r.body).toMatchObject({ reachable: true, version: '2.19.3', clusterName: 'shop', status: 'yellow', nodes: 1, snapshotRepository: null, missingPlugins: [] });
  expect(r.body.plugins).toEqual(['analysis-icu', 'opensearch-job-scheduler', 'opensearch-observability']);
  expect(r.body.indices?.map((i) => [i.name, i.health, i.documents, i.sizeBytes, i.replicas])).toEqual([
    ['.opensearch-observability', 'green', 0, 208, 0],
    ['magento2_product_1_v12', 'yellow', 24118, 61235200, 1],
    ['magento2_product_2_v12', 'green', 23907, 59822080, 0],
  ]);
  expect(engine.requests).toEqual(expect.arrayContaining(['GET /_cat/indices?format=json&bytes=b', 'GET /_snapshot/portal-backups']));
});
