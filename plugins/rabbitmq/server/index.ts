/**
 * Server part of the `rabbitmq` module, a member of two families: the config service (its settings — the contract's
 * `x-config` — rendered into `rabbitmq.conf`, checked by the broker's own schemas) whose desired state also holds the
 * broker's virtual hosts, users and permissions (`x-resources`, `defineResource`), all rendered by `program.ts` and
 * applied in one job whose reload step (`broker.ts`) restarts the private node when its configuration changed and
 * brings the definitions in line through the management API; and the stats service (live figures, `sampler.ts`).
 */
import {
  defineConfigService,
  defineResource,
  defineStatsService,
  found,
  validationFailed,
  withFamilies,
  type ErrorNameOf,
  type FieldErrors,
  type PluginDatabase,
  type PluginHandler,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import {
  rabbitmqBindingResource,
  rabbitmqExchangeResource,
  rabbitmqPermissionResource,
  rabbitmqPolicyResource,
  rabbitmqUserResource,
  rabbitmqVhostResource,
} from '../generated/resources.ts';
import { queues, reload, reservedUsers } from './broker.ts';
import { RabbitmqBinding, RabbitmqExchange, RabbitmqPermission, RabbitmqPolicy, RabbitmqUser, RabbitmqVhost, type PolicyDefinition } from './entities.ts';
import { Migration20261128150951Rabbitmq } from './migrations/Migration20261128150951Rabbitmq.ts';
import { Migration20261128160000RabbitmqState } from './migrations/Migration20261128160000RabbitmqState.ts';
import { Migration20261129080000RabbitmqRouting } from './migrations/Migration20261129080000RabbitmqRouting.ts';
import { generatePassword, passwordHash } from './passwords.ts';
import programs, { brokerPorts, render, type Definitions, type Prepared } from './program.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `rabbitmq:errors.${k}` as const;
const maxItems = 200;

const vhostsOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqVhost, { serverId }, { orderBy: { name: 'asc' } });
const usersOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqUser, { serverId }, { orderBy: { name: 'asc' } });
const permissionsOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqPermission, { serverId }, { orderBy: { vhost: 'asc', user: 'asc' } });
const policiesOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqPolicy, { serverId }, { orderBy: { vhost: 'asc', name: 'asc' } });
const exchangesOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqExchange, { serverId }, { orderBy: { vhost: 'asc', name: 'asc' } });
const bindingsOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqBinding, { serverId }, { orderBy: { vhost: 'asc', source: 'asc', destination: 'asc', routingKey: 'asc' } });
const vhostKnown = async (em: PluginDatabase, serverId: number, vhost: string) => (await vhostsOf(em, serverId)).some((v) => v.name === vhost);

/** Whether a permission pattern is a regular expression (the broker's PCRE and JavaScript agree on the common ones; the broker checks again). */
export function patternProblem(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return false;
  } catch {
    return true;
  }
}

type Tag = 'administrator' | 'monitoring' | 'policymaker' | 'management' | 'impersonator';
const presentUser = (u: RabbitmqUser) => ({
  id: u.id,
  name: u.name,
  tags: [...u.tags] as Tag[],
  createdAt: u.createdAt.toISOString(),
  passwordSetAt: u.passwordSetAt.toISOString(),
});

export const vhosts = defineResource(rabbitmqVhostResource, {
  entity: RabbitmqVhost,
  orderBy: { name: 'asc' },
  present: (v) => ({ id: v.id, name: v.name, description: v.description, createdAt: v.createdAt.toISOString() }),
  rules: (input, { existing }): FieldErrors | undefined => {
    const i = input as { name: string };
    if (existing.length >= maxItems) return { _: [key('too_many')] };
    if (existing.some((v) => v.name === i.name)) return { name: [key('name_taken')] };
    return undefined;
  },
  summary: (v) => ({ name: v.name }),
  changes: { created: 'vhostCreated', deleted: 'vhostDeleted' },
});

