/**
 * `defineResource`: the handlers of a resource a plugin declares in its `openapi.yaml` (`x-resources`,
 * see `openapi/scripts/resources.ts`) — list (paged), get, create, update, delete of entities of a
 * server over `ports.jobs.store`: a 404 for an id of another server, the plugin's rules checked under the
 * lock of the server's state (a `PluginError` leaves nothing stored), the change log line
 * `<pluginId>:changes.created|updated|deleted` with the plugin's values, and the entity presented as
 * the contract's schema. A plugin writes its entity, rules, presenter and renderer; nothing else.
 */
import type { EntityName, FilterQuery, FindOptions } from '@mikro-orm/core';
import type { BodyOf, OperationId, ResponseOf, Schemas } from '@portal/openapi';
import { found, validationFailed, type FieldErrors } from '../errors.ts';
import type { ManagedServer, PluginContext, PluginDatabase, PluginHandler, PluginPorts } from '../server.ts';
import type { ResourceDeclaration } from './index.ts';

/** The entity a resource stores: an id and the server it belongs to. */
export interface ResourceEntity {
  id: number;
  serverId: number;
}

type Ops<D extends ResourceDeclaration> = D['operations'];
type OpOf<D extends ResourceDeclaration, K extends keyof Ops<D>> = Ops<D>[K] extends OperationId ? Ops<D>[K] : never;

/** The presented schema of a resource (`x-resources.<name>.schema`). */
export type ResourceView<D extends ResourceDeclaration> = D['schema'] extends keyof Schemas ? Schemas[D['schema']] : never;
/** The body of its create. */
export type ResourceInput<D extends ResourceDeclaration> = D['input'] extends keyof Schemas ? Schemas[D['input']] : never;
/** The body of its update (the whole input, or the fields of a PATCH). */
export type ResourceUpdate<D extends ResourceDeclaration> = [OpOf<D, 'update'>] extends [never] ? never : BodyOf<OpOf<D, 'update'>>;
/** What the list answers besides `data` and `total` (e.g. the users a job may run as). */
export type ResourceListExtras<D extends ResourceDeclaration> = [OpOf<D, 'list'>] extends [never] ? never : Omit<ResponseOf<OpOf<D, 'list'>>, 'data' | 'total'>;

/** What the rules of a resource see: under the lock, the server's entities as stored, the one changed. */
export interface ResourceRuleContext<E> {
  em: PluginDatabase;
  server: ManagedServer;
  now: Date;
  /** Every entity of the server, in list order (the one being updated among them). */
  existing: E[];
  /** The entity being updated (undefined on create). */
  current?: E;
}

export interface ResourceSpec<D extends ResourceDeclaration, E extends ResourceEntity> {
  /** The entity (`defineEntity`): `id`, `serverId`, and the fields; `createdAt`/`updatedAt` are set when it has them. */
  entity: EntityName<E>;
  /** Order of the list and of `existing` (default `{ id: 'asc' }`). */
  orderBy?: FindOptions<E>['orderBy'];
  /** The entity as the contract's schema. */
  present(entity: E, c: { now: Date; server: ManagedServer }): ResourceView<D>;
  /** The list's answer besides `data` and `total`. */
  listExtras?(c: { server: ManagedServer; now: Date }): ResourceListExtras<D> | Promise<ResourceListExtras<D>>;
  /**
   * The plugin's rules on top of the contract (which has checked every field's type, pattern and limits):
   * field errors (`{ command: ['cronjobs:errors.duplicate'] }`) or `undefined`. Called under the lock.
   */
  rules?(input: ResourceInput<D> | ResourceUpdate<D>, c: ResourceRuleContext<E>): FieldErrors | undefined | Promise<FieldErrors | undefined>;
  /**
   * The rules of a delete, under the lock (`current`: the entity to delete): field errors refuse it with nothing
   * removed (a firewall rule whose removal would cut the server off). Added after the first version.
   */
  deleteRules?(c: ResourceRuleContext<E> & { current: E }): FieldErrors | undefined | Promise<FieldErrors | undefined>;
  /**
   * Called under the lock in the change's transaction once its rules passed, before the entity is written, with the
   * entities as they were (`existing`): state a plugin keeps beside the resource (the firewall's last confirmed rules).
   */
  beforeChange?(c: ResourceRuleContext<E> & { kind: 'created' | 'updated' | 'deleted'; userId: number }): void | Promise<void>;
  /** The entity's values from an accepted input (create and update); default: the input's fields, strings trimmed. */
  values?(input: ResourceInput<D> | ResourceUpdate<D>, c: ResourceRuleContext<E>): Partial<E>;
  /** The values of its change log line (default: its string and number fields, shortened). */
  summary?(entity: E): Record<string, string | number>;
  /** The keys below `<pluginId>:changes.` (default `created`, `updated`, `deleted`). */
  changes?: { created?: string; updated?: string; deleted?: string };
}

/** What `defineResource` gives a plugin: its handlers (spread into `handlers`) and the entities of a server in list order (for `render`). */
export interface Resource<D extends ResourceDeclaration, E extends ResourceEntity> {
  readonly declaration: D;
  handlers(ports: PluginPorts): { [K in keyof Ops<D> as Ops<D>[K] extends OperationId ? Ops<D>[K] : never]: PluginHandler<OpOf<D, K>> };
  all(em: PluginDatabase, serverId: number): Promise<E[]>;
}

const shorten = (v: string) => (v.length > 120 ? `${v.slice(0, 119)}…` : v);

