/**
 * The `elasticsearch` module through the real portal (`startPluginPortal`). Elasticsearch cannot be installed
 * here: settings are checked by the portal's rules, applied (files in the server's sandbox; no engine restarts),
 * and the cluster is read with the official client from the recorded-response engine (`startRecordedEngine`,
 * answers from `__fixtures__/elasticsearch-8.19.json`) on the address the gateway gives Elasticsearch.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, startRecordedEngine, type PluginPortal, type RecordedEngine } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import fixtures from './__fixtures__/elasticsearch-8.19.json' with { type: 'json' };
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

describeAccessMatrix(() => t, { updateElasticsearchSettings: { body: defaults } });

it('elasticsearch: a change checked by the rules, applied with progress, the files in the sandbox, the change log, a rollback', async () => {
  expect((await t.api.call('getElasticsearchSettings')).body).toEqual({ settings: defaults });

  const changed = { ...defaults, heapMb: 2048, jvmOptions: '-XX:+HeapDumpOnOutOfMemoryError', plugins: 'analysis-icu,analysis-phonetic' };
  const r = await t.api.call('updateElasticsearchSettings', { body: changed });
  expect(r.status).toBe(202);
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'rules' } });
  // Progress: the job went through writing and validating to done (the log the banner shows).
  expect([job.step, job.progress]).toEqual(['done', 100]);
  expect(job.log.map((l) => l.step)).toEqual(expect.arrayContaining(['writing', 'validating']));
  expect(await t.file(jvmPath)).toContain('\n-Xms2048m\n-Xmx2048m\n-XX:+HeapDumpOnOutOfMemoryError\n');
  expect(await t.file(ymlPath)).toContain('plugin.mandatory: ["analysis-icu", "analysis-phonetic"]');
  expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'sdk:config.changed', values: { fields: 'heapMb, jvmOptions, plugins' } } });

  await t.applied('POST', `${t.base()}/managed/plugins/elasticsearch/rollback`);
  expect((await t.api.call('getElasticsearchSettings')).body).toEqual({ settings: defaults });
  expect(await t.file(jvmPath)).toBeNull();
});

it('elasticsearch: values outside the contract or the rules are refused (422 with the field), nothing is stored', async () => {
  const stored = (await t.api.call('getElasticsearchSettings')).body;
  const cases: [Partial<typeof defaults>, string, string][] = [
    [{ heapMb: 40_000 }, 'heapMb', 'validation.maximum'],
    [{ jvmOptions: '-Xmx8g' }, 'jvmOptions', 'sdk:search.errors.jvm_heap_option'],
    [{ jvmOptions: '-javaagent:/tmp/a.jar' }, 'jvmOptions', 'sdk:search.errors.jvm_option'],
    [{ plugins: 'repository-s3' }, 'plugins', 'sdk:search.errors.unknown_plugin'],
    [{ clusterName: 'Shop\nnode.roles: x' }, 'clusterName', 'validation.pattern'],
  ];
  for (const [change, field, key] of cases) {
    const r = await t.api.call('updateElasticsearchSettings', { body: { ...defaults, ...change } as typeof defaults });
    expect([r.status, r.body.error?.fields?.[field]?.[0]]).toEqual([422, expect.stringMatching(key === 'validation.pattern' ? /^validation\./ : key)]);
  }
  expect((await t.api.call('getElasticsearchSettings')).body).toEqual(stored);
});

it('elasticsearch: the cluster read with the official client — unreachable, then health and indices incl. red and yellow, plugins, snapshot repository', async () => {
  expect((await t.api.call('getElasticsearchCluster')).body).toEqual({ reachable: false });

  engine = await startRecordedEngine(await t.portal.managed.gateway(t.server.id).listenAddress('elasticsearch', 9200), fixtures);
  const r = await t.api.call('getElasticsearchCluster');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ reachable: true, version: '8.19.7', clusterName: 'shop', status: 'red', nodes: 1, plugins: ['analysis-icu'], missingPlugins: [] });
  expect(r.body.indices?.map((i) => [i.name, i.health, i.status, i.documents, i.sizeBytes])).toEqual([
    ['sw1_category_20261120', 'green', 'open', 412, 397312],
    ['sw1_manufacturer_20261120', 'red', 'open', 0, 0],
    ['sw1_product_20261001', 'green', 'closed', 0, 0],
    ['sw1_product_20261120', 'yellow', 'open', 18342, 48234496],
  ]);
  expect(r.body.snapshotRepository).toEqual({ name: 'portal-backups', location: '/var/backups/portal/elasticsearch-snapshots' });
  expect(engine.requests).toEqual(expect.arrayContaining(['GET /_cat/indices?format=json&bytes=b', 'GET /_cluster/health']));

  // Without the repository (404 from the engine) and with a plugin the settings require that is not installed.
  engine.answer({ 'GET /_snapshot/portal-backups': { status: 404, headers: fixtures['GET /'].headers, body: { error: { type: 'repository_missing_exception' }, status: 404 } } });
  const s = await t.api.call('updateElasticsearchSettings', { body: { ...defaults, plugins: 'analysis-icu,analysis-phonetic' } });
  await t.waitForJob(s.body.id);
  expect((await t.api.call('getElasticsearchCluster')).body).toMatchObject({ snapshotRepository: null, missingPlugins: ['analysis-phonetic'] });
});