export const users = defineResource(rabbitmqUserResource, {
  entity: RabbitmqUser,
  orderBy: { name: 'asc' },
  present: presentUser,
  values: (input) => ({ tags: [...(input as { tags: string[] }).tags] }),
  summary: (u) => ({ name: u.name, tags: u.tags.join(', ') || '–' }),
  changes: { updated: 'userTagsChanged' },
});

export const permissions = defineResource(rabbitmqPermissionResource, {
  entity: RabbitmqPermission,
  orderBy: { vhost: 'asc', user: 'asc' },
  present: (p) => ({ id: p.id, vhost: p.vhost, user: p.user, configure: p.configure, write: p.write, read: p.read }),
  rules: async (input, { em, server, existing, current }): Promise<FieldErrors | undefined> => {
    const i = input as { vhost: string; user: string; configure: string; write: string; read: string };
    const errors: FieldErrors = {};
    if (!current && existing.length >= maxItems) return { _: [key('too_many')] };
    if (!(await vhostsOf(em, server.id)).some((v) => v.name === i.vhost)) errors.vhost = [key('vhost_unknown')];
    if (!(await usersOf(em, server.id)).some((u) => u.name === i.user)) errors.user = [key('user_unknown')];
    else if (existing.some((p) => p.vhost === i.vhost && p.user === i.user && p.id !== current?.id)) errors.user = [key('permission_taken')];
    for (const f of ['configure', 'write', 'read'] as const) if (patternProblem(i[f])) errors[f] = [key('pattern_invalid')];
    return Object.keys(errors).length ? errors : undefined;
  },
  values: (input) => {
    const i = input as { vhost: string; user: string; configure: string; write: string; read: string };
    return { vhost: i.vhost, user: i.user, configure: i.configure, write: i.write, read: i.read };
  },
  summary: (p) => ({ user: p.user, vhost: p.vhost, configure: p.configure || '–', write: p.write || '–', read: p.read || '–' }),
  changes: { created: 'permissionGranted', updated: 'permissionChanged', deleted: 'permissionRevoked' },
});

type PolicyInput = { vhost: string; name: string; pattern: string; applyTo: 'queues' | 'exchanges' | 'all'; priority: number; definition: PolicyDefinition };
/** A definition as stored: its keys in a fixed order (the contract allows only the whitelisted keys and types). */
const definitionOf = (d: PolicyDefinition) => Object.fromEntries(Object.entries(d).sort(([a], [b]) => a.localeCompare(b)));
const definitionText = (d: PolicyDefinition) => Object.entries(d).map(([k, v]) => `${k}=${v}`).join(', ');

export const policies = defineResource(rabbitmqPolicyResource, {
  entity: RabbitmqPolicy,
  orderBy: { vhost: 'asc', name: 'asc' },
  present: (p) => ({ id: p.id, vhost: p.vhost, name: p.name, pattern: p.pattern, applyTo: p.applyTo as PolicyInput['applyTo'], priority: p.priority, definition: { ...p.definition } }),
  rules: async (input, { em, server, existing, current }): Promise<FieldErrors | undefined> => {
    const i = input as PolicyInput;
    const errors: FieldErrors = {};
    if (!current && existing.length >= maxItems) return { _: [key('too_many')] };
    if (!(await vhostKnown(em, server.id, i.vhost))) errors.vhost = [key('vhost_unknown')];
    else if (existing.some((p) => p.vhost === i.vhost && p.name === i.name && p.id !== current?.id)) errors.name = [key('policy_taken')];
    if (patternProblem(i.pattern)) errors.pattern = [key('pattern_invalid')];
    if (!Object.keys(i.definition).length) errors.definition = [key('definition_empty')];
    return Object.keys(errors).length ? errors : undefined;
  },
  values: (input) => {
    const i = input as PolicyInput;
    return { vhost: i.vhost, name: i.name, pattern: i.pattern, applyTo: i.applyTo, priority: i.priority, definition: definitionOf(i.definition) };
  },
  summary: (p) => ({ name: p.name, vhost: p.vhost, pattern: p.pattern, definition: definitionText(p.definition) }),
  changes: { created: 'policySet', updated: 'policyChanged', deleted: 'policyCleared' },
});

