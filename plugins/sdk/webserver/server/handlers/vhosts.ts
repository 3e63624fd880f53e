/** Sites (domains, vhosts): list, one, create, change, remove — stored as the desired state, applied with "apply now". */
import { noContent, notFound, type ManagedServer, type PluginDatabase } from '../../../server.ts';
import { normalizeVhost, type VhostInput } from '../../shared/rules.ts';
import type { WebServerKit } from '../dialect.ts';
import { presentVhost } from '../views.ts';
import { refuse, vhostOf, type SiteContext } from './context.ts';

export function vhostHandlers<D extends string>(kit: WebServerKit<D>) {
  const { dialect, entities, state, rules, ports } = kit;
  const { Vhost, Redirect, Authentication } = entities;
  const notFoundKey = `${dialect.pluginId}:errors.vhost_not_found`;

  const view = async (em: PluginDatabase, server: ManagedServer, id: number) => {
    const current = await state.load(em, server.id);
    return presentVhost<D>(vhostOf(dialect.pluginId, current, id), await dialect.certificateStatuses(ports.gateway(server.id), server.customer.number));
  };

  return {
    async list(c: SiteContext) {
      const [current, statuses] = await Promise.all([state.load(c.em, c.server.id), dialect.certificateStatuses(ports.gateway(c.server.id), c.server.customer.number)]);
      return { data: current.vhosts.map((v) => presentVhost<D>(v, statuses)) };
    },

    get: (c: SiteContext<{ vhostId: number }>) => view(c.em, c.server, c.params.vhostId),

    async create(c: SiteContext<unknown, unknown, VhostInput>) {
      const input = normalizeVhost(c.body);
      const id = await c.em.transactional(async (tx) => {
        await kit.lock(tx, c.server.id);
        refuse(rules.checkVhost(input, (await state.load(tx, c.server.id)).vhosts, undefined, kit.ownCertificates(c.server)));
        const now = ports.clock.now();
        const v = tx.create(Vhost, { ...input, proxyLocations: [], serverId: c.server.id, createdAt: now, updatedAt: now });
        await tx.flush();
        return v.id;
      });
      return view(c.em.fork(), c.server, id);
    },

    async update(c: SiteContext<{ vhostId: number }, unknown, VhostInput>) {
      const input = normalizeVhost(c.body);
      await c.em.transactional(async (tx) => {
        await kit.lock(tx, c.server.id);
        const v = await tx.findOne(Vhost, { id: c.params.vhostId, serverId: c.server.id });
        if (!v) throw notFound(notFoundKey);
        refuse(rules.checkVhost(input, (await state.load(tx, c.server.id)).vhosts, v.id, kit.ownCertificates(c.server)));
        tx.assign(v, { ...input, updatedAt: ports.clock.now() });
      });
      return view(c.em.fork(), c.server, c.params.vhostId);
    },

    async remove(c: SiteContext<{ vhostId: number }>) {
      await c.em.transactional(async (tx) => {
        const v = await tx.findOne(Vhost, { id: c.params.vhostId, serverId: c.server.id });
        if (!v) throw notFound(notFoundKey);
        await tx.nativeDelete(Redirect, { vhost: v.id });
        await tx.nativeDelete(Authentication, { vhost: v.id });
        await tx.nativeDelete(Vhost, { id: v.id });
      });
      return noContent;
    },
  };
}
