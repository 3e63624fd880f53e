/**
 * Apply jobs of the Managed Center, on a PostgreSQL-backed queue (pg-boss; on PostgreSQL and on the
 * embedded PGlite alike).
 *
 * A request stores the plugin's desired state and records a change (`managed_changes`, pending) and
 * a job (`managed_jobs`, queued) in one transaction, then queues the job (202: "stored, and will be
 * applied"). The job runs on any instance. Jobs of one server and program run strictly one after
 * another: the queue's `singleton` policy lets only one of them be active per key
 * (`<serverId>:program:<program>` — the program of the plugin's descriptor, so plugins writing for one
 * nginx share it — or `<serverId>:<pluginId>` without one; a unique index in the queue's table), and every read and write of the
 * desired state and the versions happens under `pg_advisory_xact_lock` of that key — requests take
 * the same lock when they store a change. When a job runs it reads the last applied version and the
 * desired state *then*, renders the files (`ServerPlugin.render`), writes, validates and reloads
 * them, and keeps the new version with a snapshot of the desired state. A plugin's `prepare` runs before
 * that transaction (gateway work); `render` is pure. The job uses the plugin's scoped gateway. Every change that was
 * pending when it read the state (and, with a `prepare`, before that ran) is applied by it (coalescing); their own
 * jobs end as "applied with".
 *
 * A failed apply writes back exactly the files of the last applied version (read under the lock),
 * reloads them, and puts the desired state back to that version's snapshot — unless newer changes
 * are waiting, which were stored on top of it: then the next job applies (or fails) them. A rollback
 * is the same path: it puts the desired state to an older version's snapshot, then applies it.
 *
 * A job that was running when its process died is retried by the queue (missed heartbeat); when the
 * retries are used up it ends failed with `job.interrupted`, through the same failure path.
 *
 * Baseline (version 0): the first change of a plugin on a server records the desired state before it,
 * and before a job writes a path for the first time it reads what the server has there (the content, or
 * that nothing was there). A failed first apply puts exactly that back; undoing the first change returns
 * to it (files that existed get their content back, files the portal created are removed); a path a
 * later version drops gets its baseline content back instead of being removed.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { createTwoFilesPatch } from 'diff';
import { PgBoss, fromPglite, type Job, type PGliteLike } from 'pg-boss';
import { User } from '../accounts/index.ts';
import { Server } from '../clusters/index.ts';
import { Conflict, NotFound, ValidationFailed, afterCommit, currentAuditScope, requestEntityManager, isDomainError, recordAudit, type Clock, type Logger, type Orm } from '../platform/index.ts';
import type { AnyServerPlugin, AppliedVersion, ApplySteps, CheckOutcome, ConfigFile, PrepareContext, ServerGateway, StateContext } from '@portal/plugin-sdk/server';
import { ManagedChange, ManagedConfigVersion, ManagedJob, type ChangeSummary, type CheckOutcomeRecord, type DriftedFile, type StoredFile } from './entities/index.ts';
import { lockPluginState, pluginDatabase, serverOf } from './database.ts';
import { isRowsSnapshot, restoreRows, snapshotRows, tablesOf } from './snapshot.ts';

export interface ManagedPluginRef {
  id: string;
  server?: AnyServerPlugin;
  /** The manifest's declared programs (the apply lock is per server and program). */
  manifest?: { programs?: readonly string[] };
}

export interface JobRunnerDeps {
  orm: Orm;
  clock: Clock;
  logger: Logger;
  /**
   * The gateway of a server; with `pluginId`, the view that plugin gets (files only inside the paths of its
   * programs, `PathNotDeclared` otherwise): the job prepares, writes, checks and reloads through it.
   */
  gateway(serverId: number, pluginId?: string): ServerGateway;
  plugin(id: string): ManagedPluginRef | undefined;
  /** A job changed (sent to the browsers following the server). */
  onJob?(job: ManagedJob): Promise<void> | void;
  /** A change ended (applied, failed, rolled back). */
  onChange?(change: ManagedChange): Promise<void> | void;
  /** A job found files changed on the server and stopped before writing (`job.drift`). */
  onDrift?(job: ManagedJob): Promise<void> | void;
  /** Jobs run on this instance (default true); false: it only queues them. */
  work?: boolean;
  /** Seconds between the idle workers' polls (config JOB_POLL_SECONDS; default 1). */
  pollSeconds?: number;
  /** Connections of the queue's own PostgreSQL pool (config JOB_POOL_MAX; default 4). */
  poolMax?: number;
}

export const APPLY_QUEUE = 'managed-apply';
export const INTERRUPTED_QUEUE = 'managed-apply-interrupted';
/** The queue retries a job that was interrupted (its process died) this often before it fails it. */
const RETRY_LIMIT = 2;
/** How often a plan runs a plugin's `prepare` when changes keep arriving while it runs (see `#plan`). */
const PREPARE_ATTEMPTS = 3;
const HEARTBEAT_SECONDS = 10;

const MAX_FILES = 500;
const MAX_FILE_BYTES = 1024 * 1024;
/** A drifted file's diff is kept up to this many characters. */
const MAX_DRIFT_DIFF = 20_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const fullName = (u: User) => `${u.firstname} ${u.surname}`.trim();

/**
 * `text` with a file's secret values (`ConfigFile.secretValues`) as `********`, longest first (the SDK's
 * `maskSecretValues`; core uses the SDK for its types only).
 */
