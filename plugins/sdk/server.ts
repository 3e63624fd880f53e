/**
 * Server side of a plugin: handlers for the operations of its own `openapi.yaml`, its entities and
 * migrations, and the ports it is handed. A plugin imports nothing of core, the BFF or other plugins.
 */
import type { EntityManager, Options } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { BodyOf, OperationId, PathOf, QueryOf, ResponseOf, Schemas } from '@portal/openapi';
import type { CheckOutcome, ConfigFile, ServerGateway } from './gateway.ts';

export * from './errors.ts';
export type * from './gateway.ts';

/** The server a Managed Center request is about; the host has checked the caller may manage it. */
export interface ManagedServer {
  id: number;
  name: string;
  role: string;
  /** Service ids, e.g. `nginx`, `php-fpm`, `cronjobs`. */
  services: string[];
  clusterId: number;
}

/** The signed-in user making the request (an administrator of the server's cluster). */
export interface ManagedUser {
  id: number;
  email: string;
  name: string;
}

/** Marker for a 204 answer without a body. */
export const noContent = Object.freeze({ noContent: true as const });
export type NoContent = typeof noContent;

/** What a handler gets: input validated against the contract, its own EntityManager fork, the server, the caller, the ports. */
export interface PluginContext<Op extends OperationId> {
  params: PathOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  /** A fork for this request; use `em.transactional` for writes that belong together. */
  em: EntityManager;
  server: ManagedServer;
  user: ManagedUser;
  ports: PluginPorts;
}

export type PluginHandler<Op extends OperationId> = (
  c: PluginContext<Op>,
) => Promise<ResponseOf<Op> | NoContent> | ResponseOf<Op> | NoContent;

/** One handler for every operation of the plugin's `openapi.yaml` (the generator writes `Ops` to `generated/operations.ts`). */
export type PluginHandlers<Ops extends OperationId> = { [Op in Ops]: PluginHandler<Op> };

/** A change to apply to a server: the plugin's complete set of files and the desired state it came from. */
export interface ApplyRequest {
  /** The change log line: a key of the plugin's namespace (`nginx:changes.vhost_created`) and its values. */
  summary: { key: string; values?: Record<string, string | number> };
  /**
   * Every file this plugin manages on the server, complete. Files of the previous version that are
   * not listed any more are removed. Paths are server paths (`/etc/nginx/conf.d/portal.conf`).
   */
  files: ConfigFile[];
  /** The plugin's desired state for this server as JSON; handed back to `restore` on a rollback. */
  snapshot: unknown;
  /** A service the gateway knows (`nginx`): validated with `service.validate()`, then `service.reload()`. */
  service?: string;
  /** Own check of the written files (e.g. `named-checkzone`, `ssh-keygen -l`); runs instead of `service.validate()`. */
  validate?: (gateway: ServerGateway, files: ConfigFile[]) => Promise<CheckOutcome>;
  /** Own reload step; runs instead of `service.reload()`. */
  reload?: (gateway: ServerGateway) => Promise<CheckOutcome>;
}

/** Something a job can be started for: a handler context satisfies it. */
export interface ApplyTarget {
  server: ManagedServer;
  user: ManagedUser;
}

/** A started apply job; progress arrives as `managed.job` events in room `server:<id>` and via `getManagedJob`. */
export interface ApplyHandle {
  jobId: number;
  /** The queued job as the contract's `ManagedJob` (answer it with 202 `ApplyStarted`). */
  job: Schemas['ManagedJob'];
}

/** The version last applied by this plugin to a server. */
export interface AppliedVersion {
  version: number;
  files: ConfigFile[];
  snapshot: unknown;
  appliedAt: Date;
}

export interface PluginLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the host hands a plugin. Each port is scoped to the plugin. */
export interface PluginPorts {
  readonly pluginId: string;
  /** A new EntityManager fork, for work outside a request (handlers use `c.em`). */
  database: { fork(): EntityManager };
  /** The gateway of a server (the `local` gateway by default). */
  gateway(serverId: number): ServerGateway;
  jobs: {
    /**
     * Starts an apply job: write the files, validate, reload, keep the previous version, roll back
     * automatically when validation or reload fails, record the change. Resolves once the job is
     * queued (it runs in the background); at most one job per server runs at a time.
     */
    apply(target: ApplyTarget, request: ApplyRequest): Promise<ApplyHandle>;
    /** The last version of this plugin applied successfully to the server, or `null`. */
    lastApplied(serverId: number): Promise<AppliedVersion | null>;
  };
  events: {
    /** Sends `<pluginId>.<type>` with the payload to the browsers in room `server:<serverId>`. */
    publish(serverId: number, type: string, payload: unknown): Promise<void>;
  };
  logger: PluginLogger;
  clock: { now(): Date };
}

/** What `restore` and `fixtures` get. */
export interface StateContext {
  em: EntityManager;
  server: ManagedServer;
  clock: { now(): Date };
}

type EntityDefinition = NonNullable<Options['entities']>[number];
export type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/** The server part of a plugin (default export of its `server/index.ts`). */
export interface ServerPlugin<Ops extends OperationId = OperationId> {
  /** Its entities (`defineEntity`); tables are named `<pluginId>_<thing>` (dashes become underscores). */
  entities?: readonly EntityDefinition[];
  /** Its hand-written migrations, named `Migration<yyyymmddhhmmss><Name>`. */
  migrations?: readonly MigrationClass[];
  /**
   * How this plugin's files are validated and reloaded when an `apply` does not say it itself, and
   * for rollbacks (which replay an older version without the plugin's code being asked). Added after
   * the first version; optional.
   */
  steps?: Pick<ApplyRequest, 'service' | 'validate' | 'reload'>;
  /** Builds the handlers once at start, with the ports. */
  handlers(ports: PluginPorts): PluginHandlers<Ops>;
  /**
   * Replaces the plugin's desired state for `c.server` with a snapshot it gave to `apply`: after a
   * rollback, and when an apply failed (then with the last applied snapshot, or `null` when nothing
   * was applied before — return to your initial state). Runs inside a transaction.
   */
  restore?(c: StateContext, snapshot: unknown | null): Promise<void>;
  /** Demo data for a server that runs the plugin's service (first start, `npm run seed`). */
  fixtures?(c: StateContext): Promise<void>;
  /**
   * Background work of the plugin (a sampler, a queue): called once when the portal has built the
   * plugin's handlers, with its ports. A rejection degrades the plugin. Added after the first version.
   */
  start?(ports: PluginPorts): void | Promise<void>;
  /** Ends the background work when the portal shuts down (before the database closes). */
  stop?(): void | Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host holds plugins of any operation set
export type AnyServerPlugin = ServerPlugin<any>;

/** Declares a plugin's server part; the compiler checks every handler against the contract. */
export const defineServerPlugin = <Ops extends OperationId>(plugin: ServerPlugin<Ops>): ServerPlugin<Ops> => plugin;
