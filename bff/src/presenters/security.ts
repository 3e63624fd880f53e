import type { PersonalAccessToken, Session } from '@portal/core/accounts';
import type { Cluster } from '@portal/core/clusters';
import type { Schemas } from '@portal/openapi';

/** A token as its owner sees it: never the secret or its hash. */
export const presentPersonalAccessToken = (t: PersonalAccessToken, clusters: Map<number, Cluster>): Schemas['PersonalAccessToken'] => ({
  id: t.id,
  name: t.name,
  abilities: t.abilities,
  clusters: t.abilities
    .filter((a) => a.startsWith('cluster:'))
    .map((a) => clusters.get(Number(a.slice('cluster:'.length))))
    .filter((c): c is Cluster => !!c)
    .map((c) => ({ id: c.id, number: c.number, name: c.name })),
  expiresAt: t.expiresOn ? String(t.expiresOn).slice(0, 10) : null,
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  createdAt: t.createdAt.toISOString(),
});

/** A session in the list of sessions: its public id, never the token hash. */
export const presentSession = (s: Session, currentId: string | undefined): Schemas['SessionSummary'] => ({
  id: s.publicId,
  current: s.id === currentId,
  userAgent: s.userAgent ?? null,
  ip: s.ip ?? null,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
});
