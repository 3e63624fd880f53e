/**
 * Server part of the `ssh` plugin: authorized public keys per server user (desired state in
 * `ssh_keys`), checked with `sshpk`, rendered as `authorized_keys` per user and checked on the server
 * with `ssh-keygen -l`. sshd reads the files on every login, so there is nothing to reload.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Schemas } from '@portal/openapi';
import {
  defineServerPlugin,
  notFound,
  validationFailed,
  type ApplyTarget,
  type ManagedServer,
  type PluginHandlers,
  type PluginPorts,
  type StateContext,
} from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { labelFromComment, sshUsers, type SshUser } from '../shared/users.ts';
import { demoKeys } from './fixtures.ts';
import { parseKey } from './keys.ts';
import { Migration20261122142000SshKeys } from './migrations/Migration20261122142000SshKeys.ts';
import { renderAuthorizedKeys } from './render.ts';
import { checkLabelField, checkNewKey } from './rules.ts';
import { SshKey } from './SshKey.ts';
import { validateAuthorizedKeys } from './validate.ts';

type SshKeyView = Schemas['SshKey'];

/** A key as the snapshot of an applied version keeps it. */
export interface SshKeySnapshot {
  id: number;
  user: string;
  label: string;
  type: string;
  bits: number;
  fingerprint: string;
  data: string;
  createdAt: string;
  updatedAt: string;
}

export const present = (k: SshKey): SshKeyView => ({
  id: k.id,
  user: k.user as SshUser,
  label: k.label,
  type: k.type,
  bits: k.bits,
  fingerprint: k.fingerprint,
  publicKey: `${k.type} ${k.data}`,
  createdAt: k.createdAt.toISOString(),
  updatedAt: k.updatedAt.toISOString(),
});

const toSnapshot = (k: SshKey): SshKeySnapshot => ({
  id: k.id,
  user: k.user,
  label: k.label,
  type: k.type,
  bits: k.bits,
  fingerprint: k.fingerprint,
  data: k.data,
  createdAt: k.createdAt.toISOString(),
  updatedAt: k.updatedAt.toISOString(),
});

const keysOf = (em: EntityManager, serverId: number) => em.find(SshKey, { serverId }, { orderBy: { user: 'asc', id: 'asc' } });

const filesOf = (keys: readonly SshKey[]) => renderAuthorizedKeys(keys).map(({ path, content, mode }) => ({ path, content, mode }));

/** Replaces a server's keys with a snapshot (rollback, failed apply) or removes them all (`null`). */
async function restore({ em, server }: StateContext, snapshot: unknown): Promise<void> {
  await em.nativeDelete(SshKey, { serverId: server.id });
  const keys = Array.isArray(snapshot) ? (snapshot as SshKeySnapshot[]) : [];
  for (const k of keys)
    em.create(SshKey, {
      id: k.id,
      serverId: server.id,
      user: k.user,
      label: k.label,
      type: k.type,
      bits: k.bits,
      fingerprint: k.fingerprint,
      data: k.data,
      createdAt: new Date(k.createdAt),
      updatedAt: new Date(k.updatedAt),
    });
  await em.flush();
}

/** Renders every user's file from the stored keys and starts the apply job. */
async function apply(ports: PluginPorts, c: ApplyTarget & { em: EntityManager }, summary: { key: string; values?: Record<string, string | number> }) {
  const keys = await keysOf(c.em.fork(), c.server.id);
  const { job } = await ports.jobs.apply(c, { summary, files: filesOf(keys), snapshot: keys.map(toSnapshot) });
  return job;
}

/**
 * The host checks access to the server; this section exists only on servers running SSH (`services`
 * contains `ssh`), elsewhere every operation is 404 like an unknown section.
 */
function onlyWhereRunning<H extends object>(handlers: H): H {
  const guarded = Object.entries(handlers).map(([op, handler]: [string, (c: { server: ManagedServer }) => unknown]) => [
    op,
    (c: { server: ManagedServer }) => {
      if (!c.server.services.includes('ssh')) throw notFound('errors.managed_plugin_not_found');
      return handler(c);
    },
  ]);
  return Object.fromEntries(guarded) as H;
}

