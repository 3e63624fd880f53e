/**
 * Server part of the `tomcat` module: a config service (`x-config`: the values a new instance starts from) whose
 * desired state holds the server's Tomcat instances and the web applications deployed in them (`x-resources`,
 * `defineResource`). Everything is rendered by `program.ts` — one CATALINA_BASE per instance — and applied in one
 * job: `catalina.sh configtest` on every changed instance, then only the changed instances restart (`instance.ts`).
 */
import { defineConfigService, defineResource, type ErrorNameOf, type FieldErrors, type PluginDatabase, type ServerPlugin } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { tomcatApplicationResource, tomcatInstanceResource } from '../generated/resources.ts';
import { reload, statusHandlers, validate } from './instance.ts';
import { Migration20261128175904Tomcat } from './migrations/Migration20261128175904Tomcat.ts';
import { Migration20261129090000TomcatInstances } from './migrations/Migration20261129090000TomcatInstances.ts';
import programs, { connectorAddress, maxInstances, render, slots, type Deployment, type Desired, type InstanceSpec, type Prepared } from './program.ts';
import { TomcatApplication } from './TomcatApplication.ts';
import { TomcatInstance } from './TomcatInstance.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `tomcat:errors.${k}` as const;
const maxApplications = 50;
/** Where an application's WAR or directory may live on the server. */
export const sourceRoots = ['/srv/', '/var/www/'];

/** The rules of an application beyond the contract's limits (pure, so a unit test covers them). */
export function checkApplication(
  input: Deployment,
  existing: readonly Pick<Deployment, 'name' | 'instance'>[],
  instances: readonly string[] = [input.instance],
): FieldErrors | undefined {
  if (existing.length >= maxApplications) return { _: [key('too_many')] };
  if (!instances.includes(input.instance)) return { instance: [key('instance_unknown')] };
  if (existing.some((a) => a.name === input.name && (a.instance ?? 'default') === input.instance)) return { name: [key('name_taken')] };
  if (!sourceRoots.some((root) => input.source.startsWith(root)) || input.source.split('/').some((s) => s === '..' || s === '.'))
    return { source: [key('source_outside')] };
  return undefined;
}

export const checkSettingsRules = (s: Pick<Settings, 'heapMinMb' | 'heapMaxMb'>): FieldErrors | undefined =>
  s.heapMinMb > s.heapMaxMb ? { heapMinMb: [key('heap_min_above_max')] } : undefined;

type InstanceInput = Omit<InstanceSpec, 'slot'>;

/** The rules of an instance beyond the contract's limits: unique name and port, a free slot, a fixed name, the heap. */
export function checkInstance(input: InstanceInput, existing: readonly InstanceSpec[], current?: InstanceSpec): FieldErrors | undefined {
  const others = existing.filter((i) => i !== current && i.name !== current?.name);
  if (!current && existing.length >= maxInstances) return { _: [key('too_many_instances')] };
  if (current && input.name !== current.name) return { name: [key('name_fixed')] };
  if (others.some((i) => i.name === input.name)) return { name: [key('instance_taken')] };
  if (others.some((i) => i.port === input.port)) return { port: [key('port_taken')] };
  return checkSettingsRules(input);
}

/** The smallest slot no instance of the server runs in. */
export const freeSlot = (existing: readonly Pick<InstanceSpec, 'slot'>[]) => slots.find((s) => !existing.some((i) => i.slot === s)) ?? 0;

export const instances = defineResource(tomcatInstanceResource, {
  entity: TomcatInstance,
  orderBy: { name: 'asc' },
  present: (i) => ({
    id: i.id,
    name: i.name,
    port: i.port,
    heapMinMb: i.heapMinMb,
    heapMaxMb: i.heapMaxMb,
    jvmOptions: i.jvmOptions,
    maxThreads: i.maxThreads,
    connectionTimeoutMs: i.connectionTimeoutMs,
    createdAt: i.createdAt.toISOString(),
  }),
  rules: (input, { existing, current }) => checkInstance(input as InstanceInput, existing, current),
  values: (input, { existing, current }) => ({ ...(input as InstanceInput), ...(current ? {} : { slot: freeSlot(existing) }) }),
  // Removing an instance undeploys its applications with it (the confirmation says so); the rollback brings both back.
  beforeChange: async ({ em, server, kind, current }) => {
    if (kind === 'deleted' && current) for (const a of await em.find(TomcatApplication, { serverId: server.id, instance: current.name })) em.remove(a);
  },
  summary: (i) => ({ name: i.name, port: i.port, heapMaxMb: i.heapMaxMb }),
  changes: { created: 'instanceCreated', updated: 'instanceUpdated', deleted: 'instanceDeleted' },
});

