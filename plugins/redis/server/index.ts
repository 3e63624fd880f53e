/**
 * Server part of the `redis` module, a member of two families: the config service (its settings — the contract's
 * `x-config` — and its ACL users — `x-resources`, `defineResource` — rendered into `/etc/redis/redis.conf`, checked by
 * `redis-server` and applied as `program.ts` says; stored, rolled back and checked for drift by the family) and the
 * stats service (the live figures of `INFO`, `sampler.ts`, with their history in `redis_stats`); besides, what the
 * running instance reports and flushing it (`instance.ts`), logged in as the portal's management user
 * (`credentials.ts`).
 */
import {
  defineConfigService,
  defineResource,
  defineStatsService,
  found,
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
import { redisAclUserResource } from '../generated/resources.ts';
import { passwordHash, reservedNames, type Access } from './acl.ts';
import { ensurePortalCredential, useCredentialPorts } from './credentials.ts';
import { RedisAclUser, RedisPortalCredential } from './entities.ts';
import { instanceHandlers } from './instance.ts';
import { Migration20261128080947Redis } from './migrations/Migration20261128080947Redis.ts';
import { Migration20261129120000RedisAcl } from './migrations/Migration20261129120000RedisAcl.ts';
import programs, { redisAddress, reload, render, type Desired, type Prepared } from './program.ts';
import { figures, source, type Counter, type Figure, type Gauge } from './sampler.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `redis:errors.${k}` as const;
const maxUsers = 100;

const usersOf = (em: PluginDatabase, serverId: number) => em.find(RedisAclUser, { serverId }, { orderBy: { name: 'asc' } });

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

function aclHandlers(ports: PluginPorts, settingsOf: (em: PluginDatabase, serverId: number) => Promise<Settings>) {
  const users = defineResource(redisAclUserResource, {
    entity: RedisAclUser,
    orderBy: { name: 'asc' },
    present,
    rules: async (input, { em, server, existing, current }) => {
      const i = input as { name: string; enabled: boolean };
      const named = nameRules(i.name, existing, current);
      if (named) return named;
      if (!i.enabled && !othersOn(existing, current) && !(await settingsOf(em, server.id)).defaultUser) return { enabled: [key('last_user')] };
      return undefined;
    },
    deleteRules: async ({ em, server, existing, current }) =>
      !othersOn(existing, current) && !(await settingsOf(em, server.id)).defaultUser ? { _: [key('last_user')] } : undefined,
    // The name, patterns, access and on/off; never the password or its hash.
    summary: (u) => ({ name: u.name, keyPatterns: u.keyPatterns.join(' '), access: u.access, enabled: u.enabled ? 'on' : 'off' }),
    changes: { created: 'userCreated', updated: 'userUpdated', deleted: 'userDeleted' },
  });

  return {
    ...users.handlers(ports),
    createRedisAclUser: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      let created: RedisAclUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        const existing = await usersOf(em, c.server.id);
        const b = c.body;
        if (existing.length >= maxUsers) throw validationFailed({ _: [key('too_many')] });
        const named = nameRules(b.name, existing);
        if (named) throw validationFailed(named);
        created = em.create(RedisAclUser, {
          serverId: c.server.id,
          name: b.name,
          keyPatterns: [...b.keyPatterns],
          access: b.access,
          enabled: b.enabled,
          passwordHash: passwordHash(password),
          createdAt: now,
          passwordSetAt: now,
        });
        return { key: 'redis:changes.userCreated', values: { name: b.name, keyPatterns: b.keyPatterns.join(' '), access: b.access, enabled: b.enabled ? 'on' : 'off' } };
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

const configService = defineConfigService<Operations, Settings, Prepared, Desired>(
  {
    config,
    migrations: [Migration20261128080947Redis, Migration20261129120000RedisAcl],
    // The port the instance listens on (the private instance's loopback port on the `local` gateway) and the hash of
    // the portal's management user (made once per server; a database row, nothing on the server).
    prepare: async ({ gateway, server }) => ({ port: (await redisAddress(gateway)).port, portalHash: await ensurePortalCredential(server.id) }),
    render,
    desired: {
      entities: [RedisAclUser],
      load: async (em, server) => ({
        users: (await usersOf(em, server.id)).map((u) => ({
          name: u.name,
          keyPatterns: [...u.keyPatterns],
          access: u.access as Access,
          enabled: u.enabled,
          passwordHash: u.passwordHash,
        })),
      }),
    },
    programs,
    steps: { service: 'redis', reload },
  },
  (ports, family) => {
    useCredentialPorts(ports);
    return { ...instanceHandlers(ports), ...aclHandlers(ports, family.settingsOf) } as Partial<PluginHandlers<Operations>>;
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

/** Demo servers: the shop's application user (read-write on `shop:*`; no password anyone knows). */
configService.fixtures = async (c) => {
  if (await c.em.count(RedisAclUser, { serverId: c.server.id })) return;
  const now = c.clock.now();
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
  }),
);
