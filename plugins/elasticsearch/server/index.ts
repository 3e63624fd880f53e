/**
 * Server part of the `elasticsearch` module: a config service (the contract's `x-config` → `render.ts` → the
 * SDK's search rules at saving and on the rendered files → restart, as `program.ts` says; stored, rolled back
 * and checked for drift by the family) plus the cluster as the engine reports it (`cluster.ts`).
 */
import { defineConfigService, readSearchCluster, searchSettingsRules } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { elasticsearchAddress, readElasticsearch } from './cluster.ts';
import { Migration20261128150804Elasticsearch } from './migrations/Migration20261128150804Elasticsearch.ts';
import programs from './program.ts';
import { render, type Prepared } from './render.ts';

/** Plugins of Elastic's distribution for 8.x that shops use (analysis for their languages, attachments). */
export const offeredPlugins = ['analysis-icu', 'analysis-phonetic', 'analysis-kuromoji', 'analysis-smartcn', 'analysis-stempel', 'analysis-ukrainian', 'analysis-nori', 'mapper-size', 'mapper-murmur3', 'ingest-attachment'];

export default defineConfigService<Operations, Settings, Prepared>(
  {
    config,
    migrations: [Migration20261128150804Elasticsearch],
    prepare: async ({ gateway }) => ({ port: (await elasticsearchAddress(gateway)).port }),
    render,
    programs,
    rules: searchSettingsRules({ plugins: offeredPlugins }),
  },
  (ports, family) => ({
    getElasticsearchCluster: async (c) => {
      const gateway = ports.gateway(c.server.id);
      const at = await gateway.reach(await elasticsearchAddress(gateway));
      const { plugins } = await family.settingsOf(c.em, c.server.id);
      return readSearchCluster(() => readElasticsearch(at), plugins, ports.logger);
    },
  }),
);