type ExchangeInput = { vhost: string; name: string; type: 'direct' | 'fanout' | 'topic' | 'headers'; durable: boolean; autoDelete: boolean };
export const exchanges = defineResource(rabbitmqExchangeResource, {
  entity: RabbitmqExchange,
  orderBy: { vhost: 'asc', name: 'asc' },
  present: (e) => ({ id: e.id, vhost: e.vhost, name: e.name, type: e.type as ExchangeInput['type'], durable: e.durable, autoDelete: e.autoDelete }),
  rules: async (input, { em, server, existing }): Promise<FieldErrors | undefined> => {
    const i = input as ExchangeInput;
    if (existing.length >= maxItems) return { _: [key('too_many')] };
    const errors: FieldErrors = {};
    if (!(await vhostKnown(em, server.id, i.vhost))) errors.vhost = [key('vhost_unknown')];
    if (/^amq\./i.test(i.name)) errors.name = [key('name_reserved')];
    else if (existing.some((e) => e.vhost === i.vhost && e.name === i.name)) errors.name = [key('exchange_taken')];
    return Object.keys(errors).length ? errors : undefined;
  },
  values: (input) => {
    const i = input as ExchangeInput;
    return { vhost: i.vhost, name: i.name, type: i.type, durable: i.durable, autoDelete: i.autoDelete };
  },
  summary: (e) => ({ name: e.name, vhost: e.vhost, type: e.type }),
  changes: { created: 'exchangeCreated', deleted: 'exchangeDeleted' },
});

type BindingInput = { vhost: string; source: string; destinationType: 'queue' | 'exchange'; destination: string; routingKey: string };
export const bindings = defineResource(rabbitmqBindingResource, {
  entity: RabbitmqBinding,
  orderBy: { vhost: 'asc', source: 'asc', destination: 'asc' },
  present: (b) => ({ id: b.id, vhost: b.vhost, source: b.source, destinationType: b.destinationType as BindingInput['destinationType'], destination: b.destination, routingKey: b.routingKey }),
  rules: async (input, { em, server, existing }): Promise<FieldErrors | undefined> => {
    const i = input as BindingInput;
    if (existing.length >= maxItems) return { _: [key('too_many')] };
    const errors: FieldErrors = {};
    if (!(await vhostKnown(em, server.id, i.vhost))) return { vhost: [key('vhost_unknown')] };
    const names = new Set((await exchangesOf(em, server.id)).filter((e) => e.vhost === i.vhost).map((e) => e.name));
    if (!names.has(i.source)) errors.source = [key('exchange_unknown')];
    if (i.destinationType === 'exchange' && !names.has(i.destination)) errors.destination = [key('exchange_unknown')];
    else if (existing.some((b) => b.vhost === i.vhost && b.source === i.source && b.destinationType === i.destinationType && b.destination === i.destination && b.routingKey === i.routingKey))
      errors.destination = [key('binding_taken')];
    return Object.keys(errors).length ? errors : undefined;
  },
  values: (input) => {
    const i = input as BindingInput;
    return { vhost: i.vhost, source: i.source, destinationType: i.destinationType, destination: i.destination, routingKey: i.routingKey };
  },
  summary: (b) => ({ source: b.source, destination: b.destination, vhost: b.vhost, routingKey: b.routingKey || '–' }),
  changes: { created: 'bindingCreated', deleted: 'bindingDeleted' },
});