const forLog = (k: { user: string; label: string; fingerprint: string }) => ({ user: k.user, label: k.label, fingerprint: k.fingerprint });

export default defineServerPlugin<Operations>({
  entities: [SshKey],
  migrations: [Migration20261122142000SshKeys],
  steps: {
    validate: (gateway, files) => validateAuthorizedKeys(gateway, files),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'sshd', output: 'sshd reads authorized_keys on every login' }),
  },
  handlers: (ports) => onlyWhereRunning(handlers(ports)),
  restore,
  fixtures: async ({ em, server, clock }) => {
    if ((await em.count(SshKey, { serverId: server.id })) > 0) return;
    const now = clock.now();
    for (const demo of demoKeys) {
      const parsed = parseKey(demo.publicKey);
      if (!parsed.ok) throw new Error(`demo key ${demo.label}: ${parsed.problem}`);
      const { type, bits, fingerprint, data } = parsed.key;
      em.create(SshKey, { serverId: server.id, user: demo.user, label: demo.label, type, bits, fingerprint, data, createdAt: now, updatedAt: now });
    }
    await em.flush();
  },
});

function handlers(ports: PluginPorts): PluginHandlers<Operations> {
  return {
    listSshKeys: async (c) => ({ data: (await keysOf(c.em, c.server.id)).map(present), users: [...sshUsers] }),

    inspectSshKey: async (c) => {
      const r = parseKey(c.body.publicKey);
      if (!r.ok) throw validationFailed({ publicKey: [`ssh:errors.${r.problem}`] });
      return { type: r.key.type, bits: r.key.bits, fingerprint: r.key.fingerprint, suggestedLabel: labelFromComment(r.key.comment) };
    },

    getSshAuthorizedKeysFiles: async (c) => {
      const files = renderAuthorizedKeys(await keysOf(c.em, c.server.id));
      const last = await ports.jobs.lastApplied(c.server.id);
      const lastFiles = new Map((last?.files ?? []).map((f) => [f.path, f.content]));
      const applied = !!last && lastFiles.size === files.length && files.every((f) => lastFiles.get(f.path) === f.content);
      return { files: files.map(({ path, user, content }) => ({ path, user, content })), applied };
    },

    applySshKeys: async (c) => apply(ports, c, { key: 'ssh:changes.applied' }),

    createSshKey: async (c) => {
      const now = ports.clock.now();
      const checked = checkNewKey(c.body, await keysOf(c.em, c.server.id));
      if (!checked.ok) throw validationFailed(checked.errors);
      const { type, bits, fingerprint, data } = checked.key;
      const label = c.body.label.trim();
      try {
        await c.em.transactional(async (em) => {
          em.create(SshKey, { serverId: c.server.id, user: c.body.user, label, type, bits, fingerprint, data, createdAt: now, updatedAt: now });
        });
      } catch (e) {
        // The same key added twice at the same moment: the unique index decides.
        if ((e as Error).name === 'UniqueConstraintViolationException') throw validationFailed({ publicKey: ['ssh:errors.duplicate'] });
        throw e;
      }
      return apply(ports, c, { key: 'ssh:changes.created', values: forLog({ user: c.body.user, label, fingerprint }) });
    },

    updateSshKey: async (c) => {
      const key = await c.em.findOne(SshKey, { id: c.params.keyId, serverId: c.server.id });
      if (!key) throw notFound();
      const errors = checkLabelField(c.body.label);
      if (errors) throw validationFailed(errors);
      const label = c.body.label.trim();
      await c.em.transactional(async (em) => {
        await em.nativeUpdate(SshKey, { id: key.id }, { label, updatedAt: ports.clock.now() });
      });
      return apply(ports, c, { key: 'ssh:changes.relabelled', values: forLog({ ...key, label }) });
    },

    deleteSshKey: async (c) => {
      const key = await c.em.findOne(SshKey, { id: c.params.keyId, serverId: c.server.id });
      if (!key) throw notFound();
      const values = forLog(key);
      await c.em.transactional(async (em) => {
        await em.nativeDelete(SshKey, { id: key.id, serverId: c.server.id });
      });
      return apply(ports, c, { key: 'ssh:changes.deleted', values });
    },
  };
}
