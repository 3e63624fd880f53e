/**
 * The apply job runner. A plugin hands over its complete set of files and the desired state they
 * came from; the job writes them through the server's gateway, validates, reloads, keeps the new
 * version, and — when validation or reload fails or anything breaks — writes the previous files
 * back, reloads them, and lets the plugin restore its previous desired state. Every step is stored
 * (`managed_jobs`) and sent as `managed.job` to room `server:<id>`; the outcome lands in the change log.
 * Jobs of one server run one after another; the request that started one does not wait for it.
 */
import type { EntityManager } from '@mikro-orm/core';
import { createTwoFilesPatch } from 'diff';
import { User } from '@portal/core/accounts';
import { Server } from '@portal/core/clusters';
import { Conflict, currentAuditScope, recordAudit, ValidationFailed, type Clock, type EventBus, type Logger, type Orm } from '@portal/core/platform';
import type { AnyServerPlugin, ApplyRequest, CheckOutcome, ConfigFile, ManagedServer, ServerGateway, StateContext } from '@portal/plugin-sdk/server';
import { ManagedChange, ManagedConfigVersion, ManagedJob, type ChangeSummary, type CheckOutcomeRecord, type StoredFile } from './entities/index.ts';
import { presentChange, presentJob, type ManagedJobView } from './present.ts';

type Steps = Pick<ApplyRequest, 'service' | 'validate' | 'reload'>;

interface JobPlan {
  jobId: number;
  changeId: number;
  plugin: { id: string; server?: AnyServerPlugin };
  serverId: number;
  kind: 'apply' | 'rollback';
  files: StoredFile[];
  snapshot: unknown;
  steps: Steps;
  /** The version in effect before (its files are restored on failure). */
  previous: ManagedConfigVersion | null;
  /** Rollback: the version it goes back to. */
  target?: ManagedConfigVersion;
}

export interface JobRunnerDeps {
  orm: Orm;
  clock: Clock;
  events: EventBus;
  logger: Logger;
  gateway(serverId: number): ServerGateway;
}

const MAX_FILES = 500;
const MAX_FILE_BYTES = 1024 * 1024;

const fullName = (u: User) => `${u.firstname} ${u.surname}`.trim();

/** Unified diff of two file sets, path by path. */
export function diffFiles(before: readonly StoredFile[], after: readonly StoredFile[]): string {
  const old = new Map(before.map((f) => [f.path, f.content]));
  const now = new Map(after.map((f) => [f.path, f.content]));
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort();
  return paths
    .filter((p) => old.get(p) !== now.get(p))
    .map((p) => createTwoFilesPatch(old.has(p) ? p : '/dev/null', now.has(p) ? p : '/dev/null', old.get(p) ?? '', now.get(p) ?? '', '', '', { context: 3 }).replace(/^=+\n/, ''))
    .join('');
}

export const serverOf = (s: Server): ManagedServer => ({ id: s.id, name: s.name, role: s.role, services: [...s.services], clusterId: s.cluster.id });

export class JobRunner {
  readonly #deps: JobRunnerDeps;
  readonly #queues = new Map<number, Promise<void>>();

  constructor(deps: JobRunnerDeps) {
    this.#deps = deps;
  }

  /** The version a plugin last applied to a server. */
  async lastApplied(em: EntityManager, pluginId: string, serverId: number): Promise<ManagedConfigVersion | null> {
    return em.findOne(ManagedConfigVersion, { server: serverId, pluginId }, { orderBy: { version: 'desc' } });
  }

  /** Queues an apply of a plugin's files; returns the queued job. */
  async apply(
    plugin: { id: string; server?: AnyServerPlugin },
    target: { server: ManagedServer; user: { id: number } },
    request: ApplyRequest,
  ): Promise<ManagedJobView> {
    const files = checkFiles(request.files);
    const snapshot = request.snapshot === undefined ? null : JSON.parse(JSON.stringify(request.snapshot));
    const em = this.#deps.orm.em.fork();
    const previous = await this.lastApplied(em, plugin.id, target.server.id);
    const steps: Steps = {
      service: request.service ?? plugin.server?.steps?.service,
      validate: request.validate ?? plugin.server?.steps?.validate,
      reload: request.reload ?? plugin.server?.steps?.reload,
    };
    return this.#enqueue(em, { plugin, serverId: target.server.id, kind: 'apply', files, snapshot, steps, previous }, target.user.id, request.summary);
  }