function handlers(ports: PluginPorts) {
  return {
    ...vhosts.handlers(ports),
    ...users.handlers(ports),
    ...permissions.handlers(ports),
    ...policies.handlers(ports),
    ...exchanges.handlers(ports),
    ...bindings.handlers(ports),
    deleteRabbitmqExchange: (async (c) =>
      (
        await ports.jobs.store(c, async (em) => {
          const exchange = found(await em.findOne(RabbitmqExchange, { id: c.params.exchangeId, serverId: c.server.id }));
          await em.nativeDelete(RabbitmqBinding, { serverId: c.server.id, vhost: exchange.vhost, source: exchange.name });
          await em.nativeDelete(RabbitmqBinding, { serverId: c.server.id, vhost: exchange.vhost, destinationType: 'exchange', destination: exchange.name });
          em.remove(exchange);
          return { key: 'rabbitmq:changes.exchangeDeleted', values: { name: exchange.name, vhost: exchange.vhost, type: exchange.type } };
        })
      ).job) satisfies PluginHandler<'deleteRabbitmqExchange'>,
    deleteRabbitmqVhost: (async (c) =>
      (
        await ports.jobs.store(c, async (em) => {
          const vhost = found(await em.findOne(RabbitmqVhost, { id: c.params.vhostId, serverId: c.server.id }));
          for (const entity of [RabbitmqPermission, RabbitmqPolicy, RabbitmqExchange, RabbitmqBinding] as const) await em.nativeDelete(entity as typeof RabbitmqPermission, { serverId: c.server.id, vhost: vhost.name });
          em.remove(vhost);
          return { key: 'rabbitmq:changes.vhostDeleted', values: { name: vhost.name } };
        })
      ).job) satisfies PluginHandler<'deleteRabbitmqVhost'>,
    deleteRabbitmqUser: (async (c) =>
      (
        await ports.jobs.store(c, async (em) => {
          const user = found(await em.findOne(RabbitmqUser, { id: c.params.userId, serverId: c.server.id }));
          await em.nativeDelete(RabbitmqPermission, { serverId: c.server.id, user: user.name });
          em.remove(user);
          return { key: 'rabbitmq:changes.userDeleted', values: { name: user.name } };
        })
      ).job) satisfies PluginHandler<'deleteRabbitmqUser'>,
    createRabbitmqUser: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      let created: RabbitmqUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        const existing = await usersOf(em, c.server.id);
        if (existing.length >= maxItems) throw validationFailed({ _: [key('too_many')] });
        if (reservedUsers.includes(c.body.name.toLowerCase())) throw validationFailed({ name: [key('name_reserved')] });
        if (existing.some((u) => u.name === c.body.name)) throw validationFailed({ name: [key('user_taken')] });
        created = em.create(RabbitmqUser, { serverId: c.server.id, name: c.body.name, tags: [...c.body.tags], passwordHash: passwordHash(password), createdAt: now, passwordSetAt: now });
        return { key: 'rabbitmq:changes.userCreated', values: { name: c.body.name, tags: c.body.tags.join(', ') || '–' } };
      });
      return { job, user: presentUser(created!), password };
    }) satisfies PluginHandler<'createRabbitmqUser'>,
    renewRabbitmqUserPassword: (async (c) => {
      const password = generatePassword();
      let user: RabbitmqUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        user = found(await em.findOne(RabbitmqUser, { id: c.params.userId, serverId: c.server.id }));
        em.assign(user, { passwordHash: passwordHash(password), passwordSetAt: ports.clock.now() });
        return { key: 'rabbitmq:changes.passwordRenewed', values: { name: user.name } };
      });
      return { job, user: presentUser(user!), password };
    }) satisfies PluginHandler<'renewRabbitmqUserPassword'>,
    listRabbitmqQueues: (async (c) => {
      const data = await queues(ports.gateway(c.server.id), c.query.vhost);
      return { running: data !== undefined, data: data ?? [] };
    }) satisfies PluginHandler<'listRabbitmqQueues'>,
  };
}

