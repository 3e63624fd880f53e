/**
 * Server part of the `ftp` plugin: the FTPS accounts of a server (desired state in `ftp_users`, a resource of the
 * SDK: `x-resources.ftpUser` in openapi.yaml, plus create and renew, which answer a generated password once), their
 * rules, the apply of ProFTPD's files (render.ts; checked with `proftpd -t`, the quota tables built and the daemon
 * reloaded by quota.ts), the TLS pair created before the first apply, and the daemon's status with its recent logins.
 */
import {
  defineResource,
  defineServerPlugin,
  found,
  generatePassword,
  sha512Crypt,
  validationFailed,
  type PluginHandler,
  type PluginHandlers,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { ftpUserResource } from '../generated/resources.ts';
import { ensureTlsPair } from './certificate.ts';
import { demoUsers } from './fixtures.ts';
import { FtpUser } from './FtpUser.ts';
import { Migration20261128191829Ftp } from './migrations/Migration20261128191829Ftp.ts';
import programs, { defaultPort } from './program.ts';
import { reloadWithQuota } from './quota.ts';
import { homeOf, renderFiles } from './render.ts';
import { checkUser, isExpired } from './rules.ts';
import { readStatus } from './status.ts';

interface Prepared {
  port: number;
}

const present = (u: FtpUser, now: Date) => ({
  id: u.id,
  login: u.login,
  documentRoot: u.documentRoot,
  quotaMb: u.quotaMb,
  expiresOn: u.expiresOn,
  expired: isExpired(u.expiresOn, now),
  home: homeOf(u.documentRoot),
  createdAt: u.createdAt.toISOString(),
  passwordSetAt: u.passwordSetAt.toISOString(),
});

/** list, get, update, delete of the accounts: 404 for another server's, rules under the lock, the change log. */
export const ftpUsers = defineResource(ftpUserResource, {
  entity: FtpUser,
  orderBy: { login: 'asc' },
  present: (u, { now }) => present(u, now),
  rules: (input, { existing, current, now }) => checkUser(input as Parameters<typeof checkUser>[0], existing, now, current?.id),
  summary: (u) => ({ login: u.login, documentRoot: u.documentRoot }),
});

function handlers(ports: PluginPorts): PluginHandlers<Operations> {
  return {
    ...ftpUsers.handlers(ports),
    createFtpUser: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      let created: FtpUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        const existing = await ftpUsers.all(em, c.server.id);
        const errors = checkUser(c.body, existing, now);
        if (errors) throw validationFailed(errors);
        created = em.create(FtpUser, {
          serverId: c.server.id,
          login: c.body.login.trim(),
          documentRoot: c.body.documentRoot.trim(),
          quotaMb: c.body.quotaMb,
          expiresOn: c.body.expiresOn,
          passwordHash: sha512Crypt(password),
          createdAt: now,
          updatedAt: now,
          passwordSetAt: now,
        });
        return { key: 'ftp:changes.created', values: { login: created.login, documentRoot: created.documentRoot } };
      });
      return { job, user: present(created!, now), password };
    }) satisfies PluginHandler<'createFtpUser'>,
    renewFtpUserPassword: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      let user: FtpUser | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        user = found(await em.findOne(FtpUser, { id: c.params.userId, serverId: c.server.id }));
        em.assign(user, { passwordHash: sha512Crypt(password), passwordSetAt: now, updatedAt: now });
        return { key: 'ftp:changes.passwordRenewed', values: { login: user.login } };
      });
      return { job, user: present(user!, now), password };
    }) satisfies PluginHandler<'renewFtpUserPassword'>,
    getFtpStatus: (async (c) => readStatus(ports.gateway(c.server.id))) satisfies PluginHandler<'getFtpStatus'>,
  };
}

export default defineServerPlugin<Operations, Prepared>({
  entities: [FtpUser],
  migrations: [Migration20261128191829Ftp],
  programs,
  steps: { service: 'proftpd', reload: reloadWithQuota },
  handlers,
  state: { entities: [FtpUser] },
  prepare: async ({ gateway, purpose }) => {
    if (purpose === 'apply') await ensureTlsPair(gateway);
    return { port: (await gateway.listenAddress('proftpd', defaultPort)).port };
  },
  render: async ({ em, server, prepared, hostPath, clock }) =>
    renderFiles(await ftpUsers.all(em, server.id), { port: prepared?.port ?? defaultPort, hostPath, now: clock.now() }),
  fixtures: async ({ em, server, clock }) => {
    if ((await em.count(FtpUser, { serverId: server.id })) > 0) return;
    const now = clock.now();
    for (const u of demoUsers) em.create(FtpUser, { ...u, serverId: server.id, passwordHash: sha512Crypt(generatePassword()), createdAt: now, updatedAt: now, passwordSetAt: now });
    await em.flush();
  },
});
