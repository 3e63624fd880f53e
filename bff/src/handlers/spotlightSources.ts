import type { EntityManager } from '@mikro-orm/core';
import { DomainContract, listInvoices } from '@portal/core/billing';
import { Cluster, ClusterAdministrator, managedCustomerIds, Server, visibleClusterIds } from '@portal/core/clusters';
import { Customer } from '@portal/core/customers';
import { Order } from '@portal/core/ordering';
import { appliesTo, type PluginManifest } from '@portal/plugin-sdk';
import type { Schemas } from '@portal/openapi';
import { pluginRegistry } from '../generated/plugins.ts';

export type SpotlightHit = Schemas['SpotlightHit'];

export interface SpotlightQuery {
  em: EntityManager;
  userId: number;
  /** What the user typed, trimmed (2–100 characters). */
  term: string;
  /** Hits per group at most. */
  limit: number;
}

/**
 * One group of the spotlight search. A source answers only with what the user may see: it decides that
 * from `userId` with the same access rules as the module's own list operations.
 */
export interface SpotlightSource {
  group: string;
  search(q: SpotlightQuery): Promise<SpotlightHit[]>;
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const clusters: SpotlightSource = {
  group: 'clusters',
  async search({ em, userId, term, limit }) {
    const ids = await visibleClusterIds(em, userId);
    if (!ids.length) return [];
    const like = containing(term);
    const rows = await em.find(Cluster, { id: { $in: ids }, $or: [{ number: { $ilike: like } }, { name: { $ilike: like } }] }, { orderBy: { number: 'asc' }, limit });
    return rows.map((c) => ({ group: 'clusters', id: `cluster:${c.id}`, title: c.number, subtitle: c.name, path: `/contracts/cluster/${c.id}` }));
  },
};

/** Servers are reached through the Managed Center: only those of clusters the user administrates. */
async function administratedServers(em: EntityManager, userId: number, like: string | undefined, limit: number): Promise<Server[]> {
  const clusterIds = (await em.find(ClusterAdministrator, { user: userId }, { fields: ['cluster'] })).map((a) => a.cluster.id);
  if (!clusterIds.length) return [];
  const where = like ? { cluster: { $in: clusterIds }, $or: [{ name: { $ilike: like } }, { cluster: { number: { $ilike: like } } }] } : { cluster: { $in: clusterIds } };
  return em.find(Server, where, { populate: ['cluster.customer'], orderBy: { cluster: { number: 'asc' }, name: 'asc' }, limit });
}

/**
 * The sections spotlight offers on a server: those that apply to its services, and a module in the beta phase only
 * when the cluster's customer is registered for it (§8 R8.004; its page would say "not registered").
 */
export const offeredSections = (plugins: readonly PluginManifest[], server: Pick<Server, 'services'> & { cluster: { customer: { betaRegistered?: boolean } } }): PluginManifest[] =>
  plugins.filter((p) => appliesTo(p, server.services) && (p.stage !== 'beta' || !!server.cluster.customer.betaRegistered));

const managedPath = (s: Server, section: string) => `/clusters/${s.cluster.id}/servers/${s.id}/managed/${section}`;

const servers: SpotlightSource = {
  group: 'servers',
  async search({ em, userId, term, limit }) {
    const rows = await administratedServers(em, userId, containing(term), limit);
    return rows.map((s) => ({ group: 'servers', id: `server:${s.id}`, title: s.name, subtitle: s.cluster.number, path: managedPath(s, 'dashboard') }));
  },
};

let manifests: Promise<PluginManifest[]> | undefined;
/** The plugins' manifests (side-effect free); a plugin that fails to load is left out, as in the Managed Center. */
const pluginManifests = (): Promise<PluginManifest[]> =>
  (manifests ??= Promise.all(pluginRegistry.map((p) => p.manifest().then((m) => m.default, () => undefined))).then((all) => all.filter((m): m is PluginManifest => !!m)));

/** The Managed Center sections of the user's servers: the term names the section (its id) or the server. */
const sections: SpotlightSource = {
  group: 'sections',
  async search({ em, userId, term, limit }) {
    const needle = term.toLowerCase();
    const plugins = await pluginManifests();
    const named = plugins.filter((p) => p.id.includes(needle));
    // A term that names a section lists it on every server; otherwise the sections of matching servers.
    const rows = await administratedServers(em, userId, named.length ? undefined : containing(term), 50);
    // Round by round (each server's first section, then each one's second, …): with many modules one server's
    // sections would otherwise fill the list before the next server's main section.
    const perServer = rows.map((s) => ({ s, offered: offeredSections(named.length ? named : plugins, s) }));
    const hits: SpotlightHit[] = [];
    for (let round = 0; perServer.some(({ offered }) => round < offered.length); round++) {
      for (const { s, offered } of perServer) {
        const p = offered[round];
        if (!p) continue;
        hits.push({ group: 'sections', id: `section:${s.id}:${p.id}`, title: p.id, subtitle: `${s.name} · ${s.cluster.number}`, section: p.id, path: managedPath(s, p.id) });
        if (hits.length >= limit) return hits;
      }
    }
    return hits;
  },
};

const contracts: SpotlightSource = {
  group: 'contracts',
  async search({ em, userId, term, limit }) {
    const customers = await managedCustomerIds(em, userId);
    if (!customers.length) return [];
    const like = containing(term);
    const rows = await em.find(DomainContract, { customer: { $in: customers }, $or: [{ number: { $ilike: like } }, { domain: { $ilike: like } }] }, { orderBy: { number: 'asc' }, limit });
    return rows.map((d) => ({ group: 'contracts', id: `domain:${d.id}`, title: d.number, subtitle: d.domain, path: `/contracts/domain/${d.id}` }));
  },
};

const invoices: SpotlightSource = {
  group: 'invoices',
  async search({ em, userId, term, limit }) {
    const customers = await managedCustomerIds(em, userId);
    const page = await listInvoices(em, customers, { search: term.slice(0, 32), perPage: limit, sort: '-date' });
    // The date goes separately: the SPA shows it in the user's format (the subtitle was an ISO date).
    return page.items.map((i) => ({ group: 'invoices', id: `invoice:${i.id}`, title: i.number, subtitle: i.customer.company, date: i.issuedOn, path: `/invoices/${i.id}` }));
  },
};

const customers: SpotlightSource = {
  group: 'customers',
  async search({ em, userId, term, limit }) {
    const ids = await managedCustomerIds(em, userId);
    if (!ids.length) return [];
    const byNumber = /^\d{1,9}$/.test(term) ? [{ number: Number(term) }] : [];
    const rows = await em.find(Customer, { id: { $in: ids }, $or: [{ company: { $ilike: containing(term) } }, ...byNumber] }, { orderBy: { number: 'asc' }, limit });
    return rows.map((c) => ({ group: 'customers', id: `customer:${c.id}`, title: String(c.number), subtitle: c.company, path: `/customers/${c.id}/edit` }));
  },
};

/** Orders of the customers the user manages (the orders list's rule), by order number or domain, newest first. */
const orders: SpotlightSource = {
  group: 'orders',
  async search({ em, userId, term, limit }) {
    const customerIds = await managedCustomerIds(em, userId);
    if (!customerIds.length) return [];
    const like = containing(term);
    const rows = await em.find(
      Order,
      { customer: { $in: customerIds }, $or: [{ number: { $ilike: like } }, { domain: { $ilike: like } }] },
      { populate: ['customer'], orderBy: { orderedAt: 'desc', id: 'desc' }, limit },
    );
    return rows.map((o) => ({
      group: 'orders',
      id: `order:${o.id}`,
      title: o.number,
      subtitle: o.domain ?? o.customer.company,
      date: o.orderedAt.toISOString().slice(0, 10),
      path: `/orders/${o.type}/${o.number}`,
    }));
  },
};

const sources: SpotlightSource[] = [clusters, servers, sections, contracts, invoices, customers, orders];

/**
 * Adds a group to the spotlight (e.g. the ordering module's `orders`): call once when the module's
 * handlers load. A group name is used once.
 */
export function registerSpotlightSource(source: SpotlightSource): void {
  if (sources.some((s) => s.group === source.group)) throw new Error(`spotlight group ${source.group} is registered twice`);
  sources.push(source);
}

/** Every group's hits, exact matches of the title first; one failing source does not empty the others. */
export async function searchAll(q: SpotlightQuery, onError: (group: string, err: unknown) => void): Promise<SpotlightHit[]> {
  const results = await Promise.all(
    sources.map((s) =>
      s.search(q).catch((err: unknown) => {
        onError(s.group, err);
        return [];
      }),
    ),
  );
  const exact = (h: SpotlightHit) => (h.title.toLowerCase() === q.term.toLowerCase() ? 0 : 1);
  return results.flatMap((hits) => [...hits].sort((a, b) => exact(a) - exact(b)));
}
