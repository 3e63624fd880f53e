/**
 * Server part of the `open-search` module: a config service (the contract's `x-config` → `render.ts` → the
 * SDK's search rules at saving and on the rendered files → restart, as `program.ts` says; stored, rolled back
 * and checked for drift by the family) plus the cluster as the engine reports it (`cluster.ts`).
 */
import { defineConfigService, readSearchCluster, searchSettingsRules } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { openSearchAddress, readOpenSearch } from './cluster.ts';
import { Migration20261128150817OpenSearch } from './migrations/Migration20261128150817OpenSearch.ts';
import programs from './program.ts';
import { render, type Prepared } from './render.ts';

/** Additional plugins of the OpenSearch 2.x project that shops use (analysis for their languages, attachments). */
export const offeredPlugins = ['analysis-icu', 'analysis-phonetic', 'analysis-kuromoji', 'analysis-smartcn', 'analysis-stempel', 'analysis-ukrainian', 'analysis-nori', 'mapper-size', 'mapper-murmur3', 'ingest-attachment'];

export default defineConfigService<Operations, Settings, Prepared>(
  {
    config,
    migrations: [Migration20261128150817OpenSearch],
    prepare: async ({ gateway }) => ({ port: (await openSearchAddress(gateway)).port }),
    render,
    programs,
    rules: searchSettingsRules({ plugins: offeredPlugins }),
  },
  (ports, family) => ({
    getOpenSearchCluster: async (c) => {
      const gateway = ports.gateway(c.server.id);
      const at = await gateway.reach(await openSearchAddress(gateway));
      const { plugins } = await family.settingsOf(c.em, c.server.id);
      return readSearchCluster(() => readOpenSearch(at), plugins, ports.logger);
    },
  }),
);