/** Declares the handlers of a resource; see the module's comment and docs/plugins.md, "Resources". */
export function defineResource<const D extends ResourceDeclaration, E extends ResourceEntity>(declaration: D, spec: ResourceSpec<D, E>): Resource<D, E> {
  const { entity } = spec;
  const orderBy = spec.orderBy ?? ({ id: 'asc' } as FindOptions<E>['orderBy']);
  const fields = Object.keys(declaration.fields);
  const properties = (entity as { properties?: Record<string, unknown> }).properties ?? {};
  const byServer = (serverId: number) => ({ serverId }) as FilterQuery<E>;
  const one = (id: number, serverId: number) => ({ id, serverId }) as FilterQuery<E>;
  const all = (em: PluginDatabase, serverId: number) => em.find(entity, byServer(serverId), { orderBy }) as Promise<E[]>;
  const valuesOf: NonNullable<ResourceSpec<D, E>['values']> =
    spec.values ??
    ((input) =>
      Object.fromEntries(
        Object.entries(input as object)
          .filter(([k]) => fields.includes(k))
          .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      ) as Partial<E>);
  const summaryOf =
    spec.summary ??
    ((e: E) =>
      Object.fromEntries(
        fields
          .map((k) => [k, (e as Record<string, unknown>)[k]] as const)
          .filter((kv): kv is readonly [string, string | number] => typeof kv[1] === 'string' || typeof kv[1] === 'number')
          .map(([k, v]) => [k, typeof v === 'string' ? shorten(v) : v]),
      ));
  const change = (kind: 'created' | 'updated' | 'deleted', e: E) => ({ key: `${declaration.pluginId}:changes.${spec.changes?.[kind] ?? kind}`, values: summaryOf(e) });
  const check = async (input: object, c: ResourceRuleContext<E>) => {
    const errors = await spec.rules?.(input as ResourceInput<D>, c);
    if (errors && Object.keys(errors).length) throw validationFailed(errors);
  };

  // The handlers work on any operation of the resource: the contract has typed their input (the host
  // validated it) and `Resource.handlers` types their answers; inside, the context is the loose one.
  type Loose = PluginContext<never> & { params: Record<string, number>; query: { page?: number; per_page?: number }; body: object };
  const handlers = (ports: PluginPorts) => {
    const ops = declaration.operations;
    const out: Record<string, (c: Loose) => Promise<unknown>> = {};
    const idOf = (c: Loose) => c.params[declaration.idParam];
    if (ops.list)
      out[ops.list] = async (c) => {
        const now = ports.clock.now();
        const perPage = c.query.per_page ?? declaration.perPage;
        const page = c.query.page ?? 1;
        const [rows, total] = (await c.em.findAndCount(entity, byServer(c.server.id), { orderBy, limit: perPage, offset: (page - 1) * perPage })) as [E[], number];
        const extras = spec.listExtras ? await spec.listExtras({ server: c.server, now }) : {};
        return { data: rows.map((r) => spec.present(r, { now, server: c.server })), total, ...extras };
      };
    if (ops.get) out[ops.get] = async (c) => spec.present(found((await c.em.findOne(entity, one(idOf(c), c.server.id))) as E | null), { now: ports.clock.now(), server: c.server });
    if (ops.create)
      out[ops.create] = async (c) => {
        const now = ports.clock.now();
        const { job } = await ports.jobs.store(c, async (em) => {
          const ctx: ResourceRuleContext<E> = { em, server: c.server, now, existing: await all(em, c.server.id) };
          await check(c.body, ctx);
          await spec.beforeChange?.({ ...ctx, kind: 'created', userId: c.user.id });
          const stamps = { ...('createdAt' in properties ? { createdAt: now } : {}), ...('updatedAt' in properties ? { updatedAt: now } : {}) };
          // The entity's other nullable properties start as null (the database's default otherwise).
          const created = em.create(entity, { ...stamps, ...valuesOf(c.body as ResourceInput<D>, ctx), serverId: c.server.id } as Parameters<PluginDatabase['create']>[1] as never) as E;
          return change('created', created);
        });
        return job;
      };
    if (ops.update)
      out[ops.update] = async (c) => {
        const now = ports.clock.now();
        const { job } = await ports.jobs.store(c, async (em) => {
          const existing = await all(em, c.server.id);
          const current = found(existing.find((e) => e.id === idOf(c)));
          const ctx: ResourceRuleContext<E> = { em, server: c.server, now, existing, current };
          await check(c.body, ctx);
          await spec.beforeChange?.({ ...ctx, kind: 'updated', userId: c.user.id });
          em.assign(current, { ...valuesOf(c.body as ResourceUpdate<D>, ctx), ...('updatedAt' in properties ? { updatedAt: now } : {}) } as never);
          return change('updated', current);
        });
        return job;
      };
    if (ops.delete)
      out[ops.delete] = async (c) => {
        const { job } = await ports.jobs.store(c, async (em) => {
          const current = found((await em.findOne(entity, one(idOf(c), c.server.id))) as E | null);
          if (spec.deleteRules || spec.beforeChange) {
            const ctx = { em, server: c.server, now: ports.clock.now(), existing: await all(em, c.server.id), current };
            const errors = await spec.deleteRules?.(ctx);
            if (errors && Object.keys(errors).length) throw validationFailed(errors);
            await spec.beforeChange?.({ ...ctx, kind: 'deleted', userId: c.user.id });
          }
          const summary = change('deleted', current);
          found(await em.nativeDelete(entity, one(current.id, c.server.id)));
          return summary;
        });
        return job;
      };
    return out as unknown as ReturnType<Resource<D, E>['handlers']>;
  };
  return { declaration, handlers, all };
}
