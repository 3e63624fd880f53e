/**
 * Server part of the `ssh` plugin: authorized public keys per server user (desired state in
 * `ssh_keys`), checked with `sshpk`, rendered as `authorized_keys` per user and checked on the server
 * with `ssh-keygen -l`. sshd reads the files on every login, so there is nothing to reload.
 */
import type { Schemas } from '@portal/openapi';
import { defineResource, defineServerPlugin, validationFailed, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { sshKeyResource } from '../generated/resources.ts';
import { labelFromComment, sshUsers, type SshUser } from '../shared/users.ts';
import { demoKeys } from './fixtures.ts';
import { parseKey } from './keys.ts';
import { Migration20261122142000SshKeys } from './migrations/Migration20261122142000SshKeys.ts';
import programs from './program.ts';
import { renderAuthorizedKeys } from './render.ts';
import { checkLabelField, checkNewKey, key } from './rules.ts';
import { SshKey } from './SshKey.ts';

export const present = (k: SshKey): Schemas['SshKey'] => ({
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

/** The keys of a server (a resource of the SDK: `x-resources.sshKey`); a new key is stored as parsed, an update changes the label. */
export const keys = defineResource(sshKeyResource, {
  entity: SshKey,
  orderBy: { user: 'asc', id: 'asc' },
  present,
  listExtras: () => ({ users: [...sshUsers] }),
  // Under the lock of the server's keys: the rules see the keys they are checked against.
  rules: (input, { existing, current }) => {
    if (current) return checkLabelField(input.label);
    const checked = checkNewKey(input as Schemas['SshKeyInput'], existing);
    return checked.ok ? undefined : checked.errors;
  },
  values: (input, { current }) => {
    if (current) return { label: input.label.trim() };
    const { user, publicKey } = input as Schemas['SshKeyInput'];
    const parsed = parseKey(publicKey);
    if (!parsed.ok) throw new Error('unreachable: checked by the rules');
    const { type, bits, fingerprint, data } = parsed.key;
    return { user, label: input.label.trim(), type, bits, fingerprint, data };
  },
  summary: (k) => ({ user: k.user, label: k.label, fingerprint: k.fingerprint }),
  changes: { updated: 'relabelled' },
});

export default defineServerPlugin<Operations>({
  entities: [SshKey],
  migrations: [Migration20261122142000SshKeys],
  // Checked with `ssh-keygen -l` as its program says (program.ts).
  programs,
  steps: {
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'sshd', output: 'sshd reads authorized_keys on every login' }),
  },
  handlers: (ports): PluginHandlers<Operations> => ({
    ...keys.handlers(ports),
    inspectSshKey: async (c) => {
      const r = parseKey(c.body.publicKey);
      if (!r.ok) throw validationFailed({ publicKey: [key(r.problem)] });
      return { type: r.key.type, bits: r.key.bits, fingerprint: r.key.fingerprint, suggestedLabel: labelFromComment(r.key.comment) };
    },
  }),
  state: { entities: [SshKey] },
  render: async ({ em, server }) => renderAuthorizedKeys(await keys.all(em, server.id)).map(({ path, content, mode }) => ({ path, content, mode })),
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
