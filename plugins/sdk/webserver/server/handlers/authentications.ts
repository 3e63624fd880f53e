/** Basic authentications (htpasswd) of the sites: list (users by name only), create, change (a user without password keeps his), remove. */
import { noContent, notFound, type PluginDatabase } from '../../../server.ts';
import type { AuthenticationInput } from '../../shared/rules.ts';
import type { WebServerKit } from '../dialect.ts';
import { hashPassword } from '../passwords.ts';
import { presentAuthentication } from '../views.ts';
import { refuse, type SiteContext } from './context.ts';

export function authenticationHandlers(kit: WebServerKit) {
  const { dialect, entities, state, rules, ports } = kit;
  const { Vhost, Authentication } = entities;
  const notFoundKey = `${dialect.pluginId}:errors.authentication_not_found`;

  const view = async (em: PluginDatabase, serverId: number, id: number) => {
    for (const v of (await state.load(em, serverId)).vhosts) for (const a of v.authentications) if (a.id === id) return presentAuthentication(a, v);
    throw notFound(notFoundKey);
  };

  return {
    async list(c: SiteContext<unknown, { vhostId?: number }>) {
      const { vhosts } = await state.load(c.em, c.server.id);
      return { data: vhosts.filter((v) => !c.query.vhostId || v.id === c.query.vhostId).flatMap((v) => v.authentications.map((a) => presentAuthentication(a, v))) };
    },

    async create(c: SiteContext<unknown, unknown, AuthenticationInput>) {
      const id = await c.em.transactional(async (tx) => {
        await kit.lock(tx, c.server.id);
        refuse(rules.checkAuthentication(c.body, (await state.load(tx, c.server.id)).vhosts));
        const now = ports.clock.now();
        const { vhostId, path, realm, users } = c.body;
        const hashed = users.map((u) => ({ name: u.name, hash: hashPassword(u.password!) }));
        const a = tx.create(Authentication, { serverId: c.server.id, vhost: tx.getReference(Vhost, vhostId), path, realm, users: hashed, createdAt: now, updatedAt: now });
        await tx.flush();
        return a.id;
      });
      return view(c.em.fork(), c.server.id, id);
    },

    async update(c: SiteContext<{ authenticationId: number }, unknown, AuthenticationInput>) {
      await c.em.transactional(async (tx) => {
        await kit.lock(tx, c.server.id);
        const a = await tx.findOne(Authentication, { id: c.params.authenticationId, serverId: c.server.id });
        if (!a) throw notFound(notFoundKey);
        const known = new Map(a.users.map((u) => [u.name, u.hash]));
        refuse(rules.checkAuthentication(c.body, (await state.load(tx, c.server.id)).vhosts, a.id, [...known.keys()]));
        const { vhostId, path, realm } = c.body;
        const users = c.body.users.map((u) => ({ name: u.name, hash: u.password ? hashPassword(u.password) : known.get(u.name)! }));
        tx.assign(a, { vhost: tx.getReference(Vhost, vhostId), path, realm, users, updatedAt: ports.clock.now() });
      });
      return view(c.em.fork(), c.server.id, c.params.authenticationId);
    },

    async remove(c: SiteContext<{ authenticationId: number }>) {
      if (!(await c.em.nativeDelete(Authentication, { id: c.params.authenticationId, serverId: c.server.id }))) throw notFound(notFoundKey);
      return noContent;
    },
  };
}
