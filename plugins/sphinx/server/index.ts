/**
 * Server part of the `sphinx` module: a config service (searchd's and indexer's settings, the contract's `x-config`)
 * whose desired state also holds the server's sources and indexes (two resources of `x-resources`, handlers by
 * `defineResource`, joined to the family's state by `desired`). `program.ts` renders them into one file, checks it
 * with `indexer` and applies it (plain indexes built, searchd restarted); `searchd.ts` talks to the running searchd.
 */
import {
  defineConfigService,
  defineResource,
  found,
  validationFailed,
  type ErrorNameOf,
  type FieldErrors,
  type PluginDatabase,
  type PluginHandler,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import type { ResponseOf } from '@portal/openapi';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { sphinxIndexResource, sphinxSourceResource } from '../generated/resources.ts';
import { SphinxIndex, SphinxSource } from './entities.ts';
import { Migration20261128150617Sphinx } from './migrations/Migration20261128150617Sphinx.ts';
import { Migration20261128160000SphinxIndexes } from './migrations/Migration20261128160000SphinxIndexes.ts';
import programs, {
  reload,
  render,
  sphinxAddresses,
  type Desired,
  type DesiredIndex,
  type DesiredSource,
  type Prepared,
} from './program.ts';
import { documents, search, SearchRefused } from './searchd.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `sphinx:errors.${k}` as const;
const maxItems = 100;

/**
 * The portal's secret box, from the ports the host hands to `handlers` at start: `values` seals a source's password
 * with it and `desired.load` (for the pure render, which gets no ports) opens it.
 */
let secrets: PluginPorts['secrets'] | undefined;
const secretContext = (serverId: number, name: string) => `sphinx-source:${serverId}:${name}`;
const box = () => {
  if (!secrets) throw new Error('sphinx: the secret box is not ready (handlers not built yet)');
  return secrets;
};

type SourceInput = {
  name: string;
  type: DesiredSource['type'];
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  query: string;
  feed: string;
  fields: string[];
};
type IndexInput = { name: string; type: DesiredIndex['type']; source: string; fields: string[] };

/** Which fields a source of each type needs (the contract allows them empty, since every field is always sent). */
function sourceRules(i: SourceInput): FieldErrors | undefined {
  const missing = (fields: (keyof SourceInput)[]) =>
    Object.fromEntries(fields.filter((f) => !String(i[f] ?? '').length).map((f) => [f, [key('required_for_type')]]));
  let errors: FieldErrors;
  if (i.type === 'mysql') errors = missing(['host', 'database', 'user', 'query']);
  else {
    errors = missing(['feed']);
    const ending = i.type === 'xmlpipe2' ? '.xml' : '.tsv';
    if (i.feed && !i.feed.endsWith(ending)) errors.feed = [key('feed_type')];
    if (i.type === 'tsvpipe' && !i.fields.length) errors.fields = [key('required_for_type')];
  }
  return Object.keys(errors).length ? errors : undefined;
}

export const sources = defineResource(sphinxSourceResource, {
  entity: SphinxSource,
  orderBy: { name: 'asc' },
  present: (s) => ({
    id: s.id,
    name: s.name,
    type: s.type as DesiredSource['type'],
    host: s.host,
    port: s.port,
    database: s.database,
    user: s.user,
    query: s.query,
    feed: s.feed,
    fields: [...s.fields],
    createdAt: s.createdAt.toISOString(),
  }),
  rules: (input, { existing }) => {
    const i = input as SourceInput;
    if (existing.length >= maxItems) return { _: [key('too_many')] };
    if (existing.some((s) => s.name === i.name)) return { name: [key('name_taken')] };
    return sourceRules(i);
  },
  values: (input, { server }) => {
    const { password, ...rest } = input as SourceInput;
    const pipe = rest.type !== 'mysql';
    return {
      ...rest,
      // A feed has no database; a database source no feed (what the other type left in its fields is not kept).
      ...(pipe ? { host: '', port: 0, database: '', user: '', query: '' } : { feed: '', fields: [] }),
      passwordSealed: pipe || !password ? '' : box().seal(password, secretContext(server.id, rest.name)),
    };
  },
  summary: (s) => ({ name: s.name, type: s.type }),
  changes: { created: 'sourceCreated', deleted: 'sourceDeleted' },
});

export const indexes = defineResource(sphinxIndexResource, {
  entity: SphinxIndex,
  orderBy: { name: 'asc' },
  present: (i) => ({
    id: i.id,
    name: i.name,
    type: i.type as DesiredIndex['type'],
    source: i.source,
    fields: [...i.fields],
    charsetTable: i.charsetTable as DesiredIndex['charsetTable'],
    morphology: i.morphology as 'none',
    minWordLen: i.minWordLen,
    documents: null,
    createdAt: i.createdAt.toISOString(),
  }),
  rules: async (input, { existing, em, server }): Promise<FieldErrors | undefined> => {
    const i = input as IndexInput;
    if (existing.length >= maxItems) return { _: [key('too_many')] };
    if (existing.some((x) => x.name === i.name)) return { name: [key('name_taken')] };
    if (i.type === 'rt') return i.fields.length ? undefined : { fields: [key('required_for_type')] };
    if (!i.source) return { source: [key('required_for_type')] };
    if (!(await em.count(SphinxSource, { serverId: server.id, name: i.source }))) return { source: [key('source_unknown')] };
    return undefined;
  },
  values: (input) => {
    const i = input as IndexInput & Record<string, unknown>;
    return { ...i, source: i.type === 'rt' ? '' : i.source, fields: i.type === 'rt' ? [...i.fields] : [] } as never;
  },
  summary: (i) => ({ name: i.name, type: i.type }),
  changes: { created: 'indexCreated', deleted: 'indexDeleted' },
});

function handlers(ports: PluginPorts) {
  secrets = ports.secrets;
  const base = { ...sources.handlers(ports), ...indexes.handlers(ports) };
  return {
    ...base,
    listSphinxIndexes: (async (c) => {
      const answer = (await base.listSphinxIndexes(c)) as ResponseOf<'listSphinxIndexes'>;
      const count = await documents(
        ports.gateway(c.server.id),
        answer.data.map((i) => i.name),
      );
      return { ...answer, data: answer.data.map((i) => ({ ...i, documents: count.get(i.name) ?? null })) };
    }) satisfies PluginHandler<'listSphinxIndexes'>,
    // A source an index is built from stays (the index would have nothing to read).
    deleteSphinxSource: (async (c) =>
      (
        await ports.jobs.store(c, async (em) => {
          const source = found(await em.findOne(SphinxSource, { id: c.params.sourceId, serverId: c.server.id }));
          if (await em.count(SphinxIndex, { serverId: c.server.id, source: source.name }))
            throw validationFailed({ _: [key('source_in_use')] });
          await em.nativeDelete(SphinxSource, { id: source.id });
          return { key: 'sphinx:changes.sourceDeleted', values: { name: source.name, type: source.type } };
        })
      ).job) satisfies PluginHandler<'deleteSphinxSource'>,
    searchSphinxIndex: (async (c) => {
      const index = found(await c.em.findOne(SphinxIndex, { id: c.params.indexId, serverId: c.server.id }));
      try {
        return await search(ports.gateway(c.server.id), index.name, c.query.q, c.query.limit ?? 20);
      } catch (e) {
        if (e instanceof SearchRefused) throw validationFailed({ q: [key('query_refused')] });
        throw e;
      }
    }) satisfies PluginHandler<'searchSphinxIndex'>,
  };
}

async function load(em: PluginDatabase, server: { id: number }): Promise<Desired> {
  const rows = await em.find(SphinxSource, { serverId: server.id }, { orderBy: { name: 'asc' } });
  return {
    sources: rows.map((s) => ({
      name: s.name,
      type: s.type as DesiredSource['type'],
      host: s.host,
      port: s.port,
      database: s.database,
      user: s.user,
      password: s.passwordSealed ? box().open(s.passwordSealed, secretContext(server.id, s.name)) : '',
      query: s.query,
      feed: s.feed,
      fields: [...s.fields],
    })),
    indexes: (await em.find(SphinxIndex, { serverId: server.id }, { orderBy: { name: 'asc' } })).map((i) => ({
      name: i.name,
      type: i.type as DesiredIndex['type'],
      source: i.source,
      fields: [...i.fields],
      charsetTable: i.charsetTable as DesiredIndex['charsetTable'],
      morphology: i.morphology,
      minWordLen: i.minWordLen,
    })),
  };
}

const plugin = defineConfigService<Operations, Settings, Prepared, Desired>(
  {
    config,
    migrations: [Migration20261128150617Sphinx, Migration20261128160000SphinxIndexes],
    prepare: async ({ gateway }) => {
      const { api, sql } = await sphinxAddresses(gateway);
      return { port: api.port, sqlPort: sql.port };
    },
    render: (s, c) => render(s, c),
    desired: { entities: [SphinxSource, SphinxIndex], load },
    programs,
    // The check is the descriptor's (run by the gateway after it prepared the instance's directories); the reload builds and restarts.
    steps: { service: 'sphinx', reload },
    fixtures: () => ({ maxChildren: 60 }),
  },
  (ports) => handlers(ports) as never,
);

/**
 * Demo servers: two real-time indexes (the shop's live search, its articles) and two feeds no index is built from yet
 * (the demo servers have no feed files, so a plain index on them would fail the check until the shop exports one).
 */
const settingsFixtures = plugin.fixtures!;
plugin.fixtures = async (c) => {
  await settingsFixtures(c);
  if (await c.em.count(SphinxSource, { serverId: c.server.id })) return;
  const now = c.clock.now();
  const feed = { host: '', port: 0, database: '', user: '', passwordSealed: '', query: '', createdAt: now };
  c.em.create(SphinxSource, {
    ...feed,
    serverId: c.server.id,
    name: 'products',
    type: 'tsvpipe',
    feed: 'products.tsv',
    fields: ['title', 'description'],
  });
  c.em.create(SphinxSource, { ...feed, serverId: c.server.id, name: 'news', type: 'xmlpipe2', feed: 'news.xml', fields: [] });
  const tokens = { charsetTable: 'western', morphology: 'stem_en', minWordLen: 2, createdAt: now };
  c.em.create(SphinxIndex, { ...tokens, serverId: c.server.id, name: 'live', type: 'rt', source: '', fields: ['title', 'body'] });
  c.em.create(SphinxIndex, { ...tokens, serverId: c.server.id, name: 'articles', type: 'rt', source: '', fields: ['title', 'content'] });
  await c.em.flush();
};

export default plugin;
