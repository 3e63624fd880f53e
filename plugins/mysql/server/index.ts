/**
 * Server part of the `mysql` module: a config service (its settings — the contract's `x-config` — rendered into
 * the portal's option file, checked by `mariadbd` and set on the running server) whose desired state also holds
 * the server's databases and users (resources: `x-resources`, `defineResource`). Both are rendered by
 * `program.ts` and applied in one job; the reload step (`instance.ts`) brings the running MariaDB in line.
 */
import { defineConfigService, defineResource, found, validationFailed, type ErrorNameOf, type FieldErrors, type PluginDatabase, type PluginHandler, type PluginPorts } from '@portal/plugin-sdk/server';
import type { ResponseOf } from '@portal/openapi';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { mysqlDatabaseResource, mysqlUserResource } from '../generated/resources.ts';
import { MysqlDatabase, MysqlRestore, MysqlUser } from './entities.ts';
import { reload, reservedDatabases, reservedUsers, sizes, slowQueries } from './instance.ts';
import { Migration20261128113613Mysql } from './migrations/Migration20261128113613Mysql.ts';
import { Migration20261128120000MysqlAccounts } from './migrations/Migration20261128120000MysqlAccounts.ts';
import { Migration20261128170000MysqlRestores } from './migrations/Migration20261128170000MysqlRestores.ts';
import { generatePassword, passwordHash, type Authentication } from './passwords.ts';
import programs, { defaultPort, render, type Accounts, type Prepared } from './program.ts';
import { restoreHandlers } from './restores.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `mysql:errors.${k}` as const;
const maxItems = 200;

/** Which collations belong to which character set (a collation of another set is refused). */
export const collationCharset = (collation: string) => collation.split('_')[0];

const databasesOf = (em: PluginDatabase, serverId: number) => em.find(MysqlDatabase, { serverId }, { orderBy: { name: 'asc' } });
const usersOf = (em: PluginDatabase, serverId: number) => em.find(MysqlUser, { serverId }, { orderBy: { name: 'asc', host: 'asc' } });

const presentUser = (u: MysqlUser) => ({
  id: u.id,
  name: u.name,
  host: u.host,
  authentication: u.authentication as Authentication,
  databases: [...u.databases],
  createdAt: u.createdAt.toISOString(),
  passwordSetAt: u.passwordSetAt.toISOString(),
});

export const databases = defineResource(mysqlDatabaseResource, {
  entity: MysqlDatabase,
  orderBy: { name: 'asc' },
  present: (d) => ({ id: d.id, name: d.name, charset: d.charset as 'utf8mb4', collation: d.collation as 'utf8mb4_unicode_ci', sizeBytes: null, createdAt: d.createdAt.toISOString() }),
  rules: (input, { existing }): FieldErrors | undefined => {
    const i = input as { name: string; charset: string; collation: string };
    if (existing.length >= maxItems) return { _: [key('too_many')] };
    if (reservedDatabases.includes(i.name.toLowerCase())) return { name: [key('name_reserved')] };
    if (existing.some((d) => d.name === i.name)) return { name: [key('name_taken')] };
    if (collationCharset(i.collation) !== i.charset) return { collation: [key('collation_charset')] };
    return undefined;
  },
  summary: (d) => ({ name: d.name, charset: d.charset, collation: d.collation }),
  changes: { created: 'databaseCreated', deleted: 'databaseDeleted' },
});

export const users = defineResource(mysqlUserResource, {
  entity: MysqlUser,
  orderBy: { name: 'asc', host: 'asc' },
  present: presentUser,
  summary: (u) => ({ name: u.name, host: u.host }),
  changes: { deleted: 'userDeleted' },
});