const settings = defineConfigService<Operations, Settings, Prepared, Definitions>(
  {
    config,
    migrations: [Migration20261128150951Rabbitmq, Migration20261128160000RabbitmqState, Migration20261129080000RabbitmqRouting],
    prepare: async ({ gateway }) => brokerPorts(gateway),
    render: (s, c) => render(s, c),
    desired: {
      entities: [RabbitmqVhost, RabbitmqUser, RabbitmqPermission, RabbitmqPolicy, RabbitmqExchange, RabbitmqBinding],
      load: async (em, server) => ({
        vhosts: (await vhostsOf(em, server.id)).map((v) => ({ name: v.name, description: v.description })),
        users: (await usersOf(em, server.id)).map((u) => ({ name: u.name, hash: u.passwordHash, tags: [...u.tags] })),
        permissions: (await permissionsOf(em, server.id)).map((p) => ({ vhost: p.vhost, user: p.user, configure: p.configure, write: p.write, read: p.read })),
        policies: (await policiesOf(em, server.id)).map((p) => ({ vhost: p.vhost, name: p.name, pattern: p.pattern, applyTo: p.applyTo, priority: p.priority, definition: definitionOf(p.definition) })),
        exchanges: (await exchangesOf(em, server.id)).map((e) => ({ vhost: e.vhost, name: e.name, type: e.type, durable: e.durable, autoDelete: e.autoDelete })),
        bindings: (await bindingsOf(em, server.id)).map((b) => ({ vhost: b.vhost, source: b.source, destinationType: b.destinationType, destination: b.destination, routingKey: b.routingKey })),
      }),
    },
    programs,
    steps: { service: 'rabbitmq', reload },
    fixtures: () => ({ memoryHighWatermarkPercent: 40, diskFreeLimitMb: 1024 }),
  },
  (ports) => handlers(ports) as never,
);

/** Demo servers: the settings above, a shop's virtual hosts, its application and monitoring users (no password anyone knows), a policy, two exchanges and a binding. */
const settingsFixtures = settings.fixtures!;
settings.fixtures = async (c) => {
  await settingsFixtures(c);
  if (await c.em.count(RabbitmqVhost, { serverId: c.server.id })) return;
  const now = c.clock.now();
  for (const [name, description] of [['shop', 'Orders and events of the shop'], ['staging', 'The staging shop'], ['events', 'Tracking events']])
    c.em.create(RabbitmqVhost, { serverId: c.server.id, name: name!, description: description!, createdAt: now });
  for (const [name, tags] of [['shop', []], ['monitor', ['monitoring']], ['reports', []]] as const)
    c.em.create(RabbitmqUser, { serverId: c.server.id, name, tags: [...tags], passwordHash: passwordHash(generatePassword()), createdAt: now, passwordSetAt: now });
  c.em.create(RabbitmqPermission, { serverId: c.server.id, vhost: 'shop', user: 'shop', configure: '.*', write: '.*', read: '.*' });
  c.em.create(RabbitmqPolicy, { serverId: c.server.id, vhost: 'shop', name: 'ttl', pattern: '^events\\.', applyTo: 'queues', priority: 0, definition: { 'message-ttl': 86_400_000 } });
  c.em.create(RabbitmqExchange, { serverId: c.server.id, vhost: 'shop', name: 'shop.events', type: 'topic', durable: true, autoDelete: false });
  c.em.create(RabbitmqExchange, { serverId: c.server.id, vhost: 'shop', name: 'shop.dead', type: 'fanout', durable: true, autoDelete: false });
  c.em.create(RabbitmqBinding, { serverId: c.server.id, vhost: 'shop', source: 'shop.events', destinationType: 'queue', destination: 'orders.created', routingKey: 'orders.created' });
  await c.em.flush();
};

export default withFamilies(
  settings,
  defineStatsService<Operations, Gauge, Counter, Figure>({
    id: 'rabbitmq',
    figures,
    source,
    migrations: [],
    operations: { watch: 'watchRabbitmq', history: 'getRabbitmqStats' },
  }),
);
