import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A source of a server's plain indexes: a MariaDB/MySQL query (its password sealed with the portal's secret box,
 * `ports.secrets`, context `sphinx-source:<server>:<name>`) or a feed file (xmlpipe2, TSV).
 */
export const SphinxSource = defineEntity({
  name: 'SphinxSource',
  tableName: 'sphinx_sources',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(48),
    type: p.string().length(16),
    host: p.string().length(253),
    port: p.integer(),
    database: p.string().length(64),
    user: p.string().length(80),
    passwordSealed: p.text(),
    query: p.text(),
    feed: p.string().length(70),
    fields: p.json<string[]>(),
    createdAt: p.datetime(),
  },
});
export type SphinxSource = InferEntity<typeof SphinxSource>;

/** An index searchd serves: plain (built from a source) or real-time, with its tokenizing settings. */
export const SphinxIndex = defineEntity({
  name: 'SphinxIndex',
  tableName: 'sphinx_indexes',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(48),
    type: p.string().length(8),
    source: p.string().length(48),
    fields: p.json<string[]>(),
    charsetTable: p.string().length(16),
    morphology: p.string().length(16),
    minWordLen: p.integer(),
    createdAt: p.datetime(),
  },
});
export type SphinxIndex = InferEntity<typeof SphinxIndex>;
