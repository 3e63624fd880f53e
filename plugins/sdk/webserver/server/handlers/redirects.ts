/** Redirects of the sites: list (all, or one site's), create, change, remove. */
import { noContent, notFound, type PluginDatabase } from '../../../server.ts';
import type { RedirectInput } from '../../shared/rules.ts';
import type { WebServerKit } from '../dialect.ts';
import { presentRedirect } from '../views.ts';
import { refuse, type SiteContext } from './context.ts';

export function redirectHandlers(kit: WebServerKit) {
  const { dialect, entities, state, rules, ports } = kit;
  const { Vhost, Redirect } = entities;
  const notFoundKey = `${dialect.pluginId}:errors.redirect_not_found`;

  const view = async (em: PluginDatabase, serverId: number, id: number) => {
    for (const v of (await state.load(em, serverId)).vhosts) for (const r of v.redirects) if (r.id === id) return presentRedirect(r, v);
    throw notFound(notFoundKey);
  };

  return {
    async list(c: SiteContext<unknown, { vhostId?: number }>) {
      const { vhosts } = await state.load(c.em, c.server.id);
      return { data: vhosts.filter((v) => !c.query.vhostId || v.id === c.query.vhostId).flatMap((v) => v.redirects.map((r) => presentRedirect(r, v))) };
    },

    async create(c: SiteContext<unknown, unknown, RedirectInput>) {
      const id = await c.em.transactional(async (tx) => {
        await kit.lock(tx, c.server.id);
        refuse(rules.checkRedirect(c.body, (await state.load(tx, c.server.id)).vhosts));
        const now = ports.clock.now();
        const { vhostId, source, target, code } = c.body;
        const r = tx.create(Redirect, { source, target, code, serverId: c.server.id, vhost: tx.getReference(Vhost, vhostId), createdAt: now, updatedAt: now });
        await tx.flush();
        return r.id;
      });
      return view(c.em.fork(), c.server.id, id);
    },

    async update(c: SiteContext<{ redirectId: number }, unknown, RedirectInput>) {
      await c.em.transactional(async (tx) => {
        await kit.lock(tx, c.server.id);
        const r = await tx.findOne(Redirect, { id: c.params.redirectId, serverId: c.server.id });
        if (!r) throw notFound(notFoundKey);
        refuse(rules.checkRedirect(c.body, (await state.load(tx, c.server.id)).vhosts, r.id));
        const { vhostId, source, target, code } = c.body;
        tx.assign(r, { source, target, code, vhost: tx.getReference(Vhost, vhostId), updatedAt: ports.clock.now() });
      });
      return view(c.em.fork(), c.server.id, c.params.redirectId);
    },

    async remove(c: SiteContext<{ redirectId: number }>) {
      if (!(await c.em.nativeDelete(Redirect, { id: c.params.redirectId, serverId: c.server.id }))) throw notFound(notFoundKey);
      return noContent;
    },
  };
}
