/**
 * The desired nginx state of one server as plain data: what the renderer reads, what an apply keeps
 * as its snapshot, and what `restore` puts back after a rollback.
 */
import type { PluginDatabase } from '@portal/plugin-sdk/server';
import type { Backend } from '../shared/options.ts';
import { NginxAuthentication, type AuthUserRecord } from './NginxAuthentication.ts';
import { NginxRedirect } from './NginxRedirect.ts';
import { NginxVhost, type DirectiveRecord } from './NginxVhost.ts';

export interface RedirectState {
  id: number;
  source: string;
  target: string;
  code: number;
  createdAt: string;
  updatedAt: string;
}

export interface AuthenticationState {
  id: number;
  path: string;
  realm: string;
  users: AuthUserRecord[];
  createdAt: string;
  updatedAt: string;
}

export interface VhostState {
  id: number;
  serverNames: string[];
  documentRoot: string;
  backend: Backend;
  phpVersion: string | null;
  upstream: string | null;
  certificate: string | null;
  directives: DirectiveRecord[];
  redirects: RedirectState[];
  authentications: AuthenticationState[];
  createdAt: string;
  updatedAt: string;
}

/** The whole desired state of a server (also the apply snapshot). */
export interface NginxState {
  vhosts: VhostState[];
}

const byPrimaryName = (a: { serverNames: string[] }, b: { serverNames: string[] }) => a.serverNames[0].localeCompare(b.serverNames[0]);

/** The server's domains with their redirects and authentications, in a stable order. */
export async function loadState(em: PluginDatabase, serverId: number): Promise<NginxState> {
  const [vhosts, redirects, auths] = await Promise.all([
    em.find(NginxVhost, { serverId }, { orderBy: { id: 'asc' } }),
    em.find(NginxRedirect, { serverId }, { orderBy: { id: 'asc' } }),
    em.find(NginxAuthentication, { serverId }, { orderBy: { id: 'asc' } }),
  ]);
  return {
    vhosts: vhosts
      .map(
        (v): VhostState => ({
          id: v.id,
          serverNames: [...v.serverNames],
          documentRoot: v.documentRoot,
          backend: v.backend,
          phpVersion: v.phpVersion ?? null,
          upstream: v.upstream ?? null,
          certificate: v.certificate ?? null,
          directives: v.directives.map((d) => ({ name: d.name, value: d.value })),
          redirects: redirects
            .filter((r) => r.vhost.id === v.id)
            .map((r) => ({ id: r.id, source: r.source, target: r.target, code: r.code, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }))
            .sort((a, b) => a.source.localeCompare(b.source)),
          authentications: auths
            .filter((a) => a.vhost.id === v.id)
            .map((a) => ({ id: a.id, path: a.path, realm: a.realm, users: a.users.map((u) => ({ name: u.name, hash: u.hash })), createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() }))
            .sort((a, b) => a.path.localeCompare(b.path)),
          createdAt: v.createdAt.toISOString(),
          updatedAt: v.updatedAt.toISOString(),
        }),
      )
      .sort(byPrimaryName),
  };
}

/** Whether a snapshot looks like one this plugin wrote (rollbacks hand back stored JSON). */
function isState(value: unknown): value is NginxState {
  return !!value && typeof value === 'object' && Array.isArray((value as NginxState).vhosts);
}

/**
 * Replaces the server's desired state with a snapshot (keeping the ids, so links stay valid), or
 * with the empty state when there is none (nothing was applied before). Runs inside the caller's transaction.
 */
export async function restoreState(em: PluginDatabase, serverId: number, snapshot: unknown): Promise<void> {
  await em.nativeDelete(NginxRedirect, { serverId });
  await em.nativeDelete(NginxAuthentication, { serverId });
  await em.nativeDelete(NginxVhost, { serverId });
  em.clear();
  if (!isState(snapshot)) return;
  for (const v of snapshot.vhosts) {
    const vhost = em.create(NginxVhost, {
      id: v.id,
      serverId,
      serverNames: v.serverNames,
      documentRoot: v.documentRoot,
      backend: v.backend,
      phpVersion: v.phpVersion,
      upstream: v.upstream,
      certificate: v.certificate,
      directives: v.directives,
      createdAt: new Date(v.createdAt),
      updatedAt: new Date(v.updatedAt),
    });
    for (const r of v.redirects)
      em.create(NginxRedirect, { id: r.id, serverId, vhost, source: r.source, target: r.target, code: r.code, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) });
    for (const a of v.authentications)
      em.create(NginxAuthentication, { id: a.id, serverId, vhost, path: a.path, realm: a.realm, users: a.users, createdAt: new Date(a.createdAt), updatedAt: new Date(a.updatedAt) });
  }
  await em.flush();
}

/** What changed between two states, for the change log line. */
export function describeChange(before: NginxState | null, after: NginxState): { added: string[]; changed: string[]; removed: string[] } {
  // Canonical JSON (sorted keys, no timestamps): a snapshot read back from jsonb has its keys reordered.
  const strip = (v: VhostState) =>
    JSON.stringify(v, (key, value: unknown) => {
      if (key === 'createdAt' || key === 'updatedAt') return undefined;
      if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
      return value;
    });
  const old = new Map((before?.vhosts ?? []).map((v) => [v.id, v]));
  const now = new Map(after.vhosts.map((v) => [v.id, v]));
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const v of after.vhosts) {
    const was = old.get(v.id);
    if (!was) added.push(v.serverNames[0]);
    else if (strip(was) !== strip(v)) changed.push(v.serverNames[0]);
  }
  for (const v of before?.vhosts ?? []) if (!now.has(v.id)) removed.push(v.serverNames[0]);
  return { added, changed, removed };
}

export const isNginxState = isState;
