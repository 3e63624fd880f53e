import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/**
 * A personal access token (§3) for third-party API calls, `Authorization: Bearer <id>|<secret>`.
 * Only the SHA-256 of the secret is stored; the plain value is shown once at creation.
 * Abilities: `*` (full access) or any of `clusters:*`, `cluster:<id>`, `profile`, `accounting`.
 */
export const PersonalAccessToken = defineEntity({
  name: 'PersonalAccessToken',
  tableName: 'personal_access_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string().length(255),
    secretHash: p.string().length(64).hidden(),
    abilities: p.json<string[]>(),
    /** The last day the token works (Europe/Berlin); `null` is unlimited. */
    expiresOn: p.date().nullable(),
    lastUsedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type PersonalAccessToken = InferEntity<typeof PersonalAccessToken>;
