/**
 * Server part of the `ssh` plugin: authorized public keys per server user (desired state in
 * `ssh_keys`), checked with `sshpk`, rendered as `authorized_keys` per user and checked on the server
 * with `ssh-keygen -l`. sshd reads the files on every login, so there is nothing to reload.
 */
import type { Schemas } from '@portal/openapi';
import { defineServerPlugin, found, validationFailed, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { labelFromComment, sshUsers, type SshUser } from '../shared/users.ts';
import { demoKeys } from './fixtures.ts';
import { parseKey } from './keys.ts';
import { Migration20261122142000SshKeys } from './migrations/Migration20261122142000SshKeys.ts';
import programs from './program.ts';
import { renderAuthorizedKeys } from './render.ts';
import { checkLabelField, checkNewKey, key } from './rules.ts';
import { SshKey } from './SshKey.ts';

type SshKeyView = Schemas['SshKey'];

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

const keysOf = (em: PluginDatabase, serverId: number) => em.find(SshKey, { serverId }, { orderBy: { user: 'asc', id: 'asc' } });

const filesOf = (keys: readonly SshKey[]) => renderAuthorizedKeys(keys).map(({ path, content, mode }) => ({ path, content, mode }));

const forLog = (k: { user: string; label: string; fingerprint: string }) => ({ user: k.user, label: k.label, fingerprint: k.fingerprint });

export default defineServerPlugin<Operations>({
  entities: [SshKey],
  migrations: [Migration20261122142000SshKeys],
  // Checked with `ssh-keygen -l` as its program says (program.ts).
  programs,
  steps: {
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'sshd', output: 'sshd reads authorized_keys on every login' }),
  },
  handlers,
  state: { entities: [SshKey] },
  render: async ({ em, server }) => filesOf(await keysOf(em, server.id)),
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
      if (!r.ok) throw validationFailed({ publicKey: [key(r.problem)] });
      return { type: r.key.type, bits: r.key.bits, fingerprint: r.key.fingerprint, suggestedLabel: labelFromComment(r.key.comment) };
    },

    createSshKey: async (c) => {
      const now = ports.clock.now();
      const label = c.body.label.trim();
      const { job } = await ports.jobs.store(c, async (em) => {
        // Under the lock of the server's keys: the rules see the keys they are checked against.
        const checked = checkNewKey(c.body, await keysOf(em, c.server.id));
        if (!checked.ok) throw validationFailed(checked.errors);
        const { type, bits, fingerprint, data } = checked.key;
        em.create(SshKey, { serverId: c.server.id, user: c.body.user, label, type, bits, fingerprint, data, createdAt: now, updatedAt: now });
        return { key: 'ssh:changes.created', values: forLog({ user: c.body.user, label, fingerprint }) };
      });
      return job;
    },

    updateSshKey: async (c) => {
      const key = found(await c.em.findOne(SshKey, { id: c.params.keyId, serverId: c.server.id }));
      const errors = checkLabelField(c.body.label);
      if (errors) throw validationFailed(errors);
      const label = c.body.label.trim();
      const { job } = await ports.jobs.store(c, async (em) => {
        found(await em.nativeUpdate(SshKey, { id: key.id, serverId: c.server.id }, { label, updatedAt: ports.clock.now() }));
        return { key: 'ssh:changes.relabelled', values: forLog({ ...key, label }) };
      });
      return job;
    },

    deleteSshKey: async (c) => {
      const key = found(await c.em.findOne(SshKey, { id: c.params.keyId, serverId: c.server.id }));
      const values = forLog(key);
      const { job } = await ports.jobs.store(c, async (em) => {
        found(await em.nativeDelete(SshKey, { id: key.id, serverId: c.server.id }));
        return { key: 'ssh:changes.deleted', values };
      });
      return job;
    },
  };
}
