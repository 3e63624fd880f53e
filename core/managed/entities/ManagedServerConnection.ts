import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Server } from '../../clusters/index.ts';

export const gatewayKinds = ['local', 'ssh'] as const;

/**
 * How the Managed Center reaches one server (issue 28): the gateway (none: `MANAGED_GATEWAY`), the SSH
 * address and user, the key pair the portal generated (the private key sealed with the portal's secret box,
 * context `managed-ssh-key:<serverId>`), and the pinned host key.
 */
export const ManagedServerConnection = defineEntity({
  name: 'ManagedServerConnection',
  tableName: 'managed_server_connections',
  properties: {
    id: p.integer().primary().autoincrement(),
    server: () => p.oneToOne(Server).owner().deleteRule('cascade').unique(),
    /** Overrides `MANAGED_GATEWAY` for this server; null: the portal's setting. */
    gateway: p.enum(gatewayKinds).nullable(),
    host: p.string().length(253).nullable(),
    port: p.integer().default(22),
    username: p.string().length(32).default('portal'),
    /** A sandbox directory on the far side (development and tests); null: a real server. */
    root: p.string().length(512).nullable(),
    /** The private key, sealed (never leaves the portal). */
    privateKey: p.text().nullable(),
    /** The `authorized_keys` line. */
    publicKey: p.text().nullable(),
    /** `SHA256:…` of the host key seen first (pinned). */
    hostKeyFingerprint: p.string().length(64).nullable(),
    /** When a cluster administrator confirmed the fingerprint; null: not yet (connections are refused). */
    hostKeyConfirmedAt: p.datetime().nullable(),
    lastContactAt: p.datetime().nullable(),
    /** The last failure's reason (`auth_refused`, `host_key_changed`, …), null after a success. */
    lastError: p.string().length(40).nullable(),
    updatedAt: p.datetime(),
  },
});
export type ManagedServerConnection = InferEntity<typeof ManagedServerConnection>;
