import { timingSafeEqual } from 'node:crypto';
import { raw, type EntityManager } from '@mikro-orm/core';
import { Cluster, visibleClusterIds, type User } from '../../tenancy/index.ts';
import { type Clock, NotFound, ValidationFailed, type FieldErrors, randomToken, sha256 } from '../../platform/index.ts';
import { PersonalAccessToken } from './PersonalAccessToken.ts';
import { credentialsRevoked } from '../sessions/revocations.ts';

/** Areas a limited token may reach besides clusters (§3 restrictions). */
export const tokenAreas = ['profile', 'accounting'] as const;
export type TokenAreaAbility = (typeof tokenAreas)[number];

export interface TokenAccess {
  /** Full access: all clusters, profile data, invoices (`*`). */
  global: boolean;
  /** Limited access to every cluster the user can see (`clusters:*`). */
  allClusters?: boolean;
  /** Limited access to these clusters (`cluster:<id>`); each must be active and visible to the user. */
  clusters?: number[];
  /** Limited access to profile/user management and/or accounting. */
  areas?: TokenAreaAbility[];
}

export interface NewPersonalAccessToken {
  name: string;
  /** 1: valid until `expiresAt` (inclusive); 0: unlimited. */
  expires: 0 | 1;
  /** `YYYY-MM-DD`, not before today. */
  expiresAt?: string | null;
  access: TokenAccess;
}

export interface CreatedPersonalAccessToken {
  token: PersonalAccessToken;
  /** `<id>|<secret>`, shown once; only the secret's SHA-256 is stored. */
  plainTextToken: string;
}

/** Tokens expire at the end of their last day in the provider's time zone. */
const timeZone = 'Europe/Berlin';

/** The calendar day of an instant in the provider's time zone, `YYYY-MM-DD`. */
export const providerDate = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const isCalendarDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** The abilities a token gets for the chosen access (§3, §4 access modes). */
export function abilitiesFor(access: TokenAccess): string[] {
  if (access.global) return ['*'];
  const abilities: string[] = [];
  if (access.allClusters) abilities.push('clusters:*');
  else for (const id of [...new Set(access.clusters ?? [])].sort((a, b) => a - b)) abilities.push(`cluster:${id}`);
  for (const area of tokenAreas) if (access.areas?.includes(area)) abilities.push(area);
  return abilities;
}

/**
 * Creates a token for the user (§5 token creation): a name; an expiry day not before today, or
 * unlimited; full access, or limited access with at least one cluster (all, or chosen from the user's
 * active clusters) and optionally profile and accounting. The secret has 256 bits from the CSPRNG.
 */
export async function createPersonalAccessToken(em: EntityManager, user: User, input: NewPersonalAccessToken, clock: Clock): Promise<CreatedPersonalAccessToken> {
  const fields: FieldErrors = {};
  const name = input.name.trim();
  if (!name) fields.name = ['validation.required'];
  let expiresOn: string | null = null;
  if (input.expires === 1) {
    if (!input.expiresAt) fields.expires_at = ['validation.required'];
    else if (!isCalendarDate(input.expiresAt)) fields.expires_at = ['validation.format.date'];
    else if (input.expiresAt < providerDate(clock.now())) fields.expires_at = ['errors.token_expiry_in_past'];
    else expiresOn = input.expiresAt;
  }
  const access = input.access;
  if (!access.global) {
    const chosen = [...new Set(access.clusters ?? [])];
    if (!access.allClusters && !chosen.length) fields['abilities.clusters'] = ['errors.token_cluster_required'];
    else if (!access.allClusters && chosen.length) {
      const visible = new Set(await visibleClusterIds(em, user.id));
      const active = chosen.filter((id) => visible.has(id));
      const activeCount = active.length ? await em.count(Cluster, { id: { $in: active }, status: 'active' }) : 0;
      if (activeCount !== chosen.length) fields['abilities.clusters'] = ['errors.token_cluster_invalid'];
    }
  }
  if (Object.keys(fields).length) throw ValidationFailed(fields);

  const secret = randomToken(32);
  const token = em.create(PersonalAccessToken, {
    user,
    name,
    secretHash: sha256(secret),
    abilities: abilitiesFor(access),
    expiresOn,
    lastUsedAt: null,
    createdAt: clock.now(),
  });
  await em.flush();
  return { token, plainTextToken: `${token.id}|${secret}` };
}

