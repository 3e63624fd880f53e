/**
 * Server part of the `tomcat` module: a config service (heap, JVM options and the HTTP connector — the contract's
 * `x-config`) whose desired state also holds the deployed web applications (`x-resources`, `defineResource`). Both
 * are rendered by `program.ts` into the private instance's CATALINA_BASE and applied in one job: checked by
 * `catalina.sh configtest`, then the instance restarted (`instance.ts`).
 */
import { defineConfigService, defineResource, type ErrorNameOf, type FieldErrors, type PluginDatabase } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { tomcatApplicationResource } from '../generated/resources.ts';
import { instanceHandlers, reload, validate } from './instance.ts';
import { Migration20261128175904Tomcat } from './migrations/Migration20261128175904Tomcat.ts';
import programs, { render, tomcatAddress, type Deployment, type Prepared } from './program.ts';
import { TomcatApplication } from './TomcatApplication.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `tomcat:errors.${k}` as const;
const maxApplications = 50;
/** Where an application's WAR or directory may live on the server. */
export const sourceRoots = ['/srv/', '/var/www/'];

/** The rules beyond the contract's limits (pure, so a unit test covers them). */
export function checkApplication(input: { name: string; source: string }, existing: readonly { name: string }[]): FieldErrors | undefined {
  if (existing.length >= maxApplications) return { _: [key('too_many')] };
  if (existing.some((a) => a.name === input.name)) return { name: [key('name_taken')] };
  if (!sourceRoots.some((root) => input.source.startsWith(root)) || input.source.split('/').some((s) => s === '..' || s === '.'))
    return { source: [key('source_outside')] };
  return undefined;
}

export const checkSettingsRules = (s: Settings): FieldErrors | undefined =>
  s.heapMinMb > s.heapMaxMb ? { heapMinMb: [key('heap_min_above_max')] } : undefined;

export const applications = defineResource(tomcatApplicationResource, {
  entity: TomcatApplication,
  orderBy: { name: 'asc' },
  present: (a) => ({ id: a.id, name: a.name, source: a.source, createdAt: a.createdAt.toISOString() }),
  rules: (input, { existing }) => checkApplication(input as Deployment, existing),
  summary: (a) => ({ name: a.name, source: a.source }),
  changes: { created: 'deployed', deleted: 'undeployed' },
});

const applicationsOf = (em: PluginDatabase, serverId: number) => em.find(TomcatApplication, { serverId }, { orderBy: { name: 'asc' } });

const plugin = defineConfigService<Operations, Settings, Prepared, Deployment[]>(
  {
    config,
    migrations: [Migration20261128175904Tomcat],
    prepare: async ({ gateway }) => ({ port: (await tomcatAddress(gateway)).port }),
    render: (s, c) => render(s, c),
    rules: checkSettingsRules,
    desired: {
      entities: [TomcatApplication],
      load: async (em, server) => (await applicationsOf(em, server.id)).map((a) => ({ name: a.name, source: a.source })),
    },
    programs,
    steps: { service: 'tomcat', validate, reload },
    fixtures: () => ({ heapMinMb: 128, heapMaxMb: 512 }),
  },
  (ports) => ({ ...applications.handlers(ports), ...instanceHandlers(ports) }) as never,
);

/** Demo servers: a larger heap and a shop's web application. */
const settingsFixtures = plugin.fixtures!;
plugin.fixtures = async (c) => {
  await settingsFixtures(c);
  if (await c.em.count(TomcatApplication, { serverId: c.server.id })) return;
  c.em.create(TomcatApplication, { serverId: c.server.id, name: 'shop', source: '/srv/apps/shop.war', createdAt: c.clock.now() });
  await c.em.flush();
};

export default plugin;
