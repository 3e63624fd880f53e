/**
 * The `sphinx` module through the real portal (`startPluginPortal`) and the server's private searchd (started by the
 * local gateway in the server's sandbox on two loopback ports of its own): the demo's plain index built by `indexer`
 * from a real TSV feed and found over SphinxQL (`mysql41`, the `mariadb` connector) and through the portal's search;
 * a real-time index filled over SphinxQL; a database source whose password is stored sealed and never shown; a
 * source indexer cannot read refused by the check with the last version restored; the contract's and the module's
 * limits (422); a rollback; and the authorization of every operation.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import mariadb from 'mariadb';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { SphinxSource } from './entities.ts';
import { configPath, feedsDir, sqlService } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
  // The demo source `products` reads this feed (on a real server the shop exports it there); the test builds its index.
  const feed = [
    '1\tRed running shoes\tLight shoes for running',
    '2\tBlue jacket\tWarm winter jacket',
    '3\tGreen shirt\tA shirt for runs in summer',
    '',
  ].join('\n');
  await t.portal.managed.gateway(t.server.id).writeFile({ path: `${feedsDir}/products.tsv`, content: feed });
}, 120_000);
afterAll(async () => {
  await t?.portal.managed
    .gateway(t.server.id)
    .service('sphinx')
    .stop()
    .catch(() => undefined);
  await t?.stop();
});

const defaults = defaultsOf(config);
const rtIndex = {
  name: 'notes',
  type: 'rt' as const,
  source: '',
  fields: ['title', 'body'],
  charsetTable: 'western' as const,
  morphology: 'stem_en' as const,
  minWordLen: 2,
};
const dbSource = {
  name: 'shop',
  type: 'mysql' as const,
  host: '127.0.0.1',
  port: 1,
  database: 'shop',
  user: 'search',
  password: 'Very$ecret-42',
  query: 'SELECT id, title FROM articles',
  feed: '',
  fields: [],
};

describeAccessMatrix(() => t, {
  updateSphinxSettings: { body: defaults },
  createSphinxSource: { body: { ...dbSource, name: 'matrix' } },
  createSphinxIndex: { body: { ...rtIndex, name: 'matrix' } },
  searchSphinxIndex: { query: { q: 'shoes' } },
});

/** SphinxQL on the server's private searchd (its `mysql41` port), as an application of the server would search. */
async function sphinxql<T>(sql: string, values: unknown[] = []): Promise<T> {
  const { port } = await t.portal.managed.gateway(t.server.id).listenAddress(sqlService, 9306);
  expect(port).not.toBe(9306);
  const conn = await mariadb.createConnection({ host: '127.0.0.1', port, user: 'app', bigIntAsNumber: true, connectTimeout: 15_000 });
  try {
    return (await conn.query(sql, values)) as T;
  } finally {
    await conn.end();
  }
}

it('sphinx: a plain index is built from its feed by indexer; the private searchd finds its documents over SphinxQL', async () => {
  const r = await t.api.call('createSphinxIndex', {
    body: { ...rtIndex, name: 'products', type: 'plain', source: 'products', fields: [] },
  });
  expect(r.status).toBe(202);
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({
    status: 'succeeded',
    validation: { status: 'passed', tool: 'indexer', output: 'every source read (indexer dry run)' },
  });

  // stem_en: "running" and "runners" are both "run"; min_word_len 2.
  expect(await sphinxql<{ id: number }[]>('SELECT id FROM products WHERE MATCH(?) ORDER BY id ASC', ['running'])).toEqual([
    { id: 1 },
    { id: 3 },
  ]);
  expect(await sphinxql<unknown[]>('SELECT id FROM products WHERE MATCH(?)', ['jacket'])).toEqual([{ id: 2 }]);
  // The real-time index of the demo, filled by the application.
  await sphinxql('INSERT INTO live (id, title, body) VALUES (?, ?, ?)', [7, 'Fresh arrivals', 'New running shoes']);
  expect(await sphinxql<unknown[]>('SELECT id FROM live WHERE MATCH(?)', ['run'])).toEqual([{ id: 7 }]);

  // The same through the portal: its search, and the documents per index.
  const indexes = (await t.api.call('listSphinxIndexes')).body.data;
  expect(indexes.map((i) => [i.name, i.documents])).toEqual([
    ['articles', 0],
    ['live', 1],
    ['products', 3],
  ]);
  const products = indexes.find((i) => i.name === 'products')!;
  const found = await t.api.call('searchSphinxIndex', { path: { indexId: products.id }, query: { q: 'shoes | shirt' } });
  expect(found.body).toEqual({ running: true, ids: [1, 3], total: 2 });
  const refused = await t.api.call('searchSphinxIndex', { path: { indexId: products.id }, query: { q: '"unbalanced' } });
  expect([refused.status, refused.body.error?.fields]).toEqual([422, { q: ['sphinx:errors.query_refused'] }]);

  // The file is secret: the files panel shows no content.
  const files = await t.api.call('getSphinxFiles');
  expect(files.body.files).toEqual([expect.objectContaining({ path: configPath, secret: true })]);
  expect(files.body.files[0]!.content).toBe('');
});

