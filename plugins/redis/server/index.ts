/**
 * Server part of the `redis` module, a member of two families: the config service (the settings of the `default`
 * instance — the contract's `x-config` —, the named instances and the ACL users of every instance — `x-resources`,
 * `defineResource` — rendered into `/etc/redis/redis.conf` and `/etc/redis/instances/<name>.conf`, checked by
 * `redis-server` and applied per changed instance as `instances.ts` says; stored, rolled back and checked for drift
 * by the family) and the
 * stats service (the live figures of `INFO` of each instance, `sampler.ts`, with their history in `redis_stats`, keyed by
 * instance as the family's subject); besides, what the
 * running instance reports and flushing it (`instance.ts`), logged in as the portal's management user
 * (`credentials.ts`).
 */
import {
  found,
  defineConfigService,
  defineResource,
  defineStatsService,
  generatePassword,
  validationFailed,
  withFamilies,
  type ErrorNameOf,
  type FieldErrors,
  type PluginDatabase,
  type PluginHandler,
  type PluginHandlers,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { redisAclUserResource, redisInstanceResource } from '../generated/resources.ts';
import { passwordHash, reservedNames, type Access } from './acl.ts';
import { ensurePortalCredential, useCredentialPorts } from './credentials.ts';
import { RedisAclUser, RedisInstance, RedisPortalCredential } from './entities.ts';
import { instanceHandlers } from './instance.ts';
import { reload, statusHandlers, validate } from './instances.ts';
import { Migration20261128080947Redis } from './migrations/Migration20261128080947Redis.ts';
import { Migration20261129120000RedisAcl } from './migrations/Migration20261129120000RedisAcl.ts';
import { Migration20261202090000RedisInstances } from './migrations/Migration20261202090000RedisInstances.ts';
import { Migration20261204090000RedisStatsInstances } from './migrations/Migration20261204090000RedisStatsInstances.ts';
import programs, {
  defaultInstance,
  defaultPort,
  maxInstances,
  redisAddress,
  render,
  slots,
  type Desired,
  type InstanceSpec,
  type Prepared,
} from './program.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `redis:errors.${k}` as const;
const maxUsers = 100;

/** The ACL users of one instance of a server (`default` unless named). */
const usersOf = (em: PluginDatabase, serverId: number, instance = defaultInstance) => em.find(RedisAclUser, { serverId, instance }, { orderBy: { name: 'asc' } });
const instancesOf = (em: PluginDatabase, serverId: number) => em.find(RedisInstance, { serverId }, { orderBy: { name: 'asc' } });
/** The named instance `name` of a server; one it does not have is a 404 (`default` is no row). */
const namedInstance = async (em: PluginDatabase, serverId: number, name: string) => found(await em.findOne(RedisInstance, { serverId, name }));

/** The user as the API shows it: never its password nor the hash. */
const present = (u: RedisAclUser) => ({
  id: u.id,
  name: u.name,
  keyPatterns: [...u.keyPatterns],
  access: u.access as Access,
  enabled: u.enabled,
  createdAt: u.createdAt.toISOString(),
  passwordSetAt: u.passwordSetAt.toISOString(),
});

/** The rules of a name (create and update): not reserved, not taken by another user of the server. */
const nameRules = (name: string, existing: readonly RedisAclUser[], self?: RedisAclUser): FieldErrors | undefined => {
  if (reservedNames.includes(name)) return { name: [key('name_reserved')] };
  if (existing.some((u) => u.name === name && u.id !== self?.id)) return { name: [key('name_taken')] };
  return undefined;
};

/** Whether another user than `self` is on (the default user may be off only then). */
const othersOn = (existing: readonly RedisAclUser[], self?: RedisAclUser) => existing.some((u) => u.enabled && u.id !== self?.id);

type SettingsOf = (em: PluginDatabase, serverId: number) => Promise<Settings>;

/** Whether the default user of an instance is on (`default`: the settings; a named instance: its row). */
async function defaultUserOn(em: PluginDatabase, serverId: number, instance: string, settingsOf: SettingsOf): Promise<boolean> {
  if (instance === defaultInstance) return (await settingsOf(em, serverId)).defaultUser;
  return (await em.findOne(RedisInstance, { serverId, name: instance }))?.defaultUser ?? true;
}

function aclHandlers(ports: PluginPorts, settingsOf: SettingsOf) {
  /** The users of the same instance as `u` (the rules compare only with those). */
  const sameInstance = (existing: readonly RedisAclUser[], u: RedisAclUser) => existing.filter((e) => e.instance === u.instance);
  const users = defineResource(redisAclUserResource, {
    entity: RedisAclUser,
    orderBy: { name: 'asc' },
    present,
    rules: async (input, { em, server, existing, current }) => {
      const i = input as { name: string; enabled: boolean };
      const mine = sameInstance(existing, current!);
      const named = nameRules(i.name, mine, current);
      if (named) return named;
      if (!i.enabled && !othersOn(mine, current) && !(await defaultUserOn(em, server.id, current!.instance, settingsOf))) return { enabled: [key('last_user')] };
      return undefined;
    },
    deleteRules: async ({ em, server, existing, current }) =>
      !othersOn(sameInstance(existing, current), current) && !(await defaultUserOn(em, server.id, current.instance, settingsOf)) ? { _: [key('last_user')] } : undefined,
    // The name, patterns, access and on/off; never the password or its hash.
    summary: (u) => ({ name: u.name, keyPatterns: u.keyPatterns.join(' '), access: u.access, enabled: u.enabled ? 'on' : 'off' }),
    changes: { created: 'userCreated', updated: 'userUpdated', deleted: 'userDeleted' },
  });

  return {
    ...users.handlers(ports),
    // The resource's list, of one instance (`instance`, default `default`; one the server does not have is a 404).
    listRedisAclUsers: (async (c) => {
      const instance = c.query.instance ?? defaultInstance;
      if (instance !== defaultInstance) await namedInstance(c.em, c.server.id, instance);
      const perPage = c.query.per_page ?? redisAclUserResource.perPage;
      const page = c.query.page ?? 1;
      const [rows, total] = await c.em.findAndCount(RedisAclUser, { serverId: c.server.id, instance }, { orderBy: { name: 'asc' }, limit: perPage, offset: (page - 1) * perPage });
      return { data: rows.map(present), total };
    }) satisfies PluginHandler<'listRedisAclUsers'>,
    createRedisAclUser: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      const instance = c.query.instance ?? defaultInstance;
      let created: RedisAclUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        if (instance !== defaultInstance) await namedInstance(em, c.server.id, instance);
        const existing = await usersOf(em, c.server.id, instance);
        const b = c.body;
        if (existing.length >= maxUsers) throw validationFailed({ _: [key('too_many')] });
        const named = nameRules(b.name, existing);
        if (named) throw validationFailed(named);
        created = em.create(RedisAclUser, {
          serverId: c.server.id,
          name: b.name,
          instance,
          keyPatterns: [...b.keyPatterns],
          access: b.access,
          enabled: b.enabled,
          passwordHash: passwordHash(password),
          createdAt: now,
          passwordSetAt: now,
        });
        return { key: 'redis:changes.userCreated', values: { name: b.name, ...(instance === defaultInstance ? {} : { instance }), keyPatterns: b.keyPatterns.join(' '), access: b.access, enabled: b.enabled ? 'on' : 'off' } };
      });
      return { job, user: present(created!), password };
    }) satisfies PluginHandler<'createRedisAclUser'>,
    resetRedisAclUserPassword: (async (c) => {
      const password = generatePassword();
      let user: RedisAclUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        user = found(await em.findOne(RedisAclUser, { id: c.params.aclUserId, serverId: c.server.id }));
        em.assign(user, { passwordHash: passwordHash(password), passwordSetAt: ports.clock.now() });
        return { key: 'redis:changes.passwordReset', values: { name: user.name } };
      });
      return { job, user: present(user!), password };
    }) satisfies PluginHandler<'resetRedisAclUserPassword'>,
  };
}