  /** Queues a rollback of a plugin to the version before the current one. */
  async rollBack(plugin: { id: string; server?: AnyServerPlugin }, serverId: number, userId: number): Promise<ManagedJobView> {
    const em = this.#deps.orm.em.fork();
    const [current, before] = await em.find(ManagedConfigVersion, { server: serverId, pluginId: plugin.id }, { orderBy: { version: 'desc' }, limit: 2 });
    if (!current || !before) throw Conflict('errors.managed_no_previous_version');
    if (!plugin.server?.restore) throw Conflict('errors.managed_rollback_unsupported');
    const steps: Steps = { service: plugin.server.steps?.service ?? before.service ?? undefined, validate: plugin.server.steps?.validate, reload: plugin.server.steps?.reload };
    return this.#enqueue(
      em,
      { plugin, serverId, kind: 'rollback', files: before.files, snapshot: before.snapshot, steps, previous: current, target: before },
      userId,
      { key: 'managed:changes.rolledBack', values: { version: before.version } },
    );
  }

  /** Waits for every queued job (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.#queues.size) await Promise.allSettled([...this.#queues.values()]);
  }

  async #enqueue(em: EntityManager, plan: Omit<JobPlan, 'jobId' | 'changeId'>, userId: number, summary: ChangeSummary): Promise<ManagedJobView> {
    const now = this.#deps.clock.now();
    const { job } = await em.transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: userId });
      const { impersonator } = currentAuditScope();
      const change = tx.create(ManagedChange, {
        server: tx.getReference(Server, plan.serverId),
        pluginId: plan.plugin.id,
        kind: plan.kind,
        summary: { key: summary.key, ...(summary.values ? { values: summary.values } : {}) },
        user,
        userName: fullName(user),
        status: 'pending',
        version: null,
        diff: diffFiles(plan.previous?.files ?? [], plan.files),
        validation: null,
        jobId: null,
        createdAt: now,
      });
      const job = tx.create(ManagedJob, {
        server: tx.getReference(Server, plan.serverId),
        pluginId: plan.plugin.id,
        kind: plan.kind,
        status: 'queued',
        step: 'queued',
        progress: 0,
        validation: null,
        log: [{ at: now.toISOString(), step: 'queued', message: 'job.step.queued' }],
        changeId: null,
        createdAt: now,
        finishedAt: null,
      });
      await tx.flush();
      job.changeId = change.id;
      change.jobId = job.id;
      // While impersonating, the audit log keeps the change with both people (the scope adds the staff member).
      if (impersonator)
        recordAudit(tx, this.#deps.clock, {
          action: 'managed.change',
          actor: { id: user.id, email: user.email },
          subject: { id: user.id, email: user.email },
          details: { changeId: change.id, serverId: plan.serverId, pluginId: plan.plugin.id, kind: plan.kind },
        });
      return { job, change };
    });
    const view = presentJob(job);
    const full: JobPlan = { ...plan, jobId: job.id, changeId: job.changeId! };
    const before = this.#queues.get(plan.serverId) ?? Promise.resolve();
    const next = before.then(() => this.#run(full)).catch((e: unknown) => this.#deps.logger.error({ err: e, jobId: job.id }, 'managed job crashed'));
    this.#queues.set(plan.serverId, next);
    void next.finally(() => {
      if (this.#queues.get(plan.serverId) === next) this.#queues.delete(plan.serverId);
    });
    await this.#deps.events.publish('managed.job', view, { servers: [plan.serverId] });
    return view;
  }

  async #run(plan: JobPlan): Promise<void> {
    const em = this.#deps.orm.em.fork();
    const job = await em.findOneOrFail(ManagedJob, { id: plan.jobId });
    const gw = this.#deps.gateway(plan.serverId);
    const oldFiles = plan.previous?.files ?? [];
    const progress = async (step: ManagedJob['step'], pct: number, message: string, detail?: string, status: ManagedJob['status'] = 'running') => {
      job.step = step;
      job.progress = pct;
      job.status = status;
      job.log = [...job.log, { at: this.#deps.clock.now().toISOString(), step, message, ...(detail ? { detail } : {}) }];
      await em.flush();
      await this.#deps.events.publish('managed.job', presentJob(job), { servers: [plan.serverId] });
    };

    let reloadTried = false;
    try {
      await progress('writing', 10, 'job.step.writing');
      await writeSet(gw, oldFiles, plan.files);

      await progress('validating', 35, 'job.step.validating');
      const validated = await this.#validate(gw, plan);
      const outcome = record(validated);
      job.validation = outcome;
      if (validated.status === 'failed') return await this.#fail(em, job, plan, progress, false, outcome);

      await progress('reloading', 65, 'job.step.reloading', validated.status === 'skipped' ? `validation skipped: ${validated.reason}` : undefined);
      reloadTried = true;
      const reloaded = await this.#reload(gw, plan);
      if (reloaded.status === 'failed') {
        job.validation = record(reloaded);
        return await this.#fail(em, job, plan, progress, true, job.validation);
      }
      await this.#succeed(em, job, plan, outcome, progress);
    } catch (e) {
      this.#deps.logger.error({ err: e, jobId: plan.jobId }, 'managed job failed');
      job.validation = { status: 'failed', output: e instanceof Error ? e.message : String(e) };
      await this.#fail(em, job, plan, progress, reloadTried, job.validation);
    }
  }

  async #validate(gw: ServerGateway, plan: JobPlan): Promise<CheckOutcome> {
    if (plan.steps.validate) return plan.steps.validate(gw, plan.files as ConfigFile[]);
    if (plan.steps.service) return gw.service(plan.steps.service).validate();
    return { status: 'skipped', reason: 'not_supported' };
  }

  async #reload(gw: ServerGateway, plan: JobPlan): Promise<CheckOutcome> {
    if (plan.steps.reload) return plan.steps.reload(gw);
    if (plan.steps.service) return gw.service(plan.steps.service).reload();
    return { status: 'skipped', reason: 'not_supported' };
  }

  #stateContext(em: EntityManager, serverId: number): Promise<StateContext> {
    return em.findOneOrFail(Server, { id: serverId }).then((s) => ({ em, server: serverOf(s), clock: this.#deps.clock }));
  }

  async #succeed(em: EntityManager, job: ManagedJob, plan: JobPlan, outcome: CheckOutcomeRecord | null, progress: ProgressFn): Promise<void> {
    const now = this.#deps.clock.now();
    await em.transactional(async (tx) => {
      if (plan.kind === 'rollback' && plan.plugin.server?.restore) await plan.plugin.server.restore(await this.#stateContext(tx, plan.serverId), plan.target!.snapshot ?? null);
      const version = (plan.previous?.version ?? 0) + 1;
      tx.create(ManagedConfigVersion, {
        server: tx.getReference(Server, plan.serverId),
        pluginId: plan.plugin.id,
        version,
        files: plan.files,
        snapshot: plan.snapshot ?? null,
        service: plan.steps.service ?? null,
        changeId: plan.changeId,
        createdAt: now,
      });
      await tx.nativeUpdate(ManagedChange, { id: plan.changeId }, { status: 'applied', version, validation: outcome });
      if (plan.kind === 'rollback' && plan.previous)
        await tx.nativeUpdate(ManagedChange, { id: plan.previous.changeId, status: 'applied' }, { status: 'rolled_back' });
    });
    job.finishedAt = now;
    await progress('done', 100, plan.kind === 'rollback' ? 'job.rolledBack' : 'job.applied', undefined, 'succeeded');
    await this.#changed(em, plan);
  }

  async #fail(em: EntityManager, job: ManagedJob, plan: JobPlan, progress: ProgressFn, reloadTried: boolean, outcome: CheckOutcomeRecord | null): Promise<void> {
    const gw = this.#deps.gateway(plan.serverId);
    const oldFiles = plan.previous?.files ?? [];
    await progress('restoring', 85, 'job.step.restoring', outcome?.output);
    try {
      await writeSet(gw, plan.files, oldFiles);
      if (reloadTried && plan.previous) await this.#reload(gw, { ...plan, files: oldFiles });
      // An apply changed the desired state before it was queued; put the last applied state back.
      if (plan.kind === 'apply' && plan.plugin.server?.restore) {
        const ctxEm = em.fork();
        await ctxEm.transactional(async (tx) => plan.plugin.server!.restore!(await this.#stateContext(tx, plan.serverId), plan.previous?.snapshot ?? null));
      }
    } catch (e) {
      this.#deps.logger.error({ err: e, jobId: plan.jobId }, 'restoring the previous version failed');
    }
    await em.nativeUpdate(ManagedChange, { id: plan.changeId }, { status: 'failed', validation: outcome });
    job.finishedAt = this.#deps.clock.now();
    await progress('done', 100, 'job.failed', undefined, 'failed');
    await this.#changed(em, plan);
  }

  async #changed(em: EntityManager, plan: JobPlan): Promise<void> {
    const change = await em.fork().findOne(ManagedChange, { id: plan.changeId }, { populate: ['user'] });
    if (change) await this.#deps.events.publish('managed.change', presentChange(change), { servers: [plan.serverId] });
  }
}

type ProgressFn = (step: ManagedJob['step'], pct: number, message: string, detail?: string, status?: ManagedJob['status']) => Promise<void>;

const record = (o: CheckOutcome): CheckOutcomeRecord => ({
  status: o.status,
  ...(o.tool ? { tool: o.tool } : {}),
  ...(o.status === 'skipped' ? { reason: o.reason } : {}),
  ...(o.output ? { output: o.output.slice(-20_000) } : {}),
});

/** Makes the server's files of a plugin go from `from` to `to`: writes changed ones, removes dropped ones. */
async function writeSet(gw: ServerGateway, from: readonly StoredFile[], to: readonly StoredFile[]): Promise<void> {
  const keep = new Set(to.map((f) => f.path));
  for (const f of to) await gw.writeFile(f);
  for (const f of from) if (!keep.has(f.path)) await gw.removeFile(f.path);
}

/** The files of an apply request, checked: absolute paths, no duplicates, text of bounded size. */
function checkFiles(files: readonly ConfigFile[]): StoredFile[] {
  if (!Array.isArray(files) || files.length > MAX_FILES) throw ValidationFailed({ files: ['errors.managed_bad_files'] });
  const seen = new Set<string>();
  return files.map((f) => {
    if (typeof f?.path !== 'string' || !f.path.startsWith('/') || seen.has(f.path) || typeof f.content !== 'string' || Buffer.byteLength(f.content) > MAX_FILE_BYTES)
      throw ValidationFailed({ files: ['errors.managed_bad_files'] });
    seen.add(f.path);
    return { path: f.path, content: f.content, ...(f.mode !== undefined ? { mode: f.mode } : {}) };
  });
}
