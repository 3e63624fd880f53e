import { checkSearchFiles, readSearchCluster, searchHealth, type SearchClusterReading } from './cluster.ts';
import { startRecordedEngine } from './recorded.ts';
import { jvmFileProblems, jvmOptionsLines, jvmOptionsProblem, pluginsProblem, searchSettingsRules, yamlSettingsProblems } from './settings.ts';

describe('search settings rules', () => {
  it('passes plain JVM options and refuses heap flags, unknown shapes and duplicates', () => {
    expect(jvmOptionsProblem('')).toBeUndefined();
    expect(jvmOptionsProblem('-XX:+HeapDumpOnOutOfMemoryError -Dlog4j2.formatMsgNoLookups=true -Xss1m -Xlog:gc*:file=/var/log/gc.log')).toBeUndefined();
    expect(jvmOptionsProblem('-Xmx4g')).toBe('jvm_heap_option');
    expect(jvmOptionsProblem('-XX:MaxHeapSize=4g')).toBe('jvm_heap_option');
    expect(jvmOptionsProblem('-javaagent:/tmp/x.jar')).toBe('jvm_option');
    expect(jvmOptionsProblem('-Dx=$(id)')).toBe('jvm_option');
    expect(jvmOptionsProblem('-XX:+UseG1GC -XX:-UseG1GC')).toBe('jvm_duplicate');
  });

  it('checks plugins against what the engine offers', () => {
    const offered = ['analysis-icu', 'analysis-phonetic'];
    expect(pluginsProblem('analysis-icu, analysis-phonetic', offered)).toBeUndefined();
    expect(pluginsProblem('', offered)).toBeUndefined();
    expect(pluginsProblem('repository-s3', offered)).toBe('unknown_plugin');
    expect(pluginsProblem('analysis-icu,analysis-icu', offered)).toBe('duplicate_plugin');
    expect(searchSettingsRules({ plugins: offered })({ heapMb: 1024, jvmOptions: '-Xms1g', plugins: 'x' })).toEqual({
      jvmOptions: ['sdk:search.errors.jvm_heap_option'],
      plugins: ['sdk:search.errors.unknown_plugin'],
    });
  });

  it('renders the heap once and checks a rendered jvm.options file', () => {
    const lines = jvmOptionsLines({ heapMb: 2048, jvmOptions: '-XX:+UseG1GC' });
    expect(lines).toEqual(['-Xms2048m', '-Xmx2048m', '-XX:+UseG1GC']);
    expect(jvmFileProblems(`# header\n${lines.join('\n')}\n`)).toEqual([]);
    expect(jvmFileProblems('-Xms1024m\n-Xmx2048m\n')).toEqual(['initial and maximum heap differ']);
    expect(jvmFileProblems('-Xms1024m\n-Xmx1024m\n-javaagent:/x.jar\n')).toEqual(['not an option the portal writes: -javaagent:/x.jar']);
    expect(jvmFileProblems('-XX:+UseG1GC\n')).toEqual(['the heap must be set once (-Xms and -Xmx)']);
  });

  it('checks a rendered YAML settings file line by line', () => {
    const keys = ['cluster.name', 'path.repo'];
    expect(yamlSettingsProblems('# c\ncluster.name: shop\npath.repo: ["/var/backups/x"]\n', keys)).toEqual([]);
    expect(yamlSettingsProblems('cluster.name: shop\ncluster.name: b\nnode.roles: [master]\nfoo\npath.repo: {a: b}\n', keys)).toEqual([
      'set twice: cluster.name',
      'not a setting the portal writes: node.roles',
      'not a setting: foo',
      'not a plain value: path.repo: {a: b}',
    ]);
  });

  it('checks rendered files as the program validate does (tool "rules")', async () => {
    const ok = await checkSearchFiles([{ path: '/etc/x/jvm.options.d/portal.options', content: '-Xms512m\n-Xmx512m\n' }], {});
    expect(ok).toMatchObject({ status: 'passed', tool: 'rules' });
    const bad = await checkSearchFiles([{ path: '/etc/x/x.yml', content: 'evil: yes\n' }], { yamlKeys: ['cluster.name'] });
    expect(bad).toEqual({ status: 'failed', tool: 'rules', output: '/etc/x/x.yml: not a setting the portal writes: evil' });
  });
});

describe('search cluster state', () => {
  const reading: SearchClusterReading = {
    version: '1.0',
    clusterName: 'c',
    status: 'yellow',
    nodes: 1,
    indices: [
      { name: 'b', health: 'green', status: 'open', documents: 1, sizeBytes: 1, primaries: 1, replicas: 0 },
      { name: 'a', health: 'yellow', status: 'open', documents: 1, sizeBytes: 1, primaries: 1, replicas: 1 },
    ],
    plugins: ['analysis-icu'],
    snapshotRepository: null,
  };

  it('sorts indices, names the missing plugins, and says unreachable instead of failing', async () => {
    const r = await readSearchCluster(() => Promise.resolve(reading), 'analysis-icu,analysis-phonetic');
    expect(r).toMatchObject({ reachable: true, missingPlugins: ['analysis-phonetic'], indices: [{ name: 'a' }, { name: 'b' }] });
    expect(await readSearchCluster(() => Promise.reject(new Error('ECONNREFUSED')), '')).toEqual({ reachable: false });
    expect([searchHealth('GREEN'), searchHealth('yellow'), searchHealth(undefined)]).toEqual(['green', 'yellow', 'red']);
  });

  it('the recorded engine answers its routes with their headers, 404 otherwise, and keeps the requests', async () => {
    const engine = await startRecordedEngine({ host: '127.0.0.1', port: 0 }, { 'GET /_cluster/health': { headers: { 'x-elastic-product': 'Elasticsearch' }, body: { status: 'red' } } });
    try {
      const health = await fetch(`${engine.url}/_cluster/health?pretty`);
      expect([health.status, health.headers.get('x-elastic-product'), await health.json()]).toEqual([200, 'Elasticsearch', { status: 'red' }]);
      const missing = await fetch(`${engine.url}/_cat/indices`);
      expect(missing.status).toBe(404);
      expect(engine.requests).toEqual(['GET /_cluster/health?pretty', 'GET /_cat/indices']);
    } finally {
      await engine.close();
    }
  });
});