type InstanceInput = Omit<InstanceSpec, 'slot'>;

/**
 * The rules of a named instance beyond the contract's limits: a name not `default` and not taken, fixed once created;
 * a port no other instance of the server uses (6379 is `default`'s); at most eight; the default user off only while
 * one of its ACL users is on.
 */
export function checkInstance(
  input: InstanceInput,
  existing: readonly Pick<InstanceSpec, 'name' | 'port'>[],
  current?: Pick<InstanceSpec, 'name' | 'port'>,
  usersOn = false,
): FieldErrors | undefined {
  const others = existing.filter((i) => i.name !== current?.name);
  if (!current && existing.length >= maxInstances) return { _: [key('too_many_instances')] };
  if (current && input.name !== current.name) return { name: [key('name_fixed')] };
  if (input.name === defaultInstance) return { name: [key('name_reserved')] };
  if (others.some((i) => i.name === input.name)) return { name: [key('instance_taken')] };
  if (input.port === defaultPort || others.some((i) => i.port === input.port)) return { port: [key('port_taken')] };
  if (!input.defaultUser && !usersOn) return { defaultUser: [key('default_user_needed')] };
  return undefined;
}

/** The smallest slot no instance of the server runs in. */
export const freeSlot = (existing: readonly Pick<InstanceSpec, 'slot'>[]) => slots.find((s) => !existing.some((i) => i.slot === s)) ?? 0;

/** A named instance's row as the renderer takes it (the desired state) and, without its slot, as the API shows it. */
const specOf = (i: RedisInstance): InstanceSpec => ({
  name: i.name,
  slot: i.slot,
  port: i.port,
  maxmemoryMb: i.maxmemoryMb,
  maxmemoryPolicy: i.maxmemoryPolicy as InstanceSpec['maxmemoryPolicy'],
  appendonly: i.appendonly,
  appendfsync: i.appendfsync as InstanceSpec['appendfsync'],
  saveSchedule: i.saveSchedule,
  defaultUser: i.defaultUser,
});

