/**
 * Server side of a plugin: handlers for the operations of its own `openapi.yaml`, its entities and
 * migrations, and the ports it is handed. A plugin imports nothing of core, the BFF or other plugins.
 */
import type { EntityManager, Options } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { BodyOf, OperationId, PathOf, QueryOf, ResponseOf, Schemas } from '@portal/openapi';
import type { PluginEvents } from './events.ts';
import type { PluginNotice } from './notices.ts';
import type { CheckOutcome, ConfigFile, ServerGateway } from './gateway.ts';
import type { ProgramDescriptor } from './program.ts';

export * from './errors.ts';
export type * from './gateway.ts';
export { ServerUnreachable, isServerUnreachable } from './gateway.ts';
export { checkEachFile, checkInStage, type FileCheck, type StagedCheck } from './checkFiles.ts';
export type { PluginEvents, ServerEventsOf } from './events.ts';
export * from './stats/index.ts';
export * from './resources/server.ts';
export { checkField, checkFields, fieldPattern, type FieldProblem, type ResourceDeclaration, type ResourceField } from './resources/index.ts';
export * from './program.ts';
export { configEntity, defineConfigService, type ConfigDesiredState, type ConfigRenderInput, type ConfigServiceDefinition, type ExtraHandlers, type ConfigFamily } from './config/service.ts';
export * from './config/fields.ts';
export { withFamilies } from './families.ts';
export { startPoller } from './poller.ts';
export { noticeTexts, type PluginNotice } from './notices.ts';
export { serviceStates, type ServiceStateView } from './services.ts';
export * from './search/index.ts';

/** The server a Managed Center request is about; the host has checked the caller may manage it. */
export interface ManagedServer {
  id: number;
  name: string;
  role: string;
  /** Service ids, e.g. `nginx`, `php-fpm`, `cronjobs`. */
  services: string[];
  clusterId: number;
  /** The customer the server's cluster belongs to: what a plugin offers (certificates, …) must be this customer's. */
  customer: { id: number; number: number };
  /** The service level of the server's cluster (what the customer ordered): prices and free offers depend on it (spec §9). */
  sla: 'basic' | 'business' | 'enterprise' | 'dev';
  /** IANA time zone of the server's clock (cron schedules, log times), e.g. `Europe/Berlin`. */
  timeZone: string;
}

/** The signed-in user making the request (an administrator of the server's cluster). */
export interface ManagedUser {
  id: number;
  email: string;
  name: string;
}

/**
 * The database port of a plugin: reads and writes of **its own entities** (any other entity is refused
 * at run time) and read-only facts of the portal's servers — not MikroORM's `EntityManager` (plugins
 * may not import it; eslint.config.js, Boundaries). The methods are MikroORM's, with its types.
 */
export interface PluginDatabase
  extends Pick<
    EntityManager,
    'find' | 'findOne' | 'findOneOrFail' | 'findAndCount' | 'count' | 'create' | 'assign' | 'getReference' | 'upsert' | 'insertMany' | 'nativeUpdate' | 'nativeDelete' | 'flush' | 'clear'
  > {
  /** Marks entities to be inserted/updated at the next `flush`. */
  persist(entity: object | Iterable<object>): void;
  /** Marks entities to be deleted at the next `flush`. */
  remove(entity: object | Iterable<object>): void;
  /** Runs `work` in a transaction (a savepoint inside one) and flushes at its end. */
  transactional<T>(work: (db: PluginDatabase) => Promise<T>): Promise<T>;
  /** A fresh identity map on the same connection (and in the current transaction, if any). */
  fork(): PluginDatabase;
  /** Takes the lock of this plugin's state of a server until the transaction ends (what `jobs.store` and the apply job take). */
  lockServerState(serverId: number): Promise<void>;
  /** Read-only facts of a portal server (`null`: no such server). */
  server(serverId: number): Promise<ManagedServer | null>;
  /** Read-only facts of every server of a cluster, by name (cluster-control). Added after the first version. */
  clusterServers(clusterId: number): Promise<ManagedServer[]>;
}

/**
 * The error names of a plugin's namespace, from its generated `TranslationKey` (`errors.<name>`): with
 * `const key = (k: ErrorNameOf<TranslationKey>) => \`<id>:errors.${k}\``, an error without a message in
 * both languages does not compile.
 */
export type ErrorNameOf<Keys extends string> = Keys extends `errors.${infer K}` ? K : never;

