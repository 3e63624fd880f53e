/**
 * Proxy locations: a path prefix of a site forwarded to upstreams, published under a key of the server by whoever
 * offers it (the nodejs section publishes `nodejs-<app>` with its instances' addresses). Publishing stores the
 * location in its site (moving it when the key was published on another path or site) and queues the member's
 * apply, like any change of the desired state: render, the program's check, reload, change log, rollback.
 */
import { notFound, type ApplyTarget } from '../../../server.ts';
import { proxyTimeout } from '../../shared/options.ts';
import type { ProxyLocationInput } from '../../shared/rules.ts';
import type { WebServerKit } from '../dialect.ts';
import { presentProxyLocation } from '../views.ts';
import { refuse, type SiteContext } from './context.ts';

export function proxyHandlers(kit: WebServerKit) {
  const { dialect, entities, state, rules, ports } = kit;
  const { Vhost } = entities;
  const notFoundKey = `${dialect.pluginId}:errors.proxy_not_found`;

  return {
    async list(c: SiteContext<unknown, { vhostId?: number }>) {
      const { vhosts } = await state.load(c.em, c.server.id);
      return { data: vhosts.filter((v) => !c.query.vhostId || v.id === c.query.vhostId).flatMap((v) => v.proxyLocations.map((p) => presentProxyLocation(p, v))) };
    },

    async publish(c: SiteContext<{ key: string }, unknown, ProxyLocationInput> & ApplyTarget) {
      const { job } = await ports.jobs.store(c, async (em) => {
        const all = (await state.load(em, c.server.id)).vhosts;
        refuse(rules.checkProxyLocation(c.params.key, c.body, all));
        const location = {
          key: c.params.key,
          path: c.body.path,
          upstreams: [...c.body.upstreams],
          websocket: c.body.websocket ?? true,
          timeoutSeconds: c.body.timeoutSeconds ?? proxyTimeout.default,
        };
        const now = ports.clock.now();
        for (const v of await em.find(Vhost, { serverId: c.server.id })) {
          const others = (v.proxyLocations ?? []).filter((p) => p.key !== location.key);
          const next = v.id === c.body.vhostId ? [...others, location] : others;
          if (JSON.stringify(next) !== JSON.stringify(v.proxyLocations ?? [])) em.assign(v, { proxyLocations: next, updatedAt: now });
        }
        await em.flush();
        const site = all.find((v) => v.id === c.body.vhostId)!;
        return { key: `${dialect.pluginId}:changes.proxyPublished`, values: { key: location.key, site: site.serverNames[0], path: location.path } };
      });
      return job;
    },

    async unpublish(c: SiteContext<{ key: string }> & ApplyTarget) {
      const { job } = await ports.jobs.store(c, async (em) => {
        const site = (await em.find(Vhost, { serverId: c.server.id })).find((v) => (v.proxyLocations ?? []).some((p) => p.key === c.params.key));
        if (!site) throw notFound(notFoundKey);
        em.assign(site, { proxyLocations: site.proxyLocations.filter((p) => p.key !== c.params.key), updatedAt: ports.clock.now() });
        await em.flush();
        return { key: `${dialect.pluginId}:changes.proxyUnpublished`, values: { key: c.params.key, site: site.serverNames[0] } };
      });
      return job;
    },
  };
}
