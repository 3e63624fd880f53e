/**
 * Server part of the `postfix` module, a config service (docs/plugins.md, "Config services"): the MTA settings of a
 * server (`x-config`: relay host and login, sender restrictions, size and rate limits) and, besides, the sealed
 * password of the relay login (`PostfixRelaySecret`), rendered by `render.ts`, checked by `postconf`/`postfix check`
 * on a staged copy and merged into the server's Postfix by `check.ts` — the Postfix the `email` module runs (one MTA
 * per server, `program.ts`). The queue (`queue.ts`) is read and changed on the running Postfix when asked.
 */
import {
  conflict,
  defineConfigService,
  notFound,
  type ErrorNameOf,
  type PluginDatabase,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { checkMta, reloadMta } from './check.ts';
import { PostfixRelaySecret } from './entities.ts';
import { Migration20261129033542Postfix } from './migrations/Migration20261129033542Postfix.ts';
import programs from './program.ts';
import { flush, readQueue, remove } from './queue.ts';
import { render } from './render.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `postfix:errors.${k}` as const;
const context = (serverId: number) => `server:${serverId}`;

/**
 * The portal's secret box, handed to the handlers once at start (`handlers(ports)`): `render` opens the sealed relay
 * password with it (it has no ports of its own). One portal per process.
 */
let secrets: PluginPorts['secrets'] | undefined;

const secretOf = (em: PluginDatabase, serverId: number) => em.findOne(PostfixRelaySecret, { serverId });

export default defineConfigService<Operations, Settings, undefined, PostfixRelaySecret | null>(
  {
    config,
    migrations: [Migration20261129033542Postfix],
    programs,
    desired: { entities: [PostfixRelaySecret], load: (em, server) => secretOf(em, server.id) },
    render: (s, c) => {
      const sealed = c.desired?.sealedPassword;
      if (sealed && !secrets) throw new Error('postfix: the secret box is not ready');
      return render(s, { hostPath: c.hostPath, password: sealed ? secrets!.open(sealed, context(c.server.id)) : null });
    },
    steps: { service: 'postfix', validate: checkMta, reload: reloadMta },
    rules: (s) => (s.relayUser && !s.relayHost ? { relayUser: [key('needs_relay')] } : undefined),
  },
  (ports, family) => {
    secrets = ports.secrets;
    const gateway = (serverId: number) => ports.gateway(serverId);
    return {
      getPostfixRelayPassword: async (c) => {
        const row = await secretOf(c.em, c.server.id);
        return { set: !!row, updatedAt: row ? row.updatedAt.toISOString() : null };
      },
      updatePostfixRelayPassword: async (c) =>
        (
          await ports.jobs.store(c, async (em) => {
            // Stored in any order: it takes effect once a relay host and a user are set (render.ts, loginOf).
            const s = await family.settingsOf(em, c.server.id);
            const sealedPassword = ports.secrets.seal(c.body.password, context(c.server.id));
            const row = await secretOf(em, c.server.id);
            if (row) em.assign(row, { sealedPassword, updatedAt: ports.clock.now() });
            else em.create(PostfixRelaySecret, { serverId: c.server.id, sealedPassword, updatedAt: ports.clock.now() });
            return { key: 'postfix:changes.passwordSet', values: { user: s.relayUser || '–' } };
          })
        ).job,
      deletePostfixRelayPassword: async (c) =>
        (
          await ports.jobs.store(c, async (em) => {
            await em.nativeDelete(PostfixRelaySecret, { serverId: c.server.id });
            return { key: 'postfix:changes.passwordRemoved' };
          })
        ).job,
      listPostfixQueue: async (c) => readQueue(gateway(c.server.id)),
      flushPostfixQueue: async (c) => {
        const gw = gateway(c.server.id);
        if (!(await readQueue(gw)).running || !(await flush(gw))) throw conflict(key('not_running'));
        await ports.audit.record(c, 'queue.flushed', {});
        return readQueue(gw);
      },
      flushPostfixQueueMessage: async (c) => {
        const gw = gateway(c.server.id);
        const queue = await readQueue(gw);
        if (!queue.data.some((m) => m.id === c.params.queueId) || !(await flush(gw, c.params.queueId)))
          throw notFound(key('message_not_found'));
        await ports.audit.record(c, 'queue.message_flushed', { queueId: c.params.queueId });
        return readQueue(gw);
      },
      deletePostfixQueueMessage: async (c) => {
        const gw = gateway(c.server.id);
        const queue = await readQueue(gw);
        if (!queue.data.some((m) => m.id === c.params.queueId)) throw notFound(key('message_not_found'));
        const deleted = await remove(gw, c.params.queueId);
        if (!deleted) throw notFound(key('message_not_found'));
        await ports.audit.record(c, 'queue.message_deleted', { queueId: c.params.queueId });
        return { deleted, queue: await readQueue(gw) };
      },
      deletePostfixQueue: async (c) => {
        const gw = gateway(c.server.id);
        const deleted = (await readQueue(gw)).running ? await remove(gw, 'ALL') : 0;
        await ports.audit.record(c, 'queue.deleted', { deleted });
        return { deleted, queue: await readQueue(gw) };
      },
    };
  },
);