const presentInstance = (i: RedisInstance) => {
  const { slot: _slot, ...spec } = specOf(i);
  return { id: i.id, ...spec, createdAt: i.createdAt.toISOString() };
};

export const instances = defineResource(redisInstanceResource, {
  entity: RedisInstance,
  orderBy: { name: 'asc' },
  present: presentInstance,
  rules: async (input, { em, server, existing, current }) =>
    checkInstance(input as InstanceInput, existing, current, current ? (await usersOf(em, server.id, current.name)).some((u) => u.enabled) : false),
  values: (input, { existing, current }) => ({ ...(input as InstanceInput), ...(current ? {} : { slot: freeSlot(existing) }) }),
  // Removing an instance removes its ACL users with it (the confirmation says so; the rollback brings both back).
  beforeChange: async ({ em, server, kind, current }) => {
    if (kind === 'deleted' && current) for (const u of await usersOf(em, server.id, current.name)) em.remove(u);
  },
  summary: (i) => ({ name: i.name, port: i.port, maxmemoryMb: i.maxmemoryMb, maxmemoryPolicy: i.maxmemoryPolicy }),
  changes: { created: 'instanceCreated', updated: 'instanceUpdated', deleted: 'instanceDeleted' },
});

const configService = defineConfigService<Operations, Settings, Prepared, Desired>(
  {
    config,
    migrations: [Migration20261128080947Redis, Migration20261129120000RedisAcl, Migration20261202090000RedisInstances, Migration20261204090000RedisStatsInstances],
    // The port the `default` instance listens on (its loopback port on the `local` gateway; a named instance's file has
    // its own port, which the local gateway maps when it starts it) and the hash of the portal's management user (made
    // once per server; a database row, nothing on the server).
    prepare: async ({ gateway, server }) => ({ port: (await redisAddress(gateway)).port, portalHash: await ensurePortalCredential(server.id) }),
    render,
    desired: {
      // Instances first: ACL users name theirs.
      entities: [RedisInstance, RedisAclUser],
      load: async (em, server) => ({
        instances: (await instancesOf(em, server.id)).map(specOf),
        users: (await em.find(RedisAclUser, { serverId: server.id }, { orderBy: { name: 'asc' } })).map((u) => ({
          instance: u.instance,
          name: u.name,
          keyPatterns: [...u.keyPatterns],
          access: u.access as Access,
          enabled: u.enabled,
          passwordHash: u.passwordHash,
        })),
      }),
    },
    programs,
    // `redis` (the `default` instance's program) is the plugin's apply lock; the steps check and restart per instance.
    steps: { service: 'redis', validate, reload },
  },
  (ports, family) => {
    useCredentialPorts(ports);
    return {
      ...instanceHandlers(ports),
      ...aclHandlers(ports, family.settingsOf),
      ...instances.handlers(ports),
      ...statusHandlers(ports, family.settingsOf),
    } as Partial<PluginHandlers<Operations>>;
  },
);

// The management credential is the plugin's, not desired state: no snapshot, no rollback.
configService.entities = [...(configService.entities ?? []), RedisPortalCredential];

// The default user may be switched off only while an ACL user is on (else no application could log in).
const familyHandlers = configService.handlers.bind(configService);
configService.handlers = (ports) => {
  const h = familyHandlers(ports);
  const update = h.updateRedisSettings;
  return {
    ...h,
    updateRedisSettings: (async (c) => {
      if (!c.body.defaultUser && !(await usersOf(c.em, c.server.id)).some((u) => u.enabled)) throw validationFailed({ defaultUser: [key('default_user_needed')] });
      return update(c);
    }) satisfies PluginHandler<'updateRedisSettings'>,
  };
};

/** Demo servers: the shop's application user (read-write on `shop:*`; no password anyone knows) and an instance
 * `sessions` (port 6380, volatile-lru) beside `default`. */
configService.fixtures = async (c) => {
  if (await c.em.count(RedisAclUser, { serverId: c.server.id })) return;
  const now = c.clock.now();
  c.em.create(RedisInstance, {
    serverId: c.server.id,
    name: 'sessions',
    slot: 1,
    port: 6380,
    maxmemoryMb: 128,
    maxmemoryPolicy: 'volatile-lru',
    appendonly: false,
    appendfsync: 'everysec',
    saveSchedule: '',
    defaultUser: true,
    createdAt: now,
  });
  c.em.create(RedisAclUser, {
    serverId: c.server.id,
    name: 'shop',
    keyPatterns: ['shop:*'],
    access: 'readwrite',
    enabled: true,
    passwordHash: passwordHash(generatePassword()),
    createdAt: now,
    passwordSetAt: now,
  });
  await c.em.flush();
};

export default withFamilies(
  configService,
  defineStatsService<Operations, Gauge, Counter, Figure>({
    id: 'redis',
    figures,
    source,
    migrations: [],
    operations: { watch: 'watchRedis', history: 'getRedisStats' },
    // Per instance (`?instance=`, default `default`): its own feed and history; an instance the server lacks is a 404.
    subjects: { param: 'instance', main: defaultInstance, check: async (em, serverId, name) => void (await namedInstance(em, serverId, name)) },
  }),
);