/** Marker for a 204 answer without a body. */
export const noContent = Object.freeze({ noContent: true as const });
export type NoContent = typeof noContent;

/** What a handler gets: input validated against the contract, its own EntityManager fork, the server, the caller, the ports. */
export interface PluginContext<Op extends OperationId> {
  params: PathOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  /** The plugin's database port for this request (inside a write request: its transaction); `em.transactional` for writes that belong together. */
  em: PluginDatabase;
  server: ManagedServer;
  user: ManagedUser;
  ports: PluginPorts;
}

/** What `applySummary` gets: a handler's context without input. */
export type ApplyContext = Omit<PluginContext<never>, 'params' | 'query' | 'body'>;

export type PluginHandler<Op extends OperationId> = (
  c: PluginContext<Op>,
) => Promise<ResponseOf<Op> | NoContent> | ResponseOf<Op> | NoContent;

/** One handler for every operation of the plugin's `openapi.yaml` (the generator writes `Ops` to `generated/operations.ts`). */
export type PluginHandlers<Ops extends OperationId> = { [Op in Ops]: PluginHandler<Op> };

/** The change log line of a change: a key of the plugin's namespace (`nginx:changes.vhost_created`) and its values. */
export interface ChangeSummary {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * A change to apply to a server. The plugin has stored its desired state; the job renders the files
 * from it when it runs (`ServerPlugin.render`), under the server's and plugin's lock, so a job always
 * applies the newest state and changes stored while a job waits are applied together.
 */
export interface ApplyRequest {
  summary: ChangeSummary;
}

/**
 * How a plugin's files are validated and reloaded. Without it: the plugin's first program
 * (`ServerPlugin.programs`), as its descriptor says.
 */
export interface ApplySteps {
  /** A program declared by a plugin (`nginx`): validated and reloaded as its descriptor says (`gateway.service(id)`). */
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
  /** A new database port, for work outside a request (handlers use `c.em`). */
  database: { fork(): PluginDatabase };
  /**
   * The gateway of a server (the `local` gateway by default), scoped to this plugin: files only inside the
   * paths its programs declare (`PathNotDeclared` otherwise). Inside a request only for the request's server.
   */
  gateway(serverId: number): ServerGateway;
  /**
   * A **read-only** gateway (`readOnlyGateway`: reads and lists, no writes, commands or connections) of `peerId`, a
   * server of the same cluster — and so of the same customer, whose administrators may see both — as `serverId`,
   * scoped to this plugin's declared paths like `gateway`. Refused (`PathNotDeclared`) for a server of another
   * cluster or customer, and inside a request for a `serverId` other than the request's. For a report that reads
   * the cluster's database server (`ReportRunContext.peer`). Added after the first version (issue 25).
   */
  peerGateway(serverId: number, peerId: number): Promise<ServerGateway>;
  jobs: {
    /**
     * Records a change and queues the apply of the plugin's current desired state (answer 202 with
     * the returned job): a 202 means "stored, and will be applied". The job renders the files from
     * the desired state when it runs. Use `store` when the request changes the desired state.
     */
    apply(target: ApplyTarget, request: ApplyRequest): Promise<ApplyHandle>;
    /**
     * Stores a change and queues its apply: `store` runs in a transaction under the lock of the
     * server's plugin state (rules see the state they change; a running job reads it under the same
     * lock), the change is recorded in the same transaction, and the job is queued after the commit.
     * A `PluginError` thrown by `store` leaves nothing stored. Returns the change log line.
     */
    store(target: ApplyTarget, store: (em: PluginDatabase) => Promise<ChangeSummary>): Promise<ApplyHandle>;
    /**
     * The last version of this plugin applied successfully to the server, or `null`. Inside a
     * transaction (`store`), pass its `em`: on the embedded database a query outside it would wait for it.
     */
    lastApplied(serverId: number, em?: PluginDatabase): Promise<AppliedVersion | null>;
  };
  /**
   * `publish(serverId, type, payload)` sends `<pluginId>.<type>` with the payload to the browsers in room
   * `server:<serverId>`. Untyped here; `eventsOf<MyEvents>(ports)` is the same port typed by the plugin's
   * event map (`shared/events.ts`), which its web side listens with.
   */
  events: {
    publish(serverId: number, type: string, payload: unknown): Promise<void>;
  };
  /**
   * Raises a notice in the notification centre for the users who may see the server (the administrators of its
   * cluster), pushed to their open pages and e-mailed to those who subscribed, like the platform's own notices (a
   * failed apply). One per user and `fact`; it links into the plugin's section of the server. Texts from the
   * plugin's i18n (`noticeTexts`). Not awaited by anything the plugin must finish. Added after the first version.
   */
  notify(serverId: number, notice: PluginNotice): Promise<void>;
  logger: PluginLogger;
  clock: { now(): Date };
  /**
   * Runs `task` in the background once the current request's transaction has committed (at once outside a request;
   * never after a rollback), with a database port of its own (`database.fork()` inside it is not the request's).
   * The request does not wait for it; a failure is logged. For work that outlives the request (report runs).
   */
  background(task: () => Promise<void>): void;
  /**
   * Secrets at rest (a generated repository password, an API key of a server): the portal's secret box
   * (AES-256-GCM, the key of `TWO_FACTOR_KEY` or the data directory's key file). `context` (e.g.
   * `server:12`) is authenticated with the plugin's id, so a sealed value moved to another row, server
   * or plugin does not open. Added after the first version.
   */
  secrets: {
    seal(plain: string, context: string): string;
    open(sealed: string, context: string): string;
  };
  /**
   * The platform's audit log: `record(c, action, details)` adds an entry `managed.<pluginId>.<action>` with the
   * request's user as the actor, committed with the request's transaction. For actions on a server that are not a
   * change of the desired state (cluster-control's start/stop). Added after the first version.
   */
  audit: {
    record(target: ApplyTarget, action: string, details: Record<string, unknown>): Promise<void>;
  };
  /**
   * Prices of the portal's price list that a module shows before a customer chooses (core/billing/pricing.ts),
   * so no module keeps a price of its own. Added after the first version.
   */
  /**
   * The portal's management connection to the server and the confirm window of changes that could cut it
   * (configuration `MANAGED_MANAGEMENT_SOURCES`, `MANAGED_MANAGEMENT_PORT`, `MANAGED_CONFIRM_SECONDS`). Added after
   * the first version (issue 27, firewall).
   */
  management: {
    /** The addresses (IPs or CIDRs) the portal reaches servers from. */
    sources: readonly string[];
    /** Its TCP port on the server (ssh, 22). */
    port: number;
    /** Seconds to confirm such a change before it is rolled back (60). */
    confirmSeconds: number;
  };
  prices: {
    /** Keeping a backup plan's snapshots `retentionDays` days, per plan and month: the days kept free (§9) cost nothing. */
    backupRetention(retentionDays: number): PluginRetentionPrice;
  };
}

/** What `ports.prices.backupRetention` answers: euro cents, net and gross (VAT of the price list). */
export interface PluginRetentionPrice {
  retentionDays: number;
  freeDays: number;
  pricedDays: number;
  unitNetCents: number;
  monthly: { netCents: number; vatCents: number; grossCents: number };
  vatPercent: number;
  currency: string;
}

/** The plugin's events port typed by its event map (declared once in `shared/events.ts`; the web listens with `ServerEventsOf`). */
export const eventsOf = <E extends object>(ports: Pick<PluginPorts, 'events'>): PluginEvents<E> => ports.events;

/** What `render`, `snapshot`, `restore` and `fixtures` get. */
export interface StateContext {
  /** Inside the job's transaction (render, snapshot, restore) or the seeding one (fixtures). */
  em: PluginDatabase;
  server: ManagedServer;
  clock: { now(): Date };
}

/**
 * What `prepare` gets: the state context (a database port outside the job's transaction), the server's
 * gateway (scoped to the plugin's paths) and the version last applied. `purpose: 'preview'` (the files
 * panel, `x-files`) must change nothing on the server.
 */
export interface PrepareContext extends StateContext {
  gateway: ServerGateway;
  lastApplied: AppliedVersion | null;
  logger: PluginLogger;
  purpose: 'apply' | 'preview';
}

/**
 * What `render` gets: the state context (inside the job's transaction), what `prepare` returned and the
 * version last applied — no gateway: rendering is pure. `hostPath` maps a server path to where the
 * program on the server sees it (the `local` gateway's sandbox), for use inside the rendered files.
 */
export interface RenderContext<Prepared = unknown> extends StateContext {
  prepared: Prepared;
  hostPath(path: string): string;
  lastApplied: AppliedVersion | null;
  logger: PluginLogger;
}

export type EntityDefinition = NonNullable<Options['entities']>[number];
export type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/** The server part of a plugin (default export of its `server/index.ts`). */
export interface ServerPlugin<Ops extends OperationId = OperationId, Prepared = unknown> {
  /** Its entities (`defineEntity`); tables are named `<pluginId>_<thing>` (dashes become underscores). */
  entities?: readonly EntityDefinition[];
  /** Its hand-written migrations, named `Migration<yyyymmddhhmmss><Name>`. */
  migrations?: readonly MigrationClass[];
  /** Builds the handlers once at start, with the ports. */
  handlers(ports: PluginPorts): PluginHandlers<Ops>;
  /**
   * The programs it runs on a server (`server/program.ts`, default export): the paths it owns, how they
   * are checked and reloaded. Its gateway refuses files outside them. Without: its gateway is not scoped
   * (plugins written before descriptors); `[]`: it writes nothing.
   */
  programs?: readonly ProgramDescriptor[];
  /**
   * The plugin may validate, reload and stop **every** program of a server (not only its own), while its files stay
   * limited to its `programs`' paths (cluster-control: `programs: []`, `controlsPrograms: true`). Added after the first version.
   */
  controlsPrograms?: boolean;
  /** How this plugin's files are validated and reloaded (applies, rollbacks and restores alike); default: its first program. */
  steps?: ApplySteps;
  /**
   * Work on the server before rendering (outside the job's transaction, and for the files panel): look-ups
   * (`listenAddress`, installed tools) and, when `c.purpose === 'apply'`, things to create (self-signed
   * certificates). Its result is `render`'s `c.prepared`.
   */
  prepare?(c: PrepareContext): Promise<Prepared>;
  /**
   * Every file this plugin manages on the server, complete, rendered from its desired state and what
   * `prepare` returned. Pure: no gateway (called by the apply job under the server's and plugin's lock
   * inside a transaction, and by the files panel). Files of the previous version that are not returned
   * any more are removed. Required for a plugin that applies.
   */
  render?(c: RenderContext<Prepared>): Promise<ConfigFile[]> | ConfigFile[];
  /**
   * The tables holding the plugin's desired state of a server (each with a `server_id` column),
   * parents first. The SDK snapshots their rows with every applied version and puts them back on a
   * rollback or a failed apply, so a plugin writes no snapshot code. `initial` sets up the state of
   * a server nothing was applied to yet (after its rows were removed), e.g. demo data.
   */
  state?: { entities: readonly EntityDefinition[]; initial?(c: StateContext): Promise<void> };
  /** Own snapshot of the desired state (instead of `state`), for state that is not rows of a server. */
  snapshot?(c: StateContext): Promise<unknown>;
  /**
   * Own restore (instead of `state`): replaces the desired state of `c.server` with a snapshot taken
   * by `snapshot`, or with the initial state (`null`: nothing was applied before). In a transaction.
   */
  restore?(c: StateContext, snapshot: unknown | null): Promise<void>;
  /**
   * The change log line of the plugin's "apply now" (`x-apply` in its `openapi.yaml`: the bundler adds the
   * operation, the host answers it with `ports.jobs.apply`); default `<pluginId>:changes.applied`. May
   * refuse with a `PluginError` (e.g. `validationFailed`) before a job is queued.
   */
  applySummary?(c: ApplyContext): Promise<ChangeSummary>;
  /** Demo data for a server that runs the plugin's service (first start, `npm run seed`). */
  fixtures?(c: StateContext): Promise<void>;
  /**
   * The fixtures depend on `c.clock` (a history that ends "now"). Test portals copy one database seeded once per
   * run, with every other plugin's fixtures in it; these are seeded again for each test portal at its own clock.
   */
  fixturesFollowClock?: boolean;
  /**
   * Background work of the plugin (a sampler, a queue): called once when the portal has built the
   * plugin's handlers, with its ports. A rejection degrades the plugin. Added after the first version.
   */
  start?(ports: PluginPorts): void | Promise<void>;
  /** Ends the background work when the portal shuts down (before the database closes): the dispose hook. */
  stop?(): void | Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host holds plugins of any operation set
export type AnyServerPlugin = ServerPlugin<any, any>;

/** Declares a plugin's server part; the compiler checks every handler against the contract. */
export const defineServerPlugin = <Ops extends OperationId, Prepared = unknown>(plugin: ServerPlugin<Ops, Prepared>): ServerPlugin<Ops, Prepared> => plugin;
export * from './reports/server.ts';
export * from './reports/schedule.ts';
export { cryptMatches, generatePassword, sha512Crypt } from './passwords.ts';
