import { defaultsOf } from '@portal/plugin-sdk';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../generated/config.ts';
import { configPath, feedsDir, hasPlainIndex, render, type Desired } from './program.ts';

const defaults = defaultsOf(config);
const desired: Desired = {
  sources: [
    {
      name: 'products',
      type: 'tsvpipe',
      host: '',
      port: 0,
      database: '',
      user: '',
      password: '',
      query: '',
      feed: 'products.tsv',
      fields: ['title', 'body'],
    },
    {
      name: 'shop',
      type: 'mysql',
      host: '127.0.0.1',
      port: 0,
      database: 'shop',
      user: 'search',
      password: 'p4ss!word',
      query: 'SELECT id, title FROM articles',
      feed: '',
      fields: [],
    },
  ],
  indexes: [
    { name: 'products', type: 'plain', source: 'products', fields: [], charsetTable: 'latin', morphology: 'stem_en', minWordLen: 2 },
    { name: 'live', type: 'rt', source: '', fields: ['title'], charsetTable: 'western', morphology: 'none', minWordLen: 1 },
  ],
};
const at = (root: string) => ({ hostPath: (p: string) => `${root}${p}`, prepared: { port: 19312, sqlPort: 19306 }, desired });

describe('sphinx render', () => {
  it('renders the used sources, the indexes, indexer and searchd on the loopback ports, as a secret file', () => {
    const [file] = render(defaults, at('/sb'));
    expect(file).toMatchObject({ path: configPath, mode: 0o600, secret: true });
    const c = file!.content;
    expect(c).toContain(
      'source products\n{\n  type = tsvpipe\n  tsvpipe_command = cat /sb/var/lib/sphinxsearch/feeds/products.tsv\n  tsvpipe_field = title\n  tsvpipe_field = body\n}',
    );
    // A source no index is built from is not rendered (indexer would read it for nothing).
    expect(c).not.toContain('source shop');
    expect(c).toContain(
      'index products\n{\n  source = products\n  path = /sb/var/lib/sphinxsearch/data/products\n  charset_table = 0..9, A..Z->a..z, _, a..z\n  morphology = stem_en\n  min_word_len = 2\n}',
    );
    expect(c).toContain('index live\n{\n  type = rt\n  rt_field = title\n');
    expect(c).toContain('indexer\n{\n  mem_limit = 128M\n}');
    expect(c).toContain('  listen = 127.0.0.1:19312\n  listen = 127.0.0.1:19306:mysql41\n');
    expect(c).toContain('  query_log = /sb/var/log/sphinxsearch/query.log\n  query_log_format = sphinxql\n');
    expect(c).toContain('  max_children = 30\n  read_timeout = 5\n  client_timeout = 300\n');
    expect(hasPlainIndex(c)).toBe(true);
  });

  it('renders a database source with its password (the file is secret), no query log when it is off, nothing without an index', () => {
    const withShop = { ...desired, indexes: [{ ...desired.indexes[0]!, source: 'shop' }] };
    const c = render({ ...defaults, queryLog: false, maxChildren: 7 }, { ...at(''), desired: withShop })[0]!.content;
    expect(c).toContain('  sql_host = 127.0.0.1\n  sql_port = 3306\n  sql_user = search\n  sql_pass = p4ss!word\n  sql_db = shop\n');
    expect(c).toContain('  sql_query = SELECT id, title FROM articles\n');
    expect(c).not.toContain('query_log');
    expect(c).toContain('max_children = 7');
    expect(render(defaults, { ...at(''), desired: { sources: desired.sources, indexes: [] } })).toEqual([]);
  });
});

describe('sphinx check (the real indexer reads every source without writing an index)', () => {
  /** Writes the rendered file (and the feed) into a sandbox and runs the check's command, as `checkConfig` does through a gateway. */
  const check = (feed: string | null, change = (c: string) => c) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sphinx-'));
    try {
      const conf = path.join(root, configPath);
      fs.mkdirSync(path.dirname(conf), { recursive: true });
      fs.mkdirSync(path.join(root, feedsDir), { recursive: true });
      fs.mkdirSync(path.join(root, '/var/lib/sphinxsearch/data'), { recursive: true });
      if (feed !== null) fs.writeFileSync(path.join(root, feedsDir, 'products.tsv'), feed);
      fs.writeFileSync(conf, change(render(defaults, at(root))[0]!.content));
      const r = spawnSync('indexer', ['--config', conf, '--all', '--buildstops', '/dev/null', '1', '--quiet'], { encoding: 'utf8' });
      return { code: r.status, output: `${r.stdout}${r.stderr}`, written: fs.readdirSync(path.join(root, '/var/lib/sphinxsearch/data')) };
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };

  it('passes the rendered file with a readable feed, and writes no index', () => {
    const r = check('1\tRed shoes\tFor running\n2\tBlue jacket\tWarm\n');
    expect([r.code, r.written.filter((f) => f.startsWith('products'))]).toEqual([0, []]);
  });

  it('refuses an unknown key, and a source that names no source', () => {
    const unknown = check('1\ta\tb\n', (c) => c.replace('min_word_len = 2', 'min_wordlen = 2'));
    expect(unknown.code).not.toBe(0);
    expect(unknown.output).toContain("unknown key name 'min_wordlen'");
    const noSource = check('1\ta\tb\n', (c) => c.replace('  source = products', '  source = nothing'));
    expect(noSource.code).not.toBe(0);
    expect(noSource.output).toContain("source 'nothing' not found");
  });
});
