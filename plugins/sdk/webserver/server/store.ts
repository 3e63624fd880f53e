/**
 * The desired state of a server in a plugin's tables: reading it as {@link WebServerState} (what the
 * rules, the renderer and the snapshot see) and putting a snapshot back after a rollback.
 */
import type { PluginDatabase } from '../../server.ts';
import { isWebServerState, type VhostState, type WebServerState } from '../shared/state.ts';
import type { WebServerEntities } from './model.ts';

const byPrimaryName = (a: { serverNames: string[] }, b: { serverNames: string[] }) => a.serverNames[0].localeCompare(b.serverNames[0]);

/** Reading and restoring the state of one web server plugin. */
export interface StateStore {
  /** The server's sites with their redirects and authentications, in a stable order. */
  load(em: PluginDatabase, serverId: number): Promise<WebServerState>;
  /**
   * Replaces the server's desired state with a snapshot (keeping the ids, so links stay valid), or with
   * the empty state when there is none. Runs inside the caller's transaction.
   */
  restore(em: PluginDatabase, serverId: number, snapshot: unknown): Promise<void>;
}

export function stateStore({ Vhost, Redirect, Authentication }: WebServerEntities): StateStore {
  return {
    async load(em, serverId) {
      const [vhosts, redirects, auths] = await Promise.all([
        em.find(Vhost, { serverId }, { orderBy: { id: 'asc' } }),
        em.find(Redirect, { serverId }, { orderBy: { id: 'asc' } }),
        em.find(Authentication, { serverId }, { orderBy: { id: 'asc' } }),
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
              proxyLocations: (v.proxyLocations ?? []).map((x) => ({ key: x.key, path: x.path, upstreams: [...x.upstreams], websocket: x.websocket, timeoutSeconds: x.timeoutSeconds })).sort((a, b) => a.path.localeCompare(b.path)),
              createdAt: v.createdAt.toISOString(),
              updatedAt: v.updatedAt.toISOString(),
            }),
          )
          .sort(byPrimaryName),
      };
    },

    async restore(em, serverId, snapshot) {
      await em.nativeDelete(Redirect, { serverId });
      await em.nativeDelete(Authentication, { serverId });
      await em.nativeDelete(Vhost, { serverId });
      em.clear();
      if (!isWebServerState(snapshot)) return;
      for (const v of snapshot.vhosts) {
        const vhost = em.create(Vhost, {
          id: v.id,
          serverId,
          serverNames: v.serverNames,
          documentRoot: v.documentRoot,
          backend: v.backend,
          phpVersion: v.phpVersion,
          upstream: v.upstream,
          certificate: v.certificate,
          directives: v.directives,
          proxyLocations: v.proxyLocations ?? [],
          createdAt: new Date(v.createdAt),
          updatedAt: new Date(v.updatedAt),
        });
        for (const r of v.redirects)
          em.create(Redirect, { id: r.id, serverId, vhost, source: r.source, target: r.target, code: r.code, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) });
        for (const a of v.authentications)
          em.create(Authentication, { id: a.id, serverId, vhost, path: a.path, realm: a.realm, users: a.users, createdAt: new Date(a.createdAt), updatedAt: new Date(a.updatedAt) });
      }
      await em.flush();
    },
  };
}
