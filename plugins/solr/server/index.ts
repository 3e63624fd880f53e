/**
 * Server part of the `solr` module: a config service (settings — the contract's `x-config` — and the cores, a
 * resource of its desired state, rendered by `render.ts`, checked by the SDK's search rules and `solrFileProblems`,
 * applied by a restart as `program.ts` says; stored, rolled back and checked for drift by the family) plus the
 * cores as the running Solr reports them (`cluster.ts`).
 */
import { defineConfigService, defineResource, readSearchCluster, searchSettingsRules, type ErrorNameOf, type FieldErrors, type PluginDatabase } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { solrCoreResource } from '../generated/resources.ts';
import { readSolr, solrAddress } from './cluster.ts';
import { SolrCore } from './entities.ts';
import { Migration20261128150833Solr } from './migrations/Migration20261128150833Solr.ts';
import { Migration20261128160000SolrCores } from './migrations/Migration20261128160000SolrCores.ts';
import programs from './program.ts';
import { render, type Cores, type Prepared } from './render.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `solr:errors.${k}` as const;
const maxCores = 100;

/** The modules of Solr 9's distribution (`SOLR_MODULES`) that shops use. */
export const offeredModules = ['extraction', 'langid', 'analysis-extras', 'ltr', 'clustering', 'scripting', 'sql', 'jwt-auth', 'opentelemetry'];

const coresOf = (em: PluginDatabase, serverId: number) => em.find(SolrCore, { serverId }, { orderBy: { name: 'asc' } });

export const cores = defineResource(solrCoreResource, {
  entity: SolrCore,
  orderBy: { name: 'asc' },
  present: (core) => ({ id: core.id, name: core.name, configSet: core.configSet as '_default', createdAt: core.createdAt.toISOString() }),
  rules: (input, { existing }): FieldErrors | undefined => {
    if (existing.length >= maxCores) return { _: [key('too_many')] };
    if (existing.some((core) => core.name === (input as { name: string }).name)) return { name: [key('name_taken')] };
    return undefined;
  },
  summary: (core) => ({ name: core.name, configSet: core.configSet }),
});

const plugin = defineConfigService<Operations, Settings, Prepared, Cores>(
  {
    config,
    migrations: [Migration20261128150833Solr, Migration20261128160000SolrCores],
    prepare: async ({ gateway }) => ({ port: (await solrAddress(gateway)).port }),
    render,
    desired: {
      entities: [SolrCore],
      load: async (em, server) => ({ cores: (await coresOf(em, server.id)).map((core) => ({ name: core.name, configSet: core.configSet })) }),
    },
    programs,
    rules: searchSettingsRules({ plugins: offeredModules }),
  },
  (ports, family) => ({
    ...cores.handlers(ports),
    getSolrCluster: async (c) => {
      const gateway = ports.gateway(c.server.id);
      const at = await gateway.reach(await solrAddress(gateway));
      const { plugins } = await family.settingsOf(c.em, c.server.id);
      return readSearchCluster(() => readSolr(at), plugins, ports.logger);
    },
  }),
);

/** Demo servers: a shop's two language cores (nothing is applied until someone applies). */
plugin.fixtures = async (c) => {
  if (await c.em.count(SolrCore, { serverId: c.server.id })) return;
  for (const name of ['shop_de', 'shop_en']) c.em.create(SolrCore, { serverId: c.server.id, name, configSet: '_default', createdAt: c.clock.now() });
  await c.em.flush();
};

export default plugin;
