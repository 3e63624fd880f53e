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
import { rabbitmqPermissionResource, rabbitmqUserResource, rabbitmqVhostResource } from '../generated/resources.ts';
import { queues, reload, reservedUsers } from './broker.ts';
import { RabbitmqPermission, RabbitmqUser, RabbitmqVhost } from './entities.ts';
import { Migration20261128150951Rabbitmq } from './migrations/Migration20261128150951Rabbitmq.ts';
import { Migration20261128160000RabbitmqState } from './migrations/Migration20261128160000RabbitmqState.ts';
import { generatePassword, passwordHash } from './passwords.ts';
import programs, { brokerPorts, render, type Definitions, type Prepared } from './program.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `rabbitmq:errors.${k}` as const;
const maxItems = 200;

const vhostsOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqVhost, { serverId }, { orderBy: { name: 'asc' } });
const usersOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqUser, { serverId }, { orderBy: { name: 'asc' } });
const permissionsOf = (em: PluginDatabase, serverId: number) => em.find(RabbitmqPermission, { serverId }, { orderBy: { vhost: 'asc', user: 'asc' } });

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

function handlers(ports: PluginPorts) {
  return {
    ...vhosts.handlers(ports),
    ...users.handlers(ports),
    ...permissions.handlers(ports),
    deleteRabbitmqVhost: (async (c) =>
      (
        await ports.jobs.store(c, async (em) => {
          const vhost = found(await em.findOne(RabbitmqVhost, { id: c.params.vhostId, serverId: c.server.id }));
          await em.nativeDelete(RabbitmqPermission, { serverId: c.server.id, vhost: vhost.name });
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
    migrations: [Migration20261128150951Rabbitmq, Migration20261128160000RabbitmqState],
    prepare: async ({ gateway }) => brokerPorts(gateway),
    render: (s, c) => render(s, c),
    desired: {
      entities: [RabbitmqVhost, RabbitmqUser, RabbitmqPermission],
      load: async (em, server) => ({
        vhosts: (await vhostsOf(em, server.id)).map((v) => ({ name: v.name, description: v.description })),
        users: (await usersOf(em, server.id)).map((u) => ({ name: u.name, hash: u.passwordHash, tags: [...u.tags] })),
        permissions: (await permissionsOf(em, server.id)).map((p) => ({ vhost: p.vhost, user: p.user, configure: p.configure, write: p.write, read: p.read })),
      }),
    },
    programs,
    steps: { service: 'rabbitmq', reload },
    fixtures: () => ({ memoryHighWatermarkPercent: 40, diskFreeLimitMb: 1024 }),
  },
  (ports) => handlers(ports) as never,
);

/** Demo servers: the settings above, a shop's virtual hosts, its application and monitoring users (no password anyone knows). */
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
