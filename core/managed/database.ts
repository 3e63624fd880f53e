/**
 * The scoped database port a plugin gets (`PluginDatabase` of `@portal/plugin-sdk/server`): MikroORM's
 * methods for the plugin's own entities — any other entity is refused — plus read-only facts of the
 * servers. The EntityManager behind it is never handed out.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ManagedServer, PluginDatabase } from '@portal/plugin-sdk/server';
import { Server } from '../clusters/index.ts';

/** Where servers' clocks are (one zone for every server for now; a column of `servers` later). */
export const serverTimeZone = 'Europe/Berlin';

/** The server as a plugin sees it; its cluster and the cluster's customer must be loaded (`populate: ['cluster.customer']`). */
export function serverOf(s: Server): ManagedServer {
  const customer = s.cluster.customer;
  if (customer?.number === undefined) throw new Error(`server ${s.id}: its cluster's customer is not loaded`);
  return { id: s.id, name: s.name, role: s.role, services: [...s.services], clusterId: s.cluster.id, customer: { id: customer.id, number: customer.number }, sla: s.cluster.sla, timeZone: serverTimeZone };
}

/** 32-bit key of a plugin id for `pg_advisory_xact_lock(serverId, key)`. */
const pluginKey = (pluginId: string) => createHash('sha256').update(pluginId).digest().readInt32BE(0);

/** Takes the lock of a server's plugin state for the current transaction. */
export async function lockPluginState(em: EntityManager, serverId: number, pluginId: string): Promise<void> {
  await (em as SqlEntityManager).execute('select pg_advisory_xact_lock(?, ?)', [serverId, pluginKey(pluginId)]);
}

const unwrapped = new WeakMap<PluginDatabase, EntityManager>();

/** The EntityManager behind a plugin's database port (for the host's own queries in the same transaction). */
export const entityManagerOf = (db: PluginDatabase): EntityManager | undefined => unwrapped.get(db);

const isEntity = (em: EntityManager, className: string) => [...em.getMetadata().getAll().values()].some((m) => m.className === className);

/** The class name of an entity given as a class, a `defineEntity` schema, a name or an instance. */
function classNameOf(em: EntityManager, entity: unknown): string | undefined {
  if (typeof entity === 'string') return entity;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- entity definitions of any shape (classes, defineEntity schemas)
  const e = entity as any;
  const name = e?.meta?.className ?? (typeof e === 'function' ? e.name : e?.constructor?.name);
  return name && isEntity(em, name) ? name : undefined;
}

/** A plugin's database port over `em`, limited to `entities`. */
export function pluginDatabase(em: EntityManager, pluginId: string, entities: readonly unknown[]): PluginDatabase {
  const own = new Set(entities.map((e) => classNameOf(em, e)).filter(Boolean));
  const check = (entity: unknown) => {
    const first = Array.isArray(entity) ? entity[0] : entity;
    if (first === undefined) return;
    const name = classNameOf(em, first);
    if (!name || !own.has(name)) throw new Error(`plugin ${pluginId} may use only its own entities, not ${name ?? String(first)}`);
  };
  /** Instances come from this port; one of another entity (known to the metadata) is refused all the same. */
  const checkInstance = (entity: unknown) => {
    for (const e of Array.isArray(entity) ? entity : [entity]) {
      const name = e && typeof e === 'object' ? (e as { constructor?: { name?: string } }).constructor?.name : undefined;
      if (name && name !== 'Object' && isEntity(em, name) && !own.has(name)) throw new Error(`plugin ${pluginId} may use only its own entities, not ${name}`);
    }
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards MikroORM's overloaded generic methods unchanged
  type Any = any;
  const entityFirst = (method: keyof EntityManager) => (entity: Any, ...rest: Any[]) => {
    check(entity);
    return (em[method] as Any)(entity, ...rest);
  };
  const db: PluginDatabase = {
    find: entityFirst('find'),
    findOne: entityFirst('findOne'),
    findOneOrFail: entityFirst('findOneOrFail'),
    findAndCount: entityFirst('findAndCount'),
    count: entityFirst('count'),
    create: entityFirst('create'),
    getReference: entityFirst('getReference'),
    upsert: entityFirst('upsert'),
    insertMany: entityFirst('insertMany'),
    nativeUpdate: entityFirst('nativeUpdate'),
    nativeDelete: entityFirst('nativeDelete'),
    assign: (entity: Any, ...rest: Any[]) => {
      checkInstance(entity);
      return (em.assign as Any)(entity, ...rest);
    },
    persist: (entity) => {
      checkInstance(entity);
      em.persist(entity as Any);
    },
    remove: (entity) => {
      checkInstance(entity);
      em.remove(entity as Any);
    },
    flush: () => em.flush(),
    clear: () => em.clear(),
    transactional: (work) => em.transactional((tx) => work(pluginDatabase(tx, pluginId, entities))),
    fork: () => pluginDatabase(em.fork({ keepTransactionContext: true }), pluginId, entities),
    lockServerState: (serverId) => lockPluginState(em, serverId, pluginId),
    server: async (serverId): Promise<ManagedServer | null> => {
      const server = await em.fork({ keepTransactionContext: true }).findOne(Server, { id: serverId }, { populate: ['cluster.customer'] });
      return server ? serverOf(server) : null;
    },
    clusterServers: async (clusterId): Promise<ManagedServer[]> => {
      const servers = await em.fork({ keepTransactionContext: true }).find(Server, { cluster: clusterId }, { populate: ['cluster.customer'], orderBy: { name: 'asc' } });
      return servers.map(serverOf);
    },
  } as PluginDatabase;
  unwrapped.set(db, em);
  return db;
}
