import { defaultsOf, type checkSearchFiles } from '@portal/plugin-sdk/server';
import { config } from '../generated/config.ts';
import programs, { jvmPath, yamlKeys, ymlPath } from './program.ts';
import { render } from './render.ts';

const c = { hostPath: (p: string) => p, prepared: { port: 9200 } };

describe('elasticsearch render', () => {
  it('renders elasticsearch.yml and the heap as jvm.options.d/portal.options, the defaults when nothing was changed', () => {
    const [yml, jvm] = render(defaultsOf(config), c);
    expect(yml).toMatchObject({ path: ymlPath, mode: 0o640 });
    expect(yml!.content).toContain(
      '\ncluster.name: shop\nnode.name: node-1\npath.data: /var/lib/elasticsearch\npath.logs: /var/log/elasticsearch\nnetwork.host: 127.0.0.1\nhttp.port: 9200\ndiscovery.type: single-node\n',
    );
    expect(yml!.content).toContain('\nplugin.mandatory: ["analysis-icu"]\npath.repo: ["/var/backups/portal/elasticsearch-snapshots"]\n');
    expect(jvm).toMatchObject({ path: jvmPath });
    expect(jvm!.content.split('\n').slice(1)).toEqual(['-Xms1024m', '-Xmx1024m', '']);
  });

  it('renders changed settings: heap, options, plugins, no snapshot store', () => {
    const [yml, jvm] = render({ ...defaultsOf(config), heapMb: 4096, jvmOptions: '-XX:+HeapDumpOnOutOfMemoryError  -Xss2m', plugins: 'analysis-icu, analysis-phonetic', snapshots: false }, c);
    expect(yml!.content).toContain('plugin.mandatory: ["analysis-icu", "analysis-phonetic"]\n');
    expect(yml!.content).not.toContain('path.repo');
    expect(jvm!.content).toContain('\n-Xms4096m\n-Xmx4096m\n-XX:+HeapDumpOnOutOfMemoryError\n-Xss2m\n');
  });
});

describe('elasticsearch check (the portal rules; the engine has no check mode)', () => {
  const validate = programs[0]!.validate as (g: never, files: ReturnType<typeof render>) => ReturnType<typeof checkSearchFiles>;

  it('passes what render writes and refuses a file edited beyond it', async () => {
    expect(await validate(undefined as never, render(defaultsOf(config), c))).toMatchObject({ status: 'passed', tool: 'rules' });
    const edited = render(defaultsOf(config), c).map((f) => (f.path === ymlPath ? { ...f, content: `${f.content}script.painless.regex.enabled: true\n` } : f));
    expect(await validate(undefined as never, edited)).toEqual({ status: 'failed', tool: 'rules', output: `${ymlPath}: not a setting the portal writes: script.painless.regex.enabled` });
    expect(yamlKeys).toContain('plugin.mandatory');
  });
});
