import { defaultsOf } from '@portal/plugin-sdk/server';
import { config } from '../generated/config.ts';
import programs, { corePath, includePath } from './program.ts';
import { render, solrFileProblems } from './render.ts';

const c = { hostPath: (p: string) => p, prepared: { port: 8983 }, desired: { cores: [{ name: 'shop_de', configSet: '_default' }] } };

describe('solr render', () => {
  it('renders solr.in.sh with the heap and one core.properties per core, the defaults when nothing was changed', () => {
    const [include, core] = render(defaultsOf(config), c);
    expect(include).toMatchObject({ path: includePath });
    expect(include!.content).toContain('\nSOLR_HEAP="1024m"\nSOLR_JETTY_HOST="127.0.0.1"\nSOLR_PORT="8983"\nSOLR_HOME="/var/solr/data"\n');
    expect(include!.content).toContain('\nSOLR_OPTS="$SOLR_OPTS -Dsolr.allowPaths=/var/backups/portal/solr-snapshots"\n');
    expect(include!.content).not.toContain('SOLR_MODULES');
    expect(core).toEqual({ path: corePath('shop_de'), content: expect.stringMatching(/\nname=shop_de\nconfigSet=_default\n$/), mode: 0o644 });
  });

  it('renders modules and further options, no allowed backup path without snapshots', () => {
    const [include] = render({ ...defaultsOf(config), heapMb: 2048, plugins: 'extraction, langid', jvmOptions: '-XX:+UseG1GC', snapshots: false }, { ...c, desired: { cores: [] } });
    expect(include!.content).toContain('SOLR_HEAP="2048m"');
    expect(include!.content).toContain('SOLR_MODULES="extraction,langid"\nSOLR_OPTS="$SOLR_OPTS -XX:+UseG1GC"\n');
  });
});

describe('solr check (the portal rules; Solr has no check mode)', () => {
  const validate = programs[0]!.validate as (g: never, files: ReturnType<typeof render>) => Promise<{ status: string; tool?: string; output?: string }>;

  it('passes what render writes and refuses files edited beyond it', async () => {
    expect(await validate(undefined as never, render(defaultsOf(config), c))).toMatchObject({ status: 'passed', tool: 'rules' });
    expect(solrFileProblems({ path: includePath, content: 'SOLR_HEAP="1024m"\nSOLR_OPTS="$(curl x)"\n' })).toEqual(['not a variable the portal writes: SOLR_OPTS="$(curl x)"']);
    expect(solrFileProblems({ path: includePath, content: 'SOLR_HEAP="64m"\n' })).toEqual(['heap outside 256–31744 MB: 64m']);
    expect(solrFileProblems({ path: corePath('a'), content: 'name=b\nconfigSet=_default\n' })).toEqual(['name= is not the core directory']);
    expect(solrFileProblems({ path: corePath('a'), content: 'name=a\nconfigSet=mine\n' })).toEqual(['a core needs exactly a valid name= and configSet=']);
  });
});