it('sphinx: a database source keeps its password sealed; a source indexer cannot read fails the check and the last version stays', async () => {
  const source = await t.api.call('createSphinxSource', { body: dbSource });
  expect(source.status).toBe(202);
  // Not used by an index yet: not rendered, nothing to read.
  expect(await t.waitForJob(source.body.id)).toMatchObject({ status: 'succeeded' });
  const listed = (await t.api.call('listSphinxSources')).body.data.find((s) => s.name === 'shop')!;
  expect(listed).not.toHaveProperty('password');
  expect(JSON.stringify(await t.changes())).not.toContain(dbSource.password);
  const em = t.portal.db.orm.em.fork();
  const row = await em.findOneOrFail(SphinxSource, { id: listed.id });
  expect(row.passwordSealed).not.toContain(dbSource.password);
  expect(row.passwordSealed.length).toBeGreaterThan(20);

  // An index on it: indexer cannot connect (port 1) → the check fails, the file and the state are restored.
  const before = await t.file(configPath);
  const index = await t.api.call('createSphinxIndex', { body: { ...rtIndex, name: 'catalog', type: 'plain', source: 'shop', fields: [] } });
  const failed = await t.waitForJob(index.body.id);
  expect(failed).toMatchObject({ status: 'failed', validation: { status: 'failed', tool: 'indexer' } });
  expect(failed.validation?.output).toMatch(/sql_connect|connect/i);
  expect(await t.file(configPath)).toBe(before);
  expect((await t.api.call('listSphinxIndexes')).body.data.map((i) => i.name)).toEqual(['articles', 'live', 'products']);
  // searchd still serves the last version.
  expect(await sphinxql<unknown[]>('SELECT id FROM products WHERE MATCH(?)', ['jacket'])).toEqual([{ id: 2 }]);
});

it('sphinx: a real-time index created, searchd restarted with it, undone; settings in the file', async () => {
  const r = await t.api.call('createSphinxIndex', { body: rtIndex });
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded' });
  await sphinxql('INSERT INTO notes (id, title, body) VALUES (1, ?, ?)', ['Meeting', 'Notes about searching']);
  expect(await sphinxql<unknown[]>('SELECT id FROM notes WHERE MATCH(?)', ['search'])).toEqual([{ id: 1 }]);
  expect((await t.changes()).data[0]).toMatchObject({
    summary: { key: 'sphinx:changes.indexCreated', values: { name: 'notes', type: 'rt' } },
  });

  await t.applied('POST', `${t.base()}/managed/plugins/sphinx/rollback`);
  expect((await t.api.call('listSphinxIndexes')).body.data.map((i) => i.name)).toEqual(['articles', 'live', 'products']);
  await expect(sphinxql('SELECT id FROM notes WHERE MATCH(?)', ['search'])).rejects.toThrow(/unknown local index/i);

  const s = await t.api.call('updateSphinxSettings', { body: { ...defaults, maxChildren: 12, queryLog: false } });
  expect(await t.waitForJob(s.body.id)).toMatchObject({ status: 'succeeded' });
  const file = await t.file(configPath);
  expect(file).toContain('max_children = 12');
  expect(file).not.toContain('query_log');
});

it('sphinx: values outside the contract or the rules are refused (422), nothing is stored', async () => {
  const indexes = (await t.api.call('listSphinxIndexes')).body.data;
  const refused = async (op: 'createSphinxSource' | 'createSphinxIndex', body: object) => {
    const r = await t.api.call(op, { body: body as never });
    expect(r.status).toBe(422);
    return r.body.error?.fields;
  };
  expect(await refused('createSphinxIndex', { ...rtIndex, name: 'x\n}\nsearchd' })).toHaveProperty('name');
  expect(await refused('createSphinxIndex', { ...rtIndex, name: 'live' })).toEqual({ name: ['sphinx:errors.name_taken'] });
  expect(await refused('createSphinxIndex', { ...rtIndex, fields: [] })).toEqual({ fields: ['sphinx:errors.required_for_type'] });
  expect(await refused('createSphinxIndex', { ...rtIndex, type: 'plain', source: 'nothing' })).toEqual({
    source: ['sphinx:errors.source_unknown'],
  });
  expect(await refused('createSphinxIndex', { ...rtIndex, morphology: 'stem_xx' })).toHaveProperty('morphology');
  expect(await refused('createSphinxSource', { ...dbSource, name: 'other', query: 'SELECT 1 # comment' })).toHaveProperty('query');
  expect(await refused('createSphinxSource', { ...dbSource, name: 'other', password: 'with"quote' })).toHaveProperty('password');
  expect(await refused('createSphinxSource', { ...dbSource, name: 'other', type: 'tsvpipe', feed: 'a.xml', fields: [] })).toEqual({
    feed: ['sphinx:errors.feed_type'],
    fields: ['sphinx:errors.required_for_type'],
  });
  const products = (await t.api.call('listSphinxSources')).body.data.find((s) => s.name === 'products')!;
  const inUse = await t.api.call('deleteSphinxSource', { path: { sourceId: products.id } });
  expect([inUse.status, inUse.body.error?.fields]).toEqual([422, { _: ['sphinx:errors.source_in_use'] }]);
  expect((await t.api.call('listSphinxIndexes')).body.data).toHaveLength(indexes.length);
});
