/**
 * The Managed Center host: builds each plugin's ports, mounts its handlers behind the one access
 * check, runs apply jobs, owns the gateways, answers the platform operations, and reports plugin health.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { User, twoFactorSecretBox } from '@portal/core/accounts';
import { backupRetentionPrice, CURRENCY, VAT_PERCENT } from '@portal/core/billing';
import { Server } from '@portal/core/clusters';
import { DomainError, NotFound, Unavailable, afterCommit, recordAudit, requestEntityManager } from '@portal/core/platform';
import { appliesTo } from '@portal/plugin-sdk';
import { maskSecretValues } from '@portal/plugin-sdk/gateway';
import {
  PathNotDeclared,
  isPluginError,
  noContent as sdkNoContent,
  readOnlyGateway,
  scopedGateway,
  type AnyServerPlugin,
  type ApplyContext,
  type ManagedUser,
  type PluginDatabase,
  type PluginPorts,
  type ProgramDescriptor,
  type ServerGateway,
} from '@portal/plugin-sdk/server';
import type { AppDeps } from '../deps.ts';
import type { PluginHealth } from '../handlers/platform.ts';
import { credentialAllowsCluster } from '../http/auth.ts';
import { noContent, type OperationContext, type OperationHandler } from '../openapi/handlers.ts';
import { JobRunner, ServerGateways, entityManagerOf, pluginDatabase, serverOf, stopLocalPrograms } from '@portal/core/managed';
import { authorizeManagedServer, isBeta, type ManagedAccess, type ManagedTarget } from './access.ts';
import { managedPlatformHandlers } from './handlers.ts';
import type { LoadedPlugin, PluginSet } from './plugins.ts';
import { presentChange, presentJob } from './present.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is arbitrary JSON
type Json = any;

const userOf = (u: User): ManagedUser => ({ id: u.id, email: u.email, name: `${u.firstname} ${u.surname}`.trim() });

export class ManagedCenter {
  readonly deps: AppDeps;
  readonly plugins: LoadedPlugin[];
  readonly jobs: JobRunner;
  /** The gateway of each server: `local` or `ssh` (`MANAGED_GATEWAY`, a server's connection settings). */
  readonly gateways: ServerGateways;
  readonly #ports = new Map<string, PluginPorts>();
  readonly #started = new Set<string>();
  /** The server of the plugin operation being answered: a plugin's `ports.gateway` reaches only that one. */
  readonly #request = new AsyncLocalStorage<{ serverId: number }>();

  constructor(deps: AppDeps, set: PluginSet) {
    this.deps = deps;
    this.plugins = set.plugins;
    this.gateways = new ServerGateways({
      orm: deps.orm,
      clock: deps.clock,
      // The portal's secret box (as for two-factor secrets): the servers' private keys are sealed with it.
      box: twoFactorSecretBox(deps.config),
      defaultKind: deps.config.MANAGED_GATEWAY,
      baseDir: this.#baseDir,
      programs: () => this.#programs,
      idleSeconds: deps.config.MANAGED_SSH_IDLE_SECONDS,
      sshRoot: deps.config.MANAGED_SSH_ROOT,
    });
    this.jobs = new JobRunner({
      orm: deps.orm,
      clock: deps.clock,
      logger: deps.logger,
      gateway: (id, pluginId) => (pluginId ? this.pluginGateway(pluginId, id) : this.gateway(id)),
      plugin: (id) => this.plugin(id),
      onJob: (job) => deps.events.publish('managed.job', presentJob(job), { servers: [job.server.id] }),
      onChange: (change) => deps.events.publish('managed.change', presentChange(change), { servers: [change.server.id] }),
      // Issue 30 turns it into a webhook: which files of which section someone changed on the server.
      onDrift: (job) =>
        deps.events.publish('managed.drift.detected', { jobId: job.id, pluginId: job.pluginId, serverId: job.server.id, paths: (job.drift?.files ?? []).map((f) => f.path) }, { servers: [job.server.id] }),
      pollSeconds: deps.config.JOB_POLL_SECONDS,
      poolMax: deps.config.JOB_POOL_MAX,
    });
  }

  /** `DATA_DIR/servers`: the `local` gateway's sandboxes. */
  get #baseDir(): string {
    return path.resolve(this.deps.config.dataDir, 'servers');
  }

  /**
   * Starts the job queue and its workers (after the migrations). First the programs a killed portal left
   * running in the sandboxes are stopped (their owner is gone); an apply starts them again.
   */
  async start(): Promise<void> {
    const left = await stopLocalPrograms(this.#baseDir, 'orphaned', this.#programs);
    if (left.length) this.deps.logger.info({ servers: left }, 'stopped programs a previous portal left running');
    await this.gateways.load();
    await this.jobs.start();
  }

  /** The programs the plugins declared (their descriptors, `ServerPlugin.programs`): the gateway runs them. */
  get #programs(): ProgramDescriptor[] {
    return this.plugins.flatMap((p) => [...(p.server?.programs ?? [])]);
  }

  /**
   * The gateway a plugin gets for a server: files only inside the paths of its programs (a plugin that
   * declares none — written before descriptors — gets the server's gateway as it is).
   */
  pluginGateway(pluginId: string, serverId: number): ServerGateway {
    const gw = this.gateway(serverId);
    const server = this.plugin(pluginId)?.server;
    const programs = server?.programs;
    return programs ? scopedGateway(gw, { pluginId, programs, controlsAll: !!server?.controlsPrograms }) : gw;
  }

  /**
   * A plugin's read-only gateway of `peerId` for a run about `serverId` (`PluginPorts.peerGateway`): only a server of
   * the same cluster (a cluster is one customer's) — the one access check gave the caller the whole cluster
   * (`authorizeManagedServer`).
   */
  async peerGateway(pluginId: string, serverId: number, peerId: number): Promise<ServerGateway> {
    const em = requestEntityManager()?.fork({ keepTransactionContext: true }) ?? this.deps.orm.em.fork();
    const [server, peer] = await Promise.all([serverId, peerId].map((id) => em.findOne(Server, { id })));
    if (!server || !peer || peer.cluster.id !== server.cluster.id)
      throw new PathNotDeclared(`plugin ${pluginId} may read only a server of the cluster of server ${serverId}, not ${peerId}`);
    return readOnlyGateway(this.pluginGateway(pluginId, peerId));
  }

  /** The gateway of a server: the embedded `local` one, or `ssh` (issue 28). */
  gateway(serverId: number): ServerGateway {
    return this.gateways.gateway(serverId);
  }

  plugin(id: string): LoadedPlugin | undefined {
    return this.plugins.find((p) => p.id === id);
  }

  health(): PluginHealth[] {
    return this.plugins.map((p) => ({ id: p.id, status: p.status, ...(p.error ? { error: p.error } : {}) }));
  }

  /** The plugins that apply to a server with these services, in navigation order. */
  sectionsFor(services: readonly string[]): LoadedPlugin[] {
    return this.plugins
      .filter((p) => p.manifest && appliesTo(p.manifest, services))
      .sort((a, b) => (a.manifest?.nav.order ?? 999) - (b.manifest?.nav.order ?? 999) || a.id.localeCompare(b.id));
  }

  /** The access check for an operation context (session or token). */
  authorize(c: OperationContext<never>, clusterId: number, serverId: number, target?: ManagedTarget): Promise<ManagedAccess> {
    const principal = c.principal!;
    return authorizeManagedServer(c.em, { user: c.user, allowsCluster: (id) => credentialAllowsCluster(principal, id) }, clusterId, serverId, target);
  }

  /** Whether a signed-in user (a socket's session) may follow a server's room. */
  async authorizeRoom(userId: number, clusterId: number, serverId: number): Promise<void> {
    const em = this.deps.orm.em.fork();
    const user = await em.findOneOrFail(User, { id: userId });
    await authorizeManagedServer(em, { user, allowsCluster: () => true }, clusterId, serverId);
  }

  /** A plugin's database port over `em`: its own entities and read-only server facts (core/managed/database.ts). */
  database(plugin: LoadedPlugin, em: EntityManager): PluginDatabase {
    return pluginDatabase(em, plugin.id, plugin.server?.entities ?? []);
  }

  /** The ports handed to one plugin. */
  ports(plugin: LoadedPlugin): PluginPorts {
    let ports = this.#ports.get(plugin.id);
    if (ports) return ports;
    const { deps } = this;
    const logger = deps.logger.child({ plugin: plugin.id });
    ports = {
      pluginId: plugin.id,
      // Inside a write request a plugin's fork shares the request's transaction (issue 8, defect 5).
      database: { fork: () => this.database(plugin, requestEntityManager()?.fork({ keepTransactionContext: true }) ?? deps.orm.em.fork()) },
      gateway: (serverId) => {
        // Answering a request about one server, a plugin reaches that server only.
        const current = this.#request.getStore();
        if (current && current.serverId !== serverId) throw new PathNotDeclared(`plugin ${plugin.id} may reach only server ${current.serverId} in this request, not ${serverId}`);
        return this.pluginGateway(plugin.id, serverId);
      },
      peerGateway: async (serverId, peerId) => {
        const current = this.#request.getStore();
        if (current && current.serverId !== serverId) throw new PathNotDeclared(`plugin ${plugin.id} may act only for server ${current.serverId} in this request, not ${serverId}`);
        return this.peerGateway(plugin.id, serverId, peerId);
      },
      jobs: {
        apply: async (target, request) => {
          const job = presentJob(await this.jobs.apply(plugin.id, { serverId: target.server.id, userId: target.user.id }, request.summary));
          return { jobId: job.id, job };
        },
        store: async (target, store) => {
          const job = presentJob(await this.jobs.store(plugin.id, { serverId: target.server.id, userId: target.user.id }, (tx) => store(this.database(plugin, tx))));
          return { jobId: job.id, job };
        },
        lastApplied: (serverId, db) => this.jobs.lastAppliedView(plugin.id, serverId, db && entityManagerOf(db)),
      },
      events: { publish: (serverId, type, payload) => deps.events.publish(`${plugin.id}.${type}`, payload, { servers: [serverId] }) },
      // The notification centre (core/notifications, `managed.notice`) makes the notices, for the server's users.
      notify: (serverId, notice) =>
        deps.events.publish('managed.notice', { pluginId: plugin.id, serverId, fact: notice.fact, title: notice.title, message: notice.message, path: notice.path ?? '' }, { servers: [serverId] }),
      logger: {
        debug: (o, m) => logger.debug(o, m),
        info: (o, m) => logger.info(o, m),
        warn: (o, m) => logger.warn(o, m),
        error: (o, m) => logger.error(o, m),
      },
      clock: deps.clock,
      // After the request's transaction committed (what the task reads is then visible), not awaited by the request.
      background: (task) =>
        void afterCommit(() => {
          void task().catch((err: unknown) => logger.error({ err }, 'background task failed'));
        }),
      secrets: {
        seal: (plain, context) => twoFactorSecretBox(deps.config).seal(plain, `plugin:${plugin.id}:${context}`),
        open: (sealed, context) => twoFactorSecretBox(deps.config).open(sealed, `plugin:${plugin.id}:${context}`),
      },
      management: { sources: deps.config.MANAGED_MANAGEMENT_SOURCES, port: deps.config.MANAGED_MANAGEMENT_PORT, confirmSeconds: deps.config.MANAGED_CONFIRM_SECONDS },
      audit: {
        record: async (target, action, details) => {
          const em = requestEntityManager() ?? deps.orm.em.fork();
          recordAudit(em, deps.clock, { action: `managed.${plugin.id}.${action}`, actor: { id: target.user.id, email: target.user.email }, details: { serverId: target.server.id, ...details } });
          await em.flush();
        },
      },
      prices: { backupRetention: (days) => ({ ...backupRetentionPrice(days), vatPercent: VAT_PERCENT, currency: CURRENCY }) },
    };
    this.#ports.set(plugin.id, ports);
    return ports;
  }

  /**
   * Every Managed Center operation: the platform's and each plugin's, behind the access check. A
   * degraded plugin's operations answer 503; a loaded plugin without a handler for one of its
   * operations stops the boot (as the router does for core operations).
   */
  handlers(contract: Json): Record<string, OperationHandler<never>> {
    const out: Record<string, OperationHandler<never>> = { ...(managedPlatformHandlers(this) as unknown as Record<string, OperationHandler<never>>) };
    const statusOf = successStatuses(contract);
    for (const plugin of this.plugins) {
      let built: Record<string, (c: unknown) => unknown> | undefined;
      if (plugin.server) {
        try {
          built = plugin.server.handlers(this.ports(plugin)) as Record<string, (c: unknown) => unknown>;
        } catch (e) {
          plugin.status = 'degraded';
          plugin.error = e instanceof Error ? e.message : String(e);
          this.deps.logger.error({ plugin: plugin.id, err: e }, 'plugin failed to build its handlers; its operations answer 503');
        }
      }
      // The "apply now" the bundler adds for `x-apply` (plugins/<id>/openapi.yaml) is answered here.
      const applyOp = hostOperationOf(contract, plugin.id, 'apply', 'post');
      if (built && applyOp && !built[applyOp]) built[applyOp] = (c) => this.#applyNow(plugin, c as ApplyContext);
      // And the rendered files for `x-files`.
      const filesOp = hostOperationOf(contract, plugin.id, 'files', 'get');
      if (built && filesOp && !built[filesOp]) built[filesOp] = (c) => this.#renderedFiles(plugin, c as ApplyContext);
      if (built) {
        const missing = plugin.operations.filter((op) => typeof built![op] !== 'function');
        if (missing.length) throw new Error(`Plugin ${plugin.id} has no handler for operation(s): ${missing.join(', ')}`);
        this.#start(plugin);
      }
      for (const op of new Set([...plugin.operations, ...[applyOp, filesOp].filter((o): o is string => !!o)]))
        out[op] = this.#pluginOperation(plugin, built?.[op], statusOf.get(op) ?? 200);
    }
    return out;
  }

  async #applyNow(plugin: LoadedPlugin, c: ApplyContext) {
    const summary = (await plugin.server?.applySummary?.(c)) ?? { key: `${plugin.id}:changes.applied` };
    return (await c.ports.jobs.apply(c, { summary })).job;
  }

  /** `GET …/<id>/files` (`x-files`): what `prepare` (a preview: nothing is created) and `render` give now, a secret's content left out, and whether it is what was applied last. */
  async #renderedFiles(plugin: LoadedPlugin, c: ApplyContext) {
    const server = plugin.server;
    if (!server?.render) throw NotFound('errors.managed_plugin_not_found');
    const lastApplied = await c.ports.jobs.lastApplied(c.server.id);
    const base = { em: c.em, server: c.server, clock: this.deps.clock, lastApplied, logger: c.ports.logger };
    const prepared = server.prepare ? await server.prepare({ ...base, gateway: c.ports.gateway(c.server.id), purpose: 'preview' }) : undefined;
    const files = await server.render({ ...base, prepared, hostPath: (p) => this.gateway(c.server.id).hostPath(p) });
    const last = new Map((lastApplied?.files ?? []).map((f) => [f.path, f.content]));
    const applied = !!lastApplied && last.size === files.length && files.every((f) => last.get(f.path) === f.content);
    const mode = (m = 0o644) => m.toString(8).padStart(4, '0');
    const view = (f: (typeof files)[number]) => ({ path: f.path, content: f.secret ? '' : maskSecretValues(f.content, f.secretValues), mode: mode(f.mode), ...(f.owner ? { owner: f.owner } : {}), ...(f.group ? { group: f.group } : {}), secret: !!f.secret });
    return { files: files.map(view), applied };
  }

  #pluginOperation(plugin: LoadedPlugin, handler: ((c: unknown) => unknown) | undefined, status: number): OperationHandler<never> {
    return async (c) => {
      const params = c.params as { clusterId: number; serverId: number };
      const access = await this.authorize(c, params.clusterId, params.serverId, { beta: isBeta(plugin) });
      // A section exists only on servers that run one of its services.
      if (plugin.manifest && !appliesTo(plugin.manifest, access.server.services)) throw NotFound('errors.managed_plugin_not_found');
      if (!handler || plugin.status === 'degraded') throw Unavailable('errors.plugin_unavailable');
      try {
        const result = await this.#request.run({ serverId: access.server.id }, () =>
          handler({ params: c.params, query: c.query, body: c.body, em: this.database(plugin, c.em), server: serverOf(access.server), user: userOf(c.user), ports: this.ports(plugin) }),
        );
        if (result === sdkNoContent) return noContent;
        if (status !== 200) c.koa.status = status;
        return result as never;
      } catch (e) {
        if (isPluginError(e)) throw new DomainError(e.code, e.message, { fields: e.fields });
        throw e;
      }
    };
  }

  /** Demo data of every plugin (or of those `which` names) for the servers it applies to (first start, seed). */
  async seedFixtures(em: EntityManager, which: (plugin: LoadedPlugin) => boolean = () => true): Promise<void> {
    await seedPluginFixtures(em, this.plugins.filter(which), this.deps.clock);
  }

  /** Starts a plugin's background work (`ServerPlugin.start`); a failure degrades it, nothing else. */
  #start(plugin: LoadedPlugin): void {
    const start = plugin.server?.start;
    if (!start || this.#started.has(plugin.id)) return;
    this.#started.add(plugin.id);
    Promise.resolve()
      .then(() => start.call(plugin.server, this.ports(plugin)))
      .catch((e: unknown) => {
        plugin.status = 'degraded';
        plugin.error = e instanceof Error ? e.message : String(e);
        this.deps.logger.error({ plugin: plugin.id, err: e }, 'plugin failed to start; its operations answer 503');
      });
  }

  async close(): Promise<void> {
    // Every plugin's `stop`, started or not: work may begin without `start` (a live feed opened by a panel).
    await Promise.allSettled(
      this.plugins.filter((p) => p.server?.stop).map((p) => Promise.resolve().then(() => p.server!.stop!.call(p.server))),
    );
    await this.jobs.stop();
    await this.gateways.close();
    // Every program this portal started or last reloaded ends with it (issue 31 §14).
    await stopLocalPrograms(this.#baseDir, 'mine', this.#programs).catch((e: unknown) => this.deps.logger.error({ err: e }, 'stopping the local programs failed'));
  }
}