export const tokenSortFields = ['id', 'name', 'expiresAt', 'lastUsedAt', 'createdAt'] as const;
export type TokenSort = (typeof tokenSortFields)[number];

export interface TokenQuery {
  search?: string;
  sort?: TokenSort;
  order?: 'asc' | 'desc';
  page: number;
  perPage: number;
}

const sortColumn: Record<TokenSort, string> = { id: 'id', name: 'name', expiresAt: 'expiresOn', lastUsedAt: 'lastUsedAt', createdAt: 'createdAt' };

/** One page of the user's tokens; search by name; newest first unless sorted otherwise. */
export async function listPersonalAccessTokens(
  em: EntityManager,
  userId: number,
  query: TokenQuery,
): Promise<{ items: PersonalAccessToken[]; total: number }> {
  const where: Record<string, unknown> = { user: userId };
  if (query.search?.trim()) where.name = { $ilike: `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
  const order = query.order ?? (query.sort ? 'asc' : 'desc');
  // Unlimited tokens (no expiry) sort as the latest expiry; never-used tokens as the oldest use.
  const nulls = (query.sort === 'expiresAt') === (order === 'asc') ? 'last' : 'first';
  // Names sort as people read them, regardless of case.
  const key = query.sort === 'name' ? raw((alias) => `lower(${alias}.name)`) : sortColumn[query.sort ?? 'id'];
  const [items, total] = await em.findAndCount(PersonalAccessToken, where, {
    orderBy: [{ [key]: `${order} nulls ${nulls}` }, { id: order }] as never,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items, total };
}

/** Deletes one of the user's tokens; its next request gets 401. 404 for anybody else's token. */
export async function deletePersonalAccessToken(em: EntityManager, userId: number, tokenId: number): Promise<void> {
  const n = await em.nativeDelete(PersonalAccessToken, { id: tokenId, user: userId });
  credentialsRevoked({ tokens: [tokenId] });
  if (!n) throw NotFound('errors.token_not_found');
}

/** `last_used_at` is written at most once per this interval, so busy API clients do not write on every call. */
const lastUsedResolutionMs = 60_000;

/**
 * The live token behind `<id>|<secret>` with its user, or `null` (malformed, unknown, wrong secret,
 * expired). Compares hashes in constant time and records the use.
 */
export async function findTokenForBearer(em: EntityManager, presented: string, clock: Clock): Promise<PersonalAccessToken | null> {
  const m = /^(\d{1,12})\|([A-Za-z0-9_-]{20,200})$/.exec(presented.trim());
  if (!m) return null;
  const token = await em.findOne(PersonalAccessToken, { id: Number(m[1]) }, { populate: ['user', 'secretHash'] });
  const expected = Buffer.from(token?.secretHash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(sha256(m[2]), 'hex');
  if (!token || !timingSafeEqual(expected, given)) return null;
  const now = clock.now();
  if (token.expiresOn && String(token.expiresOn) < providerDate(now)) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= lastUsedResolutionMs) {
    await em.nativeUpdate(PersonalAccessToken, { id: token.id }, { lastUsedAt: now });
    token.lastUsedAt = now;
  }
  return token;
}

/** The clusters named in tokens' abilities (id, number, name), for showing the restriction. */
export async function clustersOfTokens(em: EntityManager, tokens: PersonalAccessToken[]): Promise<Map<number, Cluster>> {
  const ids = [...new Set(tokens.flatMap((t) => t.abilities.filter((a) => a.startsWith('cluster:')).map((a) => Number(a.slice(8)))))];
  const clusters = ids.length ? await em.find(Cluster, { id: { $in: ids } }) : [];
  return new Map(clusters.map((c) => [c.id, c]));
}