export const applications = defineResource(tomcatApplicationResource, {
  entity: TomcatApplication,
  orderBy: { name: 'asc' },
  present: (a) => ({ id: a.id, name: a.name, source: a.source, instance: a.instance, createdAt: a.createdAt.toISOString() }),
  rules: async (input, { em, server, existing }) =>
    checkApplication(input as Deployment, existing, (await em.find(TomcatInstance, { serverId: server.id })).map((i) => i.name)),
  summary: (a) => ({ name: a.name, source: a.source, instance: a.instance }),
  changes: { created: 'deployed', deleted: 'undeployed' },
});

const instancesOf = (em: PluginDatabase, serverId: number) => em.find(TomcatInstance, { serverId }, { orderBy: { name: 'asc' } });

async function desiredOf(em: PluginDatabase, serverId: number): Promise<Desired> {
  const rows = await instancesOf(em, serverId);
  const apps = await em.find(TomcatApplication, { serverId }, { orderBy: { name: 'asc' } });
  return {
    instances: rows.map(({ name, slot, port, heapMinMb, heapMaxMb, jvmOptions, maxThreads, connectionTimeoutMs }) => ({
      name,
      slot,
      port,
      heapMinMb,
      heapMaxMb,
      jvmOptions,
      maxThreads,
      connectionTimeoutMs,
    })),
    applications: apps.map((a) => ({ name: a.name, source: a.source, instance: a.instance })),
  };
}

const plugin: ServerPlugin<Operations> = defineConfigService<Operations, Settings, Prepared, Desired>(
  {
    config,
    migrations: [Migration20261128175904Tomcat, Migration20261129090000TomcatInstances],
    render: (_s, c) => render(c),
    rules: checkSettingsRules,
    desired: {
      // Instances first: applications name theirs.
      entities: [TomcatInstance, TomcatApplication],
      load: (em, server) => desiredOf(em, server.id),
    },
    programs,
    // `tomcat` (the single instance before instances) is the plugin's apply lock; the steps check and restart per instance.
    steps: { service: 'tomcat', validate, reload },
    fixtures: () => ({ heapMinMb: 128, heapMaxMb: 512 }),
  },
  (ports) => ({ ...instances.handlers(ports), ...applications.handlers(ports), ...statusHandlers(ports) }) as never,
);

/** The connector address of every instance (by its configured port): gateway I/O before the pure render. */
plugin.prepare = async (c) => {
  const rows = await instancesOf(c.em, c.server.id);
  const ports: Record<string, number> = {};
  for (const i of rows) ports[String(i.port)] = (await connectorAddress(c.gateway, i.port)).port;
  return { ports } satisfies Prepared;
};

/** Demo servers: the `default` instance with a larger heap and a shop's web application in it. */
const settingsFixtures = plugin.fixtures!;
plugin.fixtures = async (c) => {
  await settingsFixtures(c);
  if (await c.em.count(TomcatInstance, { serverId: c.server.id })) return;
  const now = c.clock.now();
  c.em.create(TomcatInstance, {
    serverId: c.server.id,
    name: 'default',
    slot: 1,
    port: 8080,
    heapMinMb: 128,
    heapMaxMb: 512,
    jvmOptions: '',
    maxThreads: 50,
    connectionTimeoutMs: 20000,
    createdAt: now,
  });
  c.em.create(TomcatApplication, { serverId: c.server.id, name: 'shop', source: '/srv/apps/shop.war', instance: 'default', createdAt: now });
  await c.em.flush();
};

export default plugin;