function userHandlers(ports: PluginPorts) {
  const base = { ...databases.handlers(ports), ...users.handlers(ports) };
  return {
    ...base,
    ...restoreHandlers(ports),
    listMysqlDatabases: (async (c) => {
      const answer = (await base.listMysqlDatabases(c)) as ResponseOf<'listMysqlDatabases'>;
      const size = await sizes(ports.gateway(c.server.id), answer.data.map((d) => d.name));
      return { ...answer, data: answer.data.map((d) => ({ ...d, sizeBytes: size.get(d.name) ?? null })) };
    }) satisfies PluginHandler<'listMysqlDatabases'>,
    createMysqlUser: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      let created: MysqlUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        const existing = await usersOf(em, c.server.id);
        const dbs = (await databasesOf(em, c.server.id)).map((d) => d.name);
        const b = c.body;
        if (existing.length >= maxItems) throw validationFailed({ _: [key('too_many')] });
        if (reservedUsers.includes(b.name.toLowerCase())) throw validationFailed({ name: [key('name_reserved')] });
        if (existing.some((u) => u.name === b.name && u.host === b.host)) throw validationFailed({ name: [key('user_taken')] });
        if (b.databases.some((d) => !dbs.includes(d))) throw validationFailed({ databases: [key('database_unknown')] });
        created = em.create(MysqlUser, {
          serverId: c.server.id,
          name: b.name,
          host: b.host,
          authentication: b.authentication,
          passwordHash: passwordHash(password, b.authentication),
          databases: [...b.databases],
          createdAt: now,
          passwordSetAt: now,
        });
        return { key: 'mysql:changes.userCreated', values: { name: b.name, host: b.host, authentication: b.authentication } };
      });
      return { job, user: presentUser(created!), password };
    }) satisfies PluginHandler<'createMysqlUser'>,
    renewMysqlUserPassword: (async (c) => {
      const password = generatePassword();
      let user: MysqlUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        user = found(await em.findOne(MysqlUser, { id: c.params.userId, serverId: c.server.id }));
        em.assign(user, { passwordHash: passwordHash(password, user.authentication as Authentication), passwordSetAt: ports.clock.now() });
        return { key: 'mysql:changes.passwordRenewed', values: { name: user.name, host: user.host } };
      });
      return { job, user: presentUser(user!), password };
    }) satisfies PluginHandler<'renewMysqlUserPassword'>,
    updateMysqlUserGrants: (async (c) =>
      (
        await ports.jobs.store(c, async (em) => {
          const user = found(await em.findOne(MysqlUser, { id: c.params.userId, serverId: c.server.id }));
          const dbs = (await databasesOf(em, c.server.id)).map((d) => d.name);
          if (c.body.databases.some((d) => !dbs.includes(d))) throw validationFailed({ databases: [key('database_unknown')] });
          const granted = c.body.databases.filter((d) => !user.databases.includes(d));
          const revoked = user.databases.filter((d) => !c.body.databases.includes(d));
          em.assign(user, { databases: [...c.body.databases] });
          return { key: 'mysql:changes.grantsChanged', values: { name: user.name, host: user.host, granted: granted.join(', ') || '–', revoked: revoked.join(', ') || '–' } };
        })
      ).job) satisfies PluginHandler<'updateMysqlUserGrants'>,
    listMysqlSlowQueries: (async (c) => ({ data: await slowQueries(ports.gateway(c.server.id), c.query.limit ?? 20) })) satisfies PluginHandler<'listMysqlSlowQueries'>,
  };
}

const plugin = defineConfigService<Operations, Settings, Prepared, Accounts>(
  {
    config,
    migrations: [Migration20261128113613Mysql, Migration20261128120000MysqlAccounts, Migration20261128170000MysqlRestores],
    prepare: async ({ gateway }) => ({ port: (await gateway.listenAddress('mysql', defaultPort)).port }),
    render: (s, c) => render(s, c),
    desired: {
      entities: [MysqlDatabase, MysqlUser],
      load: async (em, server) => ({
        databases: (await databasesOf(em, server.id)).map((d) => ({ name: d.name, charset: d.charset, collation: d.collation })),
        users: (await usersOf(em, server.id)).map((u) => ({
          name: u.name,
          host: u.host,
          authentication: u.authentication as Authentication,
          hash: u.passwordHash,
          databases: [...u.databases],
        })),
      }),
    },
    programs,
    steps: { service: 'mysql', reload },
    fixtures: () => ({ innodbBufferPoolMb: 256, maxConnections: 200 }),
  },
  (ports) => userHandlers(ports) as never,
);

// Restores are not desired state (no snapshot, no rollback): an entity of the plugin besides the family's.
plugin.entities = [...(plugin.entities ?? []), MysqlRestore];

/** Demo servers: the settings above, and a shop's databases and its application user (no password anyone knows). */
const settingsFixtures = plugin.fixtures!;
plugin.fixtures = async (c) => {
  await settingsFixtures(c);
  if (await c.em.count(MysqlDatabase, { serverId: c.server.id })) return;
  const now = c.clock.now();
  for (const name of ['shop', 'staging'])
    c.em.create(MysqlDatabase, { serverId: c.server.id, name, charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci', createdAt: now });
  c.em.create(MysqlUser, {
    serverId: c.server.id,
    name: 'shop',
    host: 'localhost',
    authentication: 'ed25519',
    passwordHash: passwordHash(generatePassword(), 'ed25519'),
    databases: ['shop'],
    createdAt: now,
    passwordSetAt: now,
  });
  // A restore of `staging` (1) waiting to be promoted or discarded: its comparison shows one table changed since the dump.
  const at = new Date(now.getTime() - 3600_000);
  c.em.create(MysqlRestore, {
    serverId: c.server.id,
    database: 'staging',
    copyName: 'staging_restore_20261128120000',
    beforeName: 'staging_before_20261128120000',
    status: 'ready',
    step: null,
    progress: 100,
    error: null,
    tables: [
      { name: 'orders', currentRows: 1204, copyRows: 1187, currentChecksum: '3140955621', copyChecksum: '1837002214', same: false },
      { name: 'products', currentRows: 310, copyRows: 310, currentChecksum: '2871093360', copyChecksum: '2871093360', same: true },
    ],
    startedBy: 'admin@demo.example',
    startedAt: at,
    finishedAt: at,
    promotedAt: null,
  });
  // And one of `shop` promoted yesterday, its previous tables still kept.
  const day = new Date(now.getTime() - 86_400_000);
  c.em.create(MysqlRestore, {
    serverId: c.server.id,
    database: 'shop',
    copyName: 'shop_restore_20261127090000',
    beforeName: 'shop_before_20261127090000',
    status: 'promoted',
    step: null,
    progress: 100,
    error: null,
    tables: [{ name: 'orders', currentRows: 5120, copyRows: 5120, currentChecksum: '901183274', copyChecksum: '901183274', same: true }],
    startedBy: 'admin@demo.example',
    startedAt: day,
    finishedAt: day,
    promotedAt: day,
  });
  await c.em.flush();
};

export default plugin;
