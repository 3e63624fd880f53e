/**
 * What a member of the web server family supplies — its dialect — and what the family builds from it: the
 * state store, the rules, the change log lines and the handlers of every resource (sites, redirects,
 * authentications, certificates, configuration, logs). A member's `server/index.ts` maps them to its
 * operationIds (`list<Pascal>Vhosts: family.vhosts.list`), so the compiler checks them against its contract.
 */
import type { ApplyContext, ChangeSummary, ConfigFile, ManagedServer, PluginDatabase, PluginPorts, ServerGateway } from '../../server.ts';
import { validationFailed } from '../../errors.ts';
import type { LineParser, LogKind } from '../shared/logs.ts';
import { certificatesOf, type DirectiveWhitelist } from '../shared/options.ts';
import { siteRules, type SiteRules } from '../shared/rules.ts';
import { describeChange, isWebServerState, type VhostState, type WebServerState } from '../shared/state.ts';
import { webServerEntities, type WebServerEntities } from './model.ts';
import { stateStore, type StateStore } from './store.ts';
import type { CertificateStatus } from './views.ts';

/** A lease of a live log tail (the stats part owns the watcher; the family only starts and stops it). */
export interface LogTailLease {
  tailId: string;
  expiresAt: Date;
}

/** The live tails of a member's logs, made once with its ports. */
export interface LogTailControl {
  start(serverId: number, vhostId: number, kind: LogKind, path: string, tailId?: string): Promise<LogTailLease>;
  stop(serverId: number, vhostId: number, kind: LogKind, tailId: string): void;
}

/** A web server's dialect: its syntax, whitelist, program and files. */
export interface WebServerDialect<D extends string = string, P extends string = string> {
  /** The plugin id: its table prefix and error namespace (`<id>:errors.*`). */
  pluginId: string;
  /** The service program whose state and check tool the status shows (`nginx`, `apache2`). */
  program: P;
  /** The additional directives a site may have (names, grammar, how many). */
  directives: DirectiveWhitelist<D>;
  /** The desired state rendered for a server (what the views compare with its files), with its certificates' statuses. */
  desiredFiles(gw: ServerGateway, customer: number, state: WebServerState): Promise<{ files: ConfigFile[]; certificates: Map<string, CertificateStatus> }>;
  /** The status of every certificate of the server's customer on the server. */
  certificateStatuses(gw: ServerGateway, customer: number): Promise<Map<string, CertificateStatus>>;
  /** Whether self-signed certificates can be created on this server. */
  canGenerateCertificates(gw: ServerGateway): Promise<boolean>;
  /** Where a site's access or error log is on the server. */
  logPath(vhost: Pick<VhostState, 'serverNames'>, kind: LogKind): string;
  /** Reads a line of its logs (access: the family's JSON format; error: its own). */
  parseLine: LineParser;
  /** Whether a rendering error means a stored value cannot be written safely ("apply now" answers 422). */
  isUnsafeValue(error: unknown): boolean;
  /** Its live log tails, made once when the handlers are built. */
  tails(ports: PluginPorts): LogTailControl;
}

/** What the family's handlers of one member share. */
export interface WebServerKit<D extends string = string, P extends string = string> {
  dialect: WebServerDialect<D, P>;
  entities: WebServerEntities;
  state: StateStore;
  rules: SiteRules;
  ports: PluginPorts;
  tails: LogTailControl;
  /** The ids of the certificates a site of this server may use: its customer's. */
  ownCertificates(server: ManagedServer): string[];
  /** Serialises the changes of one server (check and write), so two requests cannot both take a server name. */
  lock(em: PluginDatabase, serverId: number): Promise<void>;
}

/** The change log line of an apply: which sites were added, changed or removed. */
export function summaryOf(pluginId: string, before: WebServerState | null, after: WebServerState): ChangeSummary {
  const { added, changed, removed } = describeChange(before, after);
  const names = [...added, ...changed, ...removed];
  if (!names.length) return { key: `${pluginId}:changes.reapplied`, values: { domains: after.vhosts.length } };
  return {
    key: `${pluginId}:changes.applied`,
    values: { added: added.length, changed: changed.length, removed: removed.length, names: names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '') },
  };
}

/** The parts of a member's `defineServerPlugin` that are the family's. */
export interface WebServerFamily<D extends string, P extends string> {
  dialect: WebServerDialect<D, P>;
  entities: WebServerEntities;
  state: StateStore;
  rules: SiteRules;
  /** The kit the resource handlers share, once per plugin start. */
  kit(ports: PluginPorts): WebServerKit<D, P>;
  /** The change log line of "apply now": refuses a state that cannot be rendered safely. */
  applySummary(c: ApplyContext): Promise<ChangeSummary>;
}

/** The web server family for one dialect (nginx, apache). */
export function webServerFamily<D extends string, P extends string>(dialect: WebServerDialect<D, P>): WebServerFamily<D, P> {
  const entities = webServerEntities(dialect.pluginId);
  const state = stateStore(entities);
  const rules = siteRules(dialect.pluginId, dialect.directives);
  return {
    dialect,
    entities,
    state,
    rules,
    kit: (ports) => ({
      dialect,
      entities,
      state,
      rules,
      ports,
      tails: dialect.tails(ports),
      ownCertificates: (server) => certificatesOf(server.customer.number).map((c) => c.id),
      lock: (em, serverId) => em.lockServerState(serverId),
    }),
    async applySummary(c) {
      const current = await state.load(c.em, c.server.id);
      try {
        await dialect.desiredFiles(c.ports.gateway(c.server.id), c.server.customer.number, current);
      } catch (e) {
        if (dialect.isUnsafeValue(e)) throw validationFailed({ _: [`${dialect.pluginId}:errors.unsafe_value`] });
        throw e;
      }
      const last = await c.ports.jobs.lastApplied(c.server.id);
      return summaryOf(dialect.pluginId, isWebServerState(last?.snapshot) ? last.snapshot : null, current);
    },
  };
}