/** The operationId of a plugin's `POST …/<id>/apply` or `GET …/<id>/files` in the contract (added by the bundler for `x-apply`, `x-files`). */
function hostOperationOf(contract: Json, pluginId: string, what: 'apply' | 'files', method: 'get' | 'post'): string | undefined {
  return contract?.paths?.[`/api/v1/clusters/{clusterId}/servers/{serverId}/${pluginId}/${what}`]?.[method]?.operationId;
}

/** The success status of each operation (201/202 when that is the only 2xx it documents). */
function successStatuses(contract: Json): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of Object.values<Json>(contract?.paths ?? {}))
    for (const op of Object.values<Json>(item)) {
      if (!op?.operationId) continue;
      const codes = Object.keys(op.responses ?? {}).filter((s) => /^2\d\d$/.test(s)).map(Number);
      if (codes.length === 1 && codes[0] !== 200) out.set(op.operationId, codes[0]);
    }
  return out;
}

/** Demo data of the given plugins for the servers each applies to, one transaction per plugin and server. */
export async function seedPluginFixtures(em: EntityManager, plugins: readonly LoadedPlugin[], clock: AppDeps['clock']): Promise<void> {
  const servers = await em.find(Server, {}, { orderBy: { id: 'asc' }, populate: ['cluster.customer'] });
  for (const plugin of plugins) {
    const fixtures = plugin.server?.fixtures?.bind(plugin.server) as AnyServerPlugin['fixtures'];
    if (!fixtures || !plugin.manifest) continue;
    for (const server of servers.filter((s) => appliesTo(plugin.manifest!, s.services))) {
      const fork = em.fork();
      await fork.transactional((tx) => fixtures({ em: pluginDatabase(tx, plugin.id, plugin.server?.entities ?? []), server: serverOf(server), clock }));
    }
  }
}
