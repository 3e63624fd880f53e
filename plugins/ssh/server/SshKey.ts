import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One authorized public key of a server user: the desired state rendered into `~/.ssh/authorized_keys`. */
export const SshKey = defineEntity({
  name: 'SshKey',
  tableName: 'ssh_keys',
  uniques: [{ properties: ['serverId', 'user', 'fingerprint'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    user: p.string().length(32),
    label: p.string().length(100),
    /** `ssh-ed25519`, `ecdsa-sha2-nistp256`, …, `ssh-rsa`. */
    type: p.string().length(32),
    bits: p.integer(),
    /** `SHA256:…` as `ssh-keygen -l` shows it. */
    fingerprint: p.string().length(64),
    /** The key's base64, canonical (re-encoded from the parsed key). */
    data: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type SshKey = InferEntity<typeof SshKey>;