export function maskSecretValues(text: string, secrets: readonly string[] | undefined): string {
  if (!secrets?.length) return text;
  return [...new Set(secrets)]
    .filter((v) => v.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((out, v) => out.split(v).join('********'), text);
}

/** A secret file's content as diffs show it; a file with secret values shows them masked. */
const shown = (f: StoredFile | undefined) =>
  f ? (f.secret ? `(secret, sha256 ${createHash('sha256').update(f.content).digest('hex').slice(0, 12)})\n` : maskSecretValues(f.content, f.secretValues)) : '';

/** Every secret value of some file sets (what check outputs and logs must not show). */
const secretValuesOf = (...sets: (readonly StoredFile[] | undefined)[]): string[] => sets.flatMap((files) => (files ?? []).flatMap((f) => f.secretValues ?? []));

/** Unified diff of two file sets, path by path; secret files show a fingerprint instead of their content. */
export function diffFiles(before: readonly StoredFile[], after: readonly StoredFile[]): string {
  const old = new Map(before.map((f) => [f.path, f]));
  const now = new Map(after.map((f) => [f.path, f]));
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort();
  return paths
    .filter((p) => old.get(p)?.content !== now.get(p)?.content || old.get(p)?.mode !== now.get(p)?.mode)
    .map((p) => createTwoFilesPatch(old.has(p) ? p : '/dev/null', now.has(p) ? p : '/dev/null', shown(old.get(p)), shown(now.get(p)), '', '', { context: 3 }).replace(/^=+\n/, ''))
    .join('');
}

/** A deterministic queue id per job row, so queueing a job again (recovery) is a no-op. */
const queueIdOf = (jobId: number) => {
  const h = createHash('sha256').update(`managed-job:${jobId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Version 0 of a plugin on a server: what the server had at the paths the plugin writes, before its first change. */
interface Baseline {
  /** The row (version 0). Plugins that applied before baselines existed have none. */
  id: number;
  files: StoredFile[];
  absent: string[];
  snapshot: unknown;
}

interface Plan {
  job: ManagedJob;
  plugin: ManagedPluginRef;
  previous: ManagedConfigVersion | null;
  baseline: Baseline | null;
  changeIds: number[];
  files: StoredFile[];
  snapshot: unknown;
  steps: ApplySteps;
  diff: string;
}

type Progress = (step: ManagedJob['step'], pct: number, message: string, detail?: string, status?: ManagedJob['status']) => Promise<void>;

/** A gateway's `ServerUnreachable` (plugins/sdk/gateway.ts), recognised by name across module copies. */
const isUnreachable = (e: unknown) => (e as { name?: unknown } | null)?.name === 'ServerUnreachable';

/** Output of a job that broke: a translated key, never the raw error (SQL, paths). */
function errorKey(e: unknown): string {
  if (isDomainError(e)) return e.message;
  const name = (e as { name?: string })?.name ?? '';
  // The plugin wrote (or rendered) a file outside the paths of its programs (plugins/sdk/program.ts).
  if (name === 'PathNotDeclared') return 'job.error.undeclared_path';
  if (/Exception$/.test(name) || typeof (e as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code)) return 'job.error.database';
  return 'job.error.internal';
}

export class JobRunner {
  readonly #deps: JobRunnerDeps;
  #boss: PgBoss | undefined;
  #workerId: string | undefined;
  readonly #running = new Set<Promise<unknown>>();

  constructor(deps: JobRunnerDeps) {
    this.#deps = deps;
  }

  /** Starts the queue (creating its tables in schema `pgboss` on first start) and, unless told not to, its workers. */
  async start(): Promise<void> {
    const { orm } = this.#deps;
    const connection = orm.em.getConnection() as unknown as { getNativeClient?: () => Promise<PGliteLike> };
    // The embedded database: pg-boss runs on the same PGlite instance (its own statements wait for
    // the ORM's transactions). PostgreSQL: its own small pool on the same database.
    const embedded = connection.constructor.name === 'PgliteConnection' && typeof connection.getNativeClient === 'function';
    const clientUrl = orm.config.get('clientUrl');
    const poll = this.#deps.pollSeconds ?? 1;
    const upkeep = { monitorIntervalSeconds: 2 * poll, superviseIntervalSeconds: 2 * poll };
    const boss =
      embedded
        ? new PgBoss({ db: fromPglite(await connection.getNativeClient!()), backend: 'pglite', ...upkeep })
        : new PgBoss({ connectionString: clientUrl, application_name: 'portal-managed-jobs', max: this.#deps.poolMax ?? 4, ...upkeep });
    boss.on('error', (e: unknown) => this.#deps.logger.error({ err: e }, 'managed job queue error'));
    await boss.start();
    await boss.createQueue(INTERRUPTED_QUEUE, { policy: 'standard' });
    await boss.createQueue(APPLY_QUEUE, {
      policy: 'singleton',
      retryLimit: RETRY_LIMIT,
      retryDelay: 1,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: 15 * 60,
      deadLetter: INTERRUPTED_QUEUE,
    });
    this.#boss = boss;
    if (this.#deps.work === false) return;
    this.#workerId = await boss.work<{ jobId: number }>(APPLY_QUEUE, { localConcurrency: 4, pollingIntervalSeconds: poll }, async ([job]) => {
      try {
        return await this.#track(this.#run(job));
      } finally {
        // A job of the same server and plugin may wait behind this one (singleton queue): fetch it now,
        // not at the next poll.
        if (this.#workerId) this.#boss?.notifyWorker(this.#workerId);
      }
    });
    await boss.work<{ jobId: number }>(INTERRUPTED_QUEUE, { pollingIntervalSeconds: 2 * poll }, async ([job]) => this.#track(this.#interrupted(job.data.jobId)));
    // Jobs recorded but never queued (the process ended between the two): queue them now.
    const waiting = await orm.em.fork().find(ManagedJob, { status: 'queued' }, { orderBy: { id: 'asc' } });
    for (const j of waiting) await this.#send(j);
  }

  /** The started queue, for other modules' jobs on the same queue (ordering); undefined before `start`. */
  get queue(): PgBoss | undefined {
    return this.#boss;
  }

  /** Stops taking jobs; waits for the running ones. */
  async stop(): Promise<void> {
    const boss = this.#boss;
    this.#boss = undefined;
    if (boss) await boss.stop({ graceful: true, timeout: 20_000 });
    await this.idle();
  }

  /** Waits for the jobs running on this instance. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }

  #track<T>(p: Promise<T>): Promise<T> {
    this.#running.add(p);
    void p.finally(() => this.#running.delete(p)).catch(() => undefined);
    return p;
  }

  /** The version a plugin last applied to a server (not the baseline, version 0). */
  async lastApplied(em: EntityManager, pluginId: string, serverId: number): Promise<ManagedConfigVersion | null> {
    return em.findOne(ManagedConfigVersion, { server: serverId, pluginId, version: { $gt: 0 } }, { orderBy: { version: 'desc' } });
  }

  /** The baseline of a plugin on a server (version 0), if one was taken. */
  async #baseline(em: EntityManager, pluginId: string, serverId: number): Promise<Baseline | null> {
    const v = await em.findOne(ManagedConfigVersion, { server: serverId, pluginId, version: 0 });
    return v ? { id: v.id, files: v.files, absent: v.absentPaths ?? [], snapshot: v.snapshot ?? null } : null;
  }

  /**
   * Before a plugin's first change on a server is stored (under the lock): version 0 with the desired state
   * as it is now. The files of the baseline are read when a job is about to write them.
   *
   * Rows of `state.entities` change only through `jobs.store`, so their snapshot now is the state before the
   * first change. A plugin with its own `snapshot`/`restore` may keep edits outside it (nginx's pending
   * edits, applied by "apply now"): its baseline state is `null`, which its `restore` turns into the state
   * before anything was applied (as a failed first apply always did).
   */
  async #ensureBaseline(tx: EntityManager, pluginId: string, serverId: number): Promise<void> {
    const plugin = this.#deps.plugin(pluginId);
    if (!plugin?.server) return;
    if ((await tx.count(ManagedConfigVersion, { server: serverId, pluginId })) > 0) return;
    const state = plugin.server.state;
    const snapshot = state ? await snapshotRows(tx, tablesOf(tx, state.entities), serverId) : null;
    tx.create(ManagedConfigVersion, {
      server: tx.getReference(Server, serverId),
      pluginId,
      version: 0,
      files: [],
      absentPaths: [],
      snapshot: (snapshot ?? null) as never,
      service: plugin.server.steps?.service ?? null,
      changeId: 0,
      createdAt: this.#deps.clock.now(),
    });
    await tx.flush();
  }

  /**
   * Reads, before they are first written, what the server has at paths the baseline does not know yet,
   * and adds them to it (under the lock). Gateway reads happen outside the transaction.
   */
  async #extendBaseline(plan: Plan, gw: ServerGateway): Promise<void> {
    const { baseline } = plan;
    if (!baseline) return;
    const known = new Set([...baseline.files.map((f) => f.path), ...baseline.absent]);
    const fresh = plan.files.filter((f) => !known.has(f.path));
    if (!fresh.length) return;
    const files = [...baseline.files];
    const absent = [...baseline.absent];
    for (const f of fresh) {
      const content = await gw.readFile(f.path);
      // The gateway reads content only: the mode, owner and group are those the plugin gives the path.
      if (content === null) absent.push(f.path);
      else files.push({ ...f, content });
    }
    await this.#deps.orm.em.fork().transactional(async (tx) => {
      await lockPluginState(tx, plan.job.server.id, plan.plugin.id);
      await tx.nativeUpdate(ManagedConfigVersion, { id: baseline.id }, { files, absentPaths: absent });
    });
    baseline.files = files;
    baseline.absent = absent;
  }

  async lastAppliedView(pluginId: string, serverId: number, em?: EntityManager): Promise<AppliedVersion | null> {
    const v = await this.lastApplied(em ?? requestEntityManager() ?? this.#deps.orm.em.fork(), pluginId, serverId);
    return v ? { version: v.version, files: v.files, snapshot: v.snapshot, appliedAt: v.createdAt } : null;
  }

  /**
   * Stores a change: `store` runs in a transaction under the lock of the server's plugin state, the
   * change and its job are recorded in the same transaction; after the commit the job is queued.
   */
  async store(
    pluginId: string,
    target: { serverId: number; userId: number },
    store: (em: EntityManager) => Promise<ChangeSummary>,
    options: { kind?: ManagedJob['kind']; driftAccepted?: Record<string, string | null> } = {},
  ): Promise<ManagedJob> {
    // Inside a write request the change joins the request's transaction (a savepoint), and the job is
    // queued only after that commits: the job must see the change, and a refused request queues nothing.
    const em = requestEntityManager() ?? this.#deps.orm.em.fork();
    const job = await em.transactional(async (tx) => {
      await lockPluginState(tx, target.serverId, pluginId);
      await this.#ensureBaseline(tx, pluginId, target.serverId);
      const summary = await store(tx);
      // `store` may set `options.driftAccepted` (an overwrite reads it from the drifted job under the lock).
      return this.#record(tx, pluginId, target, summary, options.kind ?? 'apply', options.driftAccepted ?? null);
    });
    await afterCommit(async () => {
      await this.#deps.onJob?.(job);
      await this.#send(job);
    });
    return job;
  }

  /** Queues an apply of a plugin's current desired state. */
  apply(pluginId: string, target: { serverId: number; userId: number }, summary: ChangeSummary): Promise<ManagedJob> {
    return this.store(pluginId, target, async () => summary);
  }

  /**
   * Queues a rollback to the version before the current one: its snapshot becomes the desired state, then
   * it is applied. Before the first applied version comes the baseline (version 0).
   */
  async rollBack(plugin: ManagedPluginRef, serverId: number, userId: number): Promise<ManagedJob> {
    if (!this.#canRestore(plugin)) throw Conflict('errors.managed_rollback_unsupported');
    return this.store(
      plugin.id,
      { serverId, userId },
      async (tx) => {
        const [current, before] = await tx.find(ManagedConfigVersion, { server: serverId, pluginId: plugin.id }, { orderBy: { version: 'desc' }, limit: 2 });
        if (!current || current.version === 0 || !before) throw Conflict('errors.managed_no_previous_version');
        return { key: 'managed:changes.rolledBack', values: { version: before.version } };
      },
      { kind: 'rollback' },
    );
  }

  #canRestore(plugin: ManagedPluginRef): boolean {
    return !!(plugin.server?.state || plugin.server?.restore);
  }

  async #record(tx: EntityManager, pluginId: string, target: { serverId: number; userId: number }, summary: ChangeSummary, kind: ManagedJob['kind'], driftAccepted: Record<string, string | null> | null = null): Promise<ManagedJob> {
    const now = this.#deps.clock.now();
    const user = await tx.findOneOrFail(User, { id: target.userId });
    const impersonatorId = currentAuditScope().impersonator?.id;
    const impersonator = impersonatorId ? await tx.findOne(User, { id: impersonatorId }) : null;
    const change = tx.create(ManagedChange, {
      server: tx.getReference(Server, target.serverId),
      pluginId,
      kind,
      summary: { key: summary.key, ...(summary.values ? { values: summary.values } : {}) },
      user,
      userName: fullName(user),
      impersonator,
      impersonatorName: impersonator ? fullName(impersonator) : null,
      status: 'pending',
      version: null,
      diff: '',
      validation: null,
      jobId: null,
      createdAt: now,
    });
    const job = tx.create(ManagedJob, {
      server: tx.getReference(Server, target.serverId),
      pluginId,
      kind,
      status: 'queued',
      step: 'queued',
      progress: 0,
      validation: null,
      log: [{ at: now.toISOString(), step: 'queued', message: 'job.step.queued' }],
      changeId: null,
      drift: null,
      driftAccepted,
      createdAt: now,
      finishedAt: null,
    });
    await tx.flush();
    job.changeId = change.id;
    change.jobId = job.id;
    // While impersonating, the audit log keeps the change with both people (the scope adds the staff member).
    if (currentAuditScope().impersonator)
      recordAudit(tx, this.#deps.clock, {
        action: 'managed.change',
        actor: { id: user.id, email: user.email },
        subject: { id: user.id, email: user.email },
        details: { changeId: change.id, serverId: target.serverId, pluginId, kind },
      });
    await tx.flush();
    return job;
  }

  async #send(job: ManagedJob): Promise<void> {
    const boss = this.#boss;
    if (!boss) throw new Error('the managed job queue is not started');
    await boss.send(APPLY_QUEUE, { jobId: job.id }, { id: queueIdOf(job.id), singletonKey: this.applyLockKey(job.server.id, job.pluginId) });
    if (this.#workerId) boss.notifyWorker(this.#workerId);
  }

  /**
   * The apply lock of a plugin's jobs on a server (the queue's singleton key): the server and the program
   * the job validates and reloads, so two plugins writing for the same nginx never validate or reload each
   * other's half-written files; a plugin without a program locks only its own jobs.
   */
  applyLockKey(serverId: number, pluginId: string): string {
    const plugin = this.#deps.plugin(pluginId);
    const program = plugin && programOf(plugin);
    return program ? `${serverId}:program:${program}` : `${serverId}:${pluginId}`;
  }

  /**
   * `prepare` of a plugin (plugins/sdk/server.ts): before the job's transaction, with the plugin's gateway
   * and a database port of its own (no lock: `render` reads the state again under it).
   */
  async #prepare(job: ManagedJob, plugin: ManagedPluginRef): Promise<unknown> {
    const prepare = plugin.server?.prepare;
    if (!prepare) return undefined;
    const em = this.#deps.orm.em.fork();
    const server = await em.findOneOrFail(Server, { id: job.server.id }, { populate: ['cluster.customer'] });
    const previous = await this.lastApplied(em, plugin.id, server.id);
    const c: PrepareContext = {
      ...this.#stateContext(em, server, plugin),
      gateway: this.#deps.gateway(server.id, plugin.id),
      lastApplied: previous ? { version: previous.version, files: previous.files, snapshot: previous.snapshot, appliedAt: previous.createdAt } : null,
      logger: this.#deps.logger.child({ plugin: plugin.id }),
      purpose: 'apply',
    };
    return prepare.call(plugin.server, c);
  }

  /** What a plugin's `render`, `snapshot`, `restore` get: its database port over the job's transaction. */
  #stateContext(tx: EntityManager, server: Server, plugin: ManagedPluginRef): StateContext {
    return { em: pluginDatabase(tx, plugin.id, plugin.server?.entities ?? []), server: serverOf(server), clock: this.#deps.clock };
  }

  async #snapshot(plugin: ManagedPluginRef, tx: EntityManager, c: StateContext): Promise<unknown> {
    const s = plugin.server;
    if (s?.state) return snapshotRows(tx, tablesOf(tx, s.state.entities), c.server.id);
    if (s?.snapshot) return s.snapshot(c);
    return null;
  }

  /** Puts a plugin's desired state of a server to a snapshot (`null`: the initial state). */
  async #restore(plugin: ManagedPluginRef, tx: EntityManager, c: StateContext, snapshot: unknown): Promise<void> {
    const s = plugin.server;
    if (s?.state) {
      if (snapshot !== null && !isRowsSnapshot(snapshot)) throw Conflict('errors.managed_snapshot_outdated');
      await restoreRows(tx, tablesOf(tx, s.state.entities), c.server.id, snapshot);
      if (snapshot === null) await s.state.initial?.(c);
      return;
    }
    if (s?.restore) await s.restore(c, snapshot);
  }

  /**
   * Under the lock: the last applied version, the pending changes, (rollback: the older version's
   * snapshot as desired state,) the rendered files and the snapshot of the state they came from.
   */
  async #plan(job: ManagedJob, plugin: ManagedPluginRef): Promise<Plan> {
    // Gateway work (look-ups, certificates) happens before the transaction; `render` is pure. A change stored
    // after `prepare` looked at the state would be rendered with its stale result: the plan notes the pending
    // changes before `prepare`, and when more are pending once it holds the lock it prepares again (up to
    // PREPARE_ATTEMPTS times); the last attempt takes only the changes it saw — the later ones keep their own
    // jobs, which prepare after them.
    if (!plugin.server?.prepare) return (await this.#planLocked(job, plugin, undefined, null))!;
    for (let attempt = 1; ; attempt++) {
      const seen = await this.#pendingChangeIds(this.#deps.orm.em.fork(), job.server.id, plugin.id);
      const prepared = await this.#prepare(job, plugin);
      const plan = await this.#planLocked(job, plugin, prepared, { seen, retry: attempt < PREPARE_ATTEMPTS });
      if (plan) return plan;
    }
  }

  async #pendingChangeIds(em: EntityManager, serverId: number, pluginId: string): Promise<number[]> {
    const pending = await em.find(ManagedChange, { server: serverId, pluginId, status: 'pending' }, { orderBy: { id: 'asc' } });
    return pending.map((p) => p.id);
  }

  /**
   * The plan under the lock. `prepared`: what `prepare` returned after the changes in `after.seen` were
   * pending; a change pending now that it did not see makes it `null` (prepare again) while `after.retry`,
   * otherwise it is left to its own job.
   */
  async #planLocked(job: ManagedJob, plugin: ManagedPluginRef, prepared: unknown, after: { seen: number[]; retry: boolean } | null): Promise<Plan | null> {
    const serverId = job.server.id;
    const hostPath = (p: string) => this.#deps.gateway(serverId).hostPath(p);
    return this.#deps.orm.em.fork().transactional(async (tx) => {
      await lockPluginState(tx, serverId, plugin.id);
      let changeIds = await this.#pendingChangeIds(tx, serverId, plugin.id);
      if (after) {
        const unseen = changeIds.filter((id) => !after.seen.includes(id) && id !== job.changeId);
        if (unseen.length && after.retry) return null;
        changeIds = changeIds.filter((id) => !unseen.includes(id));
      }
      const server = await tx.findOneOrFail(Server, { id: serverId }, { populate: ['cluster.customer'] });
      const c = this.#stateContext(tx, server, plugin);
      const previous = await this.lastApplied(tx, plugin.id, serverId);
      const baseline = await this.#baseline(tx, plugin.id, serverId);
      let toBaseline = false;
      if (job.kind === 'rollback') {
        const [, before] = await tx.find(ManagedConfigVersion, { server: serverId, pluginId: plugin.id }, { orderBy: { version: 'desc' }, limit: 2 });
        if (!previous || !before) throw Conflict('errors.managed_no_previous_version');
        toBaseline = before.version === 0;
        await this.#restore(plugin, tx, c, before.snapshot ?? null);
      }
      if (job.changeId && !changeIds.includes(job.changeId)) changeIds.push(job.changeId);
      const render = plugin.server?.render;
      const lastApplied = previous ? { version: previous.version, files: previous.files, snapshot: previous.snapshot, appliedAt: previous.createdAt } : null;
      // Back to the baseline: the files as they were before the first change (those the portal created go).
      const files = toBaseline
        ? (baseline?.files ?? [])
        : render
          ? checkFiles(await render.call(plugin.server, { ...c, prepared, hostPath, lastApplied, logger: this.#deps.logger.child({ plugin: plugin.id }) }))
          : (previous?.files ?? []);
      const snapshot = await this.#snapshot(plugin, tx, c);
      const program = programOf(plugin);
      const steps: ApplySteps = plugin.server ? { ...(program ? { service: program } : {}), ...plugin.server.steps } : previous?.service ? { service: previous.service } : {};
      return { job, plugin, previous, baseline, changeIds, files, snapshot, steps, diff: diffFiles(previous?.files ?? [], files) };
    });
  }

  async #run(attempt: Job<{ jobId: number }>): Promise<void> {
    const em = this.#deps.orm.em.fork();
    const job = await em.findOne(ManagedJob, { id: attempt.data.jobId });
    if (!job) return; // its transaction rolled back
    if (job.status === 'succeeded' || job.status === 'failed') return; // applied together with an earlier change
    const progress = this.#progress(em, job);
    if (job.status === 'running' || attempt.retryCount > 0) await progress('queued', 0, 'job.resumed');
    const plugin = this.#deps.plugin(job.pluginId);
    if (!plugin?.server) {
      job.validation = { status: 'failed', output: 'errors.plugin_unavailable' };
      await this.#finishChanges(em, job, job.changeId ? [job.changeId] : [], 'failed', null, job.validation);
      job.finishedAt = this.#deps.clock.now();
      await progress('done', 100, 'job.failed', 'errors.plugin_unavailable', 'failed');
      return;
    }

    let plan: Plan;
    try {
      plan = await this.#plan(job, plugin);
    } catch (e) {
      if (isUnreachable(e)) return this.#unreachable(job, progress, e);
      const key = errorKey(e);
      if (key === 'job.error.internal' || key === 'job.error.database') this.#deps.logger.error({ err: e, jobId: job.id }, 'preparing a managed job failed');
      job.validation = { status: 'failed', output: key };
      await this.#finishChanges(em, job, job.changeId ? [job.changeId] : [], 'failed', null, job.validation);
      job.finishedAt = this.#deps.clock.now();
      await progress('done', 100, 'job.failed', key, 'failed');
      return;
    }

    const gw = this.#deps.gateway(job.server.id, plugin.id);
    const oldFiles = plan.previous?.files ?? [];
    let reloadTried = false;
    // The paths this job wrote or removed: a failure puts back only those.
    const touched = new Set<string>();
    try {
      // Drift: files someone changed on the server since the last applied version stop the job before it
      // writes anything; the user chooses (overwrite / keep the server's version). Never overwritten silently.
      const drifted = await this.#drift(plan, gw);
      if (drifted.length) return await this.#stopForDrift(job, plan, drifted, progress);
      await progress('writing', 10, 'job.step.writing', plan.changeIds.length > 1 ? `changes: ${plan.changeIds.length}` : undefined);
      await this.#extendBaseline(plan, gw);
      // Where the gateway can stage (ssh, a descriptor with `stage`), the whole set is checked in a staging copy
      // first: a configuration the check refuses never touches the live files (nothing to put back).
      const staged = await validateStaged(gw, plan.steps, oldFiles, plan.files, plan.baseline);
      const hide = secretValuesOf(oldFiles, plan.files);
      if (staged) {
        await progress('validating', 35, 'job.step.validating');
        job.validation = record(staged, hide);
        if (staged.status === 'failed') return await this.#fail(em, plan, progress, false, job.validation, touched);
      }
      await writeSet(gw, oldFiles, plan.files, plan.baseline, touched);
      await testPause('written');

      const validated = staged ?? (await progress('validating', 35, 'job.step.validating'), await validate(gw, plan.steps, plan.files));
      const outcome = record(validated, hide);
      job.validation = outcome;
      if (validated.status === 'failed') return await this.#fail(em, plan, progress, false, outcome, touched);

      await progress('reloading', 65, 'job.step.reloading', validated.status === 'skipped' ? `validation skipped: ${validated.reason}` : undefined);
      reloadTried = true;
      const reloaded = await reload(gw, plan.steps);
      if (reloaded.status === 'failed') {
        job.validation = record(reloaded, hide);
        return await this.#fail(em, plan, progress, true, job.validation, touched);
      }
      await this.#succeed(em, plan, outcome, progress);
    } catch (e) {
      if (isUnreachable(e)) return this.#unreachable(job, progress, e, { plan, touched, reloadTried });
      const key = errorKey(e);
      this.#deps.logger.error({ err: e, jobId: job.id }, 'managed job failed');
      job.validation = { status: 'failed', output: key };
      await this.#fail(em, plan, progress, reloadTried, job.validation, touched);
    }
  }

  /**
   * The server could not be reached (the gateway threw `ServerUnreachable`): unlike a configuration the
   * server refuses, nothing is dropped — the changes stay pending, the desired state stays. When the job had
   * written files already (a connection lost in the middle of an apply), it tries once to put the last
   * applied version's files back (a gateway that reconnects, like `ssh`, can): the server keeps running what it
   * ran. The job ends with `job.unreachable`, its log's last detail `job.unreachableReason.<reason>` when the gateway
   * gave one (`auth_refused`, `host_key_changed`, …); `retry` (or any later apply of the plugin) applies the changes.
   */
  async #unreachable(job: ManagedJob, progress: Progress, e: unknown, started?: { plan: Plan; touched: ReadonlySet<string>; reloadTried: boolean }): Promise<void> {
    this.#deps.logger.warn({ err: e, jobId: job.id, serverId: job.server.id }, 'server unreachable: the change stays pending');
    if (started?.touched.size) {
      const { plan, touched, reloadTried } = started;
      try {
        const gw = this.#deps.gateway(job.server.id, plan.plugin.id);
        await writeSet(gw, plan.files, plan.previous?.files ?? [], plan.baseline, undefined, touched);
        if (reloadTried && plan.previous) await reload(gw, plan.steps);
      } catch (again) {
        this.#deps.logger.warn({ err: again, jobId: job.id }, 'the last applied version could not be put back: the next apply writes every file');
      }
    }
    const reason = (e as { reason?: unknown }).reason;
    job.validation = { status: 'failed', output: 'job.unreachable' };
    job.finishedAt = this.#deps.clock.now();
    await progress('done', 100, 'job.failed', typeof reason === 'string' && /^[a-z_]{1,40}$/.test(reason) ? `job.unreachableReason.${reason}` : 'job.unreachable', 'failed');
  }

  /**
   * The files this job would write or remove whose content on the server is not what the last applied
   * version (or, for a path it did not have, the baseline) left there: changed, removed, or created by
   * someone else. Nothing to compare before the first applied version. An overwrite job skips exactly the
   * found hashes it was shown (`driftAccepted`); a further edit after that stops it again.
   */
  async #drift(plan: Plan, gw: ServerGateway): Promise<DriftedFile[]> {
    const { previous, baseline, job } = plan;
    if (!previous) return [];
    const expected = new Map<string, StoredFile | null>();
    for (const p of baseline?.absent ?? []) expected.set(p, null);
    for (const f of baseline?.files ?? []) expected.set(f.path, f);
    for (const f of previous.files) expected.set(f.path, f);
    const paths = [...new Set([...previous.files.map((f) => f.path), ...plan.files.map((f) => f.path)])].filter((p) => expected.has(p)).sort();
    const accepted = job.driftAccepted ?? {};
    const out: DriftedFile[] = [];
    for (const path of paths) {
      const want = expected.get(path) ?? null;
      const content = await gw.readFile(path);
      const wantHash = want ? sha256(want.content) : null;
      const foundHash = content === null ? null : sha256(content);
      if (wantHash === foundHash) continue;
      if (Object.hasOwn(accepted, path) && accepted[path] === foundHash) continue;
      const secret = !!want?.secret || !!plan.files.find((f) => f.path === path)?.secret;
      const secretValues = [...(want?.secretValues ?? []), ...(plan.files.find((f) => f.path === path)?.secretValues ?? [])];
      const hidden = { ...(secret ? { secret: true } : {}), ...(secretValues.length ? { secretValues } : {}) };
      const found: StoredFile | undefined = content === null ? undefined : { path, content, ...hidden };
      const before: StoredFile | undefined = want ? { path, content: want.content, ...hidden } : undefined;
      const diff = diffFiles(before ? [before] : [], found ? [found] : []).slice(0, MAX_DRIFT_DIFF);
      out.push({ path, expected: wantHash, found: foundHash, diff });
    }
    return out;
  }

  /** Ends a job that found drift: nothing written, the changes stay pending (as for `job.unreachable`). */
  async #stopForDrift(job: ManagedJob, plan: Plan, files: DriftedFile[], progress: Progress): Promise<void> {
    this.#deps.logger.warn({ jobId: job.id, serverId: job.server.id, pluginId: plan.plugin.id, paths: files.map((f) => f.path) }, 'files changed on the server: the job stops before writing');
    job.drift = { version: plan.previous?.version ?? 0, files };
    job.validation = { status: 'failed', output: 'job.drift' };
    job.finishedAt = this.#deps.clock.now();
    await progress('done', 100, 'job.failed', 'job.drift', 'failed');
    await this.#deps.onDrift?.(job);
  }

  /** The job that stopped with drift, if the user may still resolve it: the newest job of the plugin, on the version it compared with. */
  async #driftedJob(tx: EntityManager, pluginId: string, serverId: number, jobId: number): Promise<ManagedJob & { drift: NonNullable<ManagedJob['drift']> }> {
    const job = await tx.findOne(ManagedJob, { id: jobId, server: serverId, pluginId });
    if (!job?.drift || job.validation?.output !== 'job.drift') throw NotFound('errors.managed_drift_not_found');
    const later = await tx.count(ManagedJob, { server: serverId, pluginId, id: { $gt: job.id } });
    const last = await this.lastApplied(tx, pluginId, serverId);
    if (later > 0 || (last?.version ?? 0) !== job.drift.version) throw Conflict('errors.managed_drift_outdated');
    return job as ManagedJob & { drift: NonNullable<ManagedJob['drift']> };
  }

  /**
   * "Overwrite": queues an apply of the pending changes that replaces the server's edits it was shown (the
   * drifted files with exactly the hashes found); any other or later edit stops it again.
   */
  async overwriteDrift(plugin: ManagedPluginRef, serverId: number, userId: number, jobId: number): Promise<ManagedJob> {
    const options: { kind?: ManagedJob['kind']; driftAccepted?: Record<string, string | null> } = {};
    return this.store(
      plugin.id,
      { serverId, userId },
      async (tx) => {
        const drifted = await this.#driftedJob(tx, plugin.id, serverId, jobId);
        options.driftAccepted = Object.fromEntries(drifted.drift.files.map((f) => [f.path, f.found]));
        // A rollback that stopped is overwritten as a rollback (the undone change ends `rolled_back`).
        options.kind = drifted.kind;
        return { key: 'managed:changes.driftOverwritten', values: { files: drifted.drift.files.length } };
      },
      options,
    );
  }

  /**
   * "Keep the server's version": the server's files become the applied version (a new version: the last
   * applied one with the drifted files as found, its desired-state snapshot unchanged) and nothing is
   * written. The desired state is not changed: pending changes stay pending (applying them later shows,
   * as its diff, what it replaces). 409 when the files changed again since the user saw them.
   */
  async keepServerVersion(plugin: ManagedPluginRef, serverId: number, userId: number, jobId: number): Promise<ManagedChange> {
    const em = requestEntityManager() ?? this.#deps.orm.em.fork();
    const seen = await this.#driftedJob(em, plugin.id, serverId, jobId);
    const gw = this.#deps.gateway(serverId, plugin.id);
    const found = new Map<string, string | null>();
    for (const f of seen.drift.files) {
      const content = await gw.readFile(f.path);
      if ((content === null ? null : sha256(content)) !== f.found) throw Conflict('errors.managed_drift_changed');
      found.set(f.path, content);
    }
    const { change, job } = await em.transactional(async (tx) => {
      await lockPluginState(tx, serverId, plugin.id);
      const drifted = await this.#driftedJob(tx, plugin.id, serverId, jobId);
      const last = await this.lastApplied(tx, plugin.id, serverId);
      if (!last) throw Conflict('errors.managed_drift_outdated');
      const byPath = new Map(last.files.map((f) => [f.path, f]));
      for (const [path, content] of found) {
        if (content === null) byPath.delete(path);
        else byPath.set(path, { ...(byPath.get(path) ?? { path }), content });
      }
      const files = [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
      const now = this.#deps.clock.now();
      const user = await tx.findOneOrFail(User, { id: userId });
      const impersonatorId = currentAuditScope().impersonator?.id;
      const impersonator = impersonatorId ? await tx.findOne(User, { id: impersonatorId }) : null;
      const version = last.version + 1;
      const c = tx.create(ManagedChange, {
        server: tx.getReference(Server, serverId),
        pluginId: plugin.id,
        kind: 'apply',
        summary: { key: 'managed:changes.driftKept', values: { files: drifted.drift.files.length } },
        user,
        userName: fullName(user),
        impersonator,
        impersonatorName: impersonator ? fullName(impersonator) : null,
        status: 'applied',
        version,
        diff: drifted.drift.files.map((f) => f.diff).join(''),
        validation: null,
        jobId: drifted.id,
        createdAt: now,
      });
      await tx.flush();
      tx.create(ManagedConfigVersion, {
        server: tx.getReference(Server, serverId),
        pluginId: plugin.id,
        version,
        files,
        snapshot: (last.snapshot ?? null) as never,
        service: last.service ?? null,
        changeId: c.id,
        createdAt: now,
      });
      drifted.log = [...drifted.log, { at: now.toISOString(), step: 'done', message: 'job.driftKept', detail: `version ${version}` }];
      await tx.flush();
      return { change: c, job: drifted };
    });
    await afterCommit(async () => {
      await this.#deps.onJob?.(job);
      await this.#deps.onChange?.(change);
    });
    return change;
  }

  /** Queues an apply of the changes still pending (after `job.unreachable`); 409 when none is. */
  async retry(plugin: ManagedPluginRef, serverId: number, userId: number): Promise<ManagedJob> {
    return this.store(plugin.id, { serverId, userId }, async (tx) => {
      const pending = await tx.count(ManagedChange, { server: serverId, pluginId: plugin.id, status: 'pending' });
      if (!pending) throw Conflict('errors.managed_nothing_pending');
      return { key: 'managed:changes.retried', values: { changes: pending } };
    });
  }

  #progress(em: EntityManager, job: ManagedJob): Progress {
    return async (step, pct, message, detail, status = 'running') => {
      job.step = step;
      job.progress = pct;
      job.status = status;
      job.log = [...job.log, { at: this.#deps.clock.now().toISOString(), step, message, ...(detail ? { detail } : {}) }];
      await em.flush();
      await this.#deps.onJob?.(job);
    };
  }

  async #succeed(em: EntityManager, plan: Plan, outcome: CheckOutcomeRecord | null, progress: Progress): Promise<void> {
    const now = this.#deps.clock.now();
    const { job } = plan;
    const serverId = job.server.id;
    const recorded = await this.#deps.orm.em.fork().transactional(async (tx) => {
      await lockPluginState(tx, serverId, plan.plugin.id);
      const last = await this.lastApplied(tx, plan.plugin.id, serverId);
      // Fencing: a job records its version only on top of the version it planned from. Another job recorded
      // one meanwhile (this one was presumed dead and retried, say): this job's files are stale.
      if ((last?.version ?? 0) !== (plan.previous?.version ?? 0)) return { fenced: last };
      const version = (last?.version ?? 0) + 1;
      tx.create(ManagedConfigVersion, {
        server: tx.getReference(Server, serverId),
        pluginId: plan.plugin.id,
        version,
        files: plan.files,
        snapshot: (plan.snapshot ?? null) as never,
        service: plan.steps.service ?? null,
        changeId: job.changeId ?? 0,
        createdAt: now,
      });
      await tx.flush();
      if (job.kind === 'rollback' && last) await tx.nativeUpdate(ManagedChange, { id: last.changeId, status: 'applied' }, { status: 'rolled_back' });
      return { version };
    });
    if ('fenced' in recorded) {
      // Back to what the newer version put there, and the job ends failed with the reason.
      job.validation = { status: 'failed', output: 'job.superseded' };
      return this.#fail(em, { ...plan, previous: recorded.fenced ?? null }, progress, true, job.validation);
    }
    const { version } = recorded;
    await this.#finishChanges(em, job, plan.changeIds, 'applied', version, outcome, plan.diff);
    job.finishedAt = now;
    await progress('done', 100, job.kind === 'rollback' ? 'job.rolledBack' : 'job.applied', `version ${version}`, 'succeeded');
  }

  /**
   * Back to exactly the last applied version (before the first one: the baseline): its files (reloaded),
   * and its desired state unless newer changes wait. `touched`: the paths the job wrote or removed (only
   * those are put back); unknown (an interrupted job): every path of both versions.
   */
  async #fail(em: EntityManager, plan: Plan, progress: Progress, reloadTried: boolean, outcome: CheckOutcomeRecord | null, touched?: ReadonlySet<string>): Promise<void> {
    const { job, previous, baseline } = plan;
    const gw = this.#deps.gateway(job.server.id, plan.plugin.id);
    const oldFiles = previous?.files ?? [];
    await progress('restoring', 85, 'job.step.restoring', outcome?.output);
    let restored = previous ? `version ${previous.version}` : baseline ? 'version 0' : 'none';
    try {
      await writeSet(gw, plan.files, oldFiles, baseline, undefined, touched);
      if (reloadTried && previous) await reload(gw, plan.steps);
      const kept = await this.#deps.orm.em.fork().transactional(async (tx) => {
        await lockPluginState(tx, job.server.id, plan.plugin.id);
        const newer = await tx.count(ManagedChange, { server: job.server.id, pluginId: plan.plugin.id, status: 'pending', id: { $nin: plan.changeIds } });
        if (newer > 0 && job.kind !== 'rollback') return true;
        const server = await tx.findOneOrFail(Server, { id: job.server.id }, { populate: ['cluster.customer'] });
        await this.#restore(plan.plugin, tx, this.#stateContext(tx, server, plan.plugin), previous ? (previous.snapshot ?? null) : (baseline?.snapshot ?? null));
        return false;
      });
      if (kept) restored += ' (desired state kept: newer changes follow)';
    } catch (e) {
      this.#deps.logger.error({ err: e, jobId: job.id }, 'restoring the last applied version failed');
      restored = errorKey(e);
    }
    await this.#finishChanges(em, job, plan.changeIds, 'failed', null, outcome, plan.diff);
    job.finishedAt = this.#deps.clock.now();
    // The output says what the server runs now: `restored version <n>` (`version 0`: the baseline; `none`: nothing was applied before).
    await progress('done', 100, 'job.failed', `restored ${restored}`, 'failed');
  }

  /** Ends the changes a job applied (and the jobs of the other changes it took along). */
  async #finishChanges(em: EntityManager, job: ManagedJob, changeIds: number[], status: 'applied' | 'failed', version: number | null, outcome: CheckOutcomeRecord | null, diff?: string): Promise<void> {
    if (!changeIds.length) return;
    await em.nativeUpdate(ManagedChange, { id: { $in: changeIds }, status: 'pending' }, { status, version, validation: outcome, ...(diff !== undefined ? { diff } : {}) });
    const now = this.#deps.clock.now();
    const others = await em.find(ManagedJob, { changeId: { $in: changeIds }, id: { $ne: job.id }, status: { $in: ['queued', 'running'] } });
    for (const other of others) {
      other.status = status === 'applied' ? 'succeeded' : 'failed';
      other.step = 'done';
      other.progress = 100;
      other.validation = outcome;
      other.finishedAt = now;
      other.log = [...other.log, { at: now.toISOString(), step: 'done', message: status === 'applied' ? 'job.appliedWith' : 'job.failedWith', detail: `job ${job.id}` }];
    }
    await em.flush();
    for (const other of others) await this.#deps.onJob?.(other);
    const changes = await em.fork().find(ManagedChange, { id: { $in: changeIds } }, { populate: ['user'] });
    for (const c of changes) await this.#deps.onChange?.(c);
  }

  /** A job whose process died too often: failed with a reason, the server back to the last applied version. */
  async #interrupted(jobId: number): Promise<void> {
    const em = this.#deps.orm.em.fork();
    const job = await em.findOne(ManagedJob, { id: jobId });
    if (!job || job.status === 'succeeded' || job.status === 'failed') return;
    const plugin = this.#deps.plugin(job.pluginId);
    const progress = this.#progress(em, job);
    job.validation = { status: 'failed', output: 'job.interrupted' };
    if (!plugin?.server) {
      await this.#finishChanges(em, job, job.changeId ? [job.changeId] : [], 'failed', null, job.validation);
      job.finishedAt = this.#deps.clock.now();
      return progress('done', 100, 'job.failed', 'job.interrupted', 'failed');
    }
    const plan = await this.#plan(job, plugin);
    await this.#fail(em, plan, progress, true, job.validation);
  }
}

/** Test hook: `PORTAL_TEST_APPLY_PAUSE_MS` holds a job after writing its files (the restart test kills the portal there). */
async function testPause(point: 'written'): Promise<void> {
  const ms = Number(process.env.PORTAL_TEST_APPLY_PAUSE_MS ?? 0);
  if (point === 'written' && ms > 0 && process.env.NODE_ENV === 'test') await new Promise((r) => setTimeout(r, ms));
}

/**
 * The program a plugin's jobs check and reload: its `steps.service`, else its first declared program (its
 * descriptor, or the manifest's first `programs` entry). The apply lock is per server and this program.
 */
function programOf(plugin: ManagedPluginRef): string | undefined {
  return plugin.server?.steps?.service ?? plugin.server?.programs?.[0]?.id ?? plugin.manifest?.programs?.[0];
}

/** Own steps of the plugin, else the program's descriptor as the gateway runs it (`gateway.service(id)`). */
async function validate(gw: ServerGateway, steps: ApplySteps, files: StoredFile[]): Promise<CheckOutcome> {
  if (steps.validate) return steps.validate(gw, files as ConfigFile[]);
  if (steps.service) return gw.service(steps.service).validate(files as ConfigFile[]);
  return { status: 'skipped', reason: 'not_supported' };
}

/** The program's check of the whole set in a staging copy, before writing (null: the gateway or program does not stage). */
async function validateStaged(gw: ServerGateway, steps: ApplySteps, from: readonly StoredFile[], to: readonly StoredFile[], baseline: Baseline | null): Promise<CheckOutcome | null> {
  if (steps.validate || !steps.service) return null;
  const control = gw.service(steps.service);
  if (!control.validateStaged) return null;
  const { writes, removes } = plannedSet(from, to, baseline);
  return control.validateStaged(writes as ConfigFile[], removes);
}

async function reload(gw: ServerGateway, steps: ApplySteps): Promise<CheckOutcome> {
  if (steps.reload) return steps.reload(gw);
  if (steps.service) return gw.service(steps.service).reload();
  return { status: 'skipped', reason: 'not_supported' };
}

/** A check's outcome as the job keeps it; the files' secret values (`hide`) masked in its output. */
const record = (o: CheckOutcome, hide: readonly string[] = []): CheckOutcomeRecord => ({
  status: o.status,
  ...(o.tool ? { tool: o.tool } : {}),
  ...(o.status === 'skipped' ? { reason: o.reason } : {}),
  ...(o.output ? { output: maskSecretValues(o.output, hide).slice(-20_000) } : {}),
});

/**
 * Makes the server's files of a plugin go from `from` to `to`: writes changed ones; a dropped one gets its
 * baseline content back when it existed before the plugin's first change, otherwise it is removed.
 * `touched` collects the paths handled; `only` limits the work to those paths.
 */
async function writeSet(gw: ServerGateway, from: readonly StoredFile[], to: readonly StoredFile[], baseline: Baseline | null, touched?: Set<string>, only?: ReadonlySet<string>): Promise<void> {
  const { writes, removes } = plannedSet(from, to, baseline, only);
  for (const f of writes) {
    touched?.add(f.path);
    await gw.writeFile(f);
  }
  for (const p of removes) {
    touched?.add(p);
    await gw.removeFile(p);
  }
}

/** What going from `from` to `to` writes (in order) and removes: a dropped file gets its baseline content back, else it goes. */
function plannedSet(from: readonly StoredFile[], to: readonly StoredFile[], baseline: Baseline | null, only?: ReadonlySet<string>): { writes: StoredFile[]; removes: string[] } {
  const keep = new Set(to.map((f) => f.path));
  const before = new Map((baseline?.files ?? []).map((f) => [f.path, f]));
  const writes = to.filter((f) => !only || only.has(f.path));
  const removes: string[] = [];
  for (const f of from) {
    if (keep.has(f.path) || (only && !only.has(f.path))) continue;
    const original = before.get(f.path);
    if (original) writes.push(original);
    else removes.push(f.path);
  }
  return { writes, removes };
}

/** The rendered files, checked: absolute paths, no duplicates, text of bounded size. */
function checkFiles(files: readonly ConfigFile[]): StoredFile[] {
  if (!Array.isArray(files) || files.length > MAX_FILES) throw ValidationFailed({ files: ['errors.managed_bad_files'] });
  const seen = new Set<string>();
  return files.map((f) => {
    if (typeof f?.path !== 'string' || !f.path.startsWith('/') || seen.has(f.path) || typeof f.content !== 'string' || Buffer.byteLength(f.content) > MAX_FILE_BYTES)
      throw ValidationFailed({ files: ['errors.managed_bad_files'] });
    seen.add(f.path);
    return {
      path: f.path,
      content: f.content,
      ...(f.mode !== undefined ? { mode: f.mode } : {}),
      ...(f.owner ? { owner: f.owner } : {}),
      ...(f.group ? { group: f.group } : {}),
      ...(f.secret ? { secret: true } : {}),
      ...(Array.isArray(f.secretValues) && f.secretValues.length ? { secretValues: (f.secretValues as unknown[]).filter((v): v is string => typeof v === 'string' && v.length > 0) } : {}),
    };
  });
}
