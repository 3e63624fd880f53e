/**
 * The operations of the nginx section. Changes go to the desired state (PostgreSQL) after the
 * contract and the rules passed; `applyNginxConfig` renders and applies it as a job.
 */
import type { Schemas } from '@portal/openapi';
import { noContent, notFound, validationFailed, type ApplyContext, type ManagedServer, type ChangeSummary, type FieldErrors, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { certificatesOf } from '../shared/options.ts';
import { canGenerateCertificates, certificateStatuses } from './certificates.ts';
import { compareWithServer, desiredFiles, unifiedDiff } from './config.ts';
import { SEARCH_WINDOW, searchLog } from './logs.ts';
import { NginxAuthentication } from './NginxAuthentication.ts';
import { NginxRedirect } from './NginxRedirect.ts';
import { NginxVhost } from './NginxVhost.ts';
import { hashPassword } from './passwords.ts';
import { presentAuthentication, presentRedirect, presentVhost } from './present.ts';
import { logPath, UnsafeValueError } from './render.ts';
import { checkAuthentication, checkRedirect, checkVhost, normalizeVhost } from './rules.ts';
import { describeChange, isNginxState, loadState, type NginxState, type VhostState } from './state.ts';
import type { LogTails } from './tail.ts';

/** The ids of the certificates a domain of this server may use: its customer's. */
const ownCertificates = (server: ManagedServer): string[] => certificatesOf(server.customer.number).map((c) => c.id);

const refuse = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw validationFailed(errors);
};

/** Serialises the changes of one server (check and write), so two requests cannot both take a server name. */
const lockServer = (em: PluginDatabase, serverId: number) => em.lockServerState(serverId);

function vhostOf(state: NginxState, id: number): VhostState {
  const v = state.vhosts.find((x) => x.id === id);
  if (!v) throw notFound('nginx:errors.vhost_not_found');
  return v;
}

/** The change log line of an apply: which domains were added, changed or removed. */
function summaryOf(before: NginxState | null, after: NginxState): { key: string; values: Record<string, string | number> } {
  const { added, changed, removed } = describeChange(before, after);
  const names = [...added, ...changed, ...removed];
  if (!names.length) return { key: 'nginx:changes.reapplied', values: { domains: after.vhosts.length } };
  return {
    key: 'nginx:changes.applied',
    values: { added: added.length, changed: changed.length, removed: removed.length, names: names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '') },
  };
}

/** The change log line of "apply now" (`applyNginxConfig`, answered by the host): refuses a state that cannot be rendered safely. */
export async function applySummary(c: ApplyContext): Promise<ChangeSummary> {
  const state = await loadState(c.em, c.server.id);
  try {
    await desiredFiles(c.ports.gateway(c.server.id), c.server.customer.number, state);
  } catch (e) {
    if (e instanceof UnsafeValueError) throw validationFailed({ _: ['nginx:errors.unsafe_value'] });
    throw e;
  }
  const last = await c.ports.jobs.lastApplied(c.server.id);
  return summaryOf(isNginxState(last?.snapshot) ? last.snapshot : null, state);
}

export function nginxHandlers(ports: PluginPorts, tails: LogTails): PluginHandlers<Operations> {
  return handlersFor(ports, tails);
}

function handlersFor(ports: PluginPorts, tails: LogTails): PluginHandlers<Operations> {
  const gateway = (serverId: number) => ports.gateway(serverId);

  const vhostView = async (em: PluginDatabase, server: ManagedServer, id: number) => {
    const state = await loadState(em, server.id);
    return presentVhost(vhostOf(state, id), await certificateStatuses(gateway(server.id), server.customer.number));
  };

  return {
    async getNginxStatus(c) {
      const gw = gateway(c.server.id);
      const state = await loadState(c.em, c.server.id);
      const [{ files }, last, status, nginx, openssl] = await Promise.all([
        desiredFiles(gw, c.server.customer.number, state),
        ports.jobs.lastApplied(c.server.id),
        gw.service('nginx').status(),
        gw.hasTool('nginx'),
        canGenerateCertificates(gw),
      ]);
      const compared = await compareWithServer(gw, files, last);
      const changedFiles = compared.filter((f) => f.status !== 'unchanged').length;
      return {
        pending: changedFiles > 0,
        changedFiles,
        lastApplied: last ? { version: last.version, appliedAt: last.appliedAt.toISOString() } : null,
        service: { state: status.state, endpoint: status.endpoint ?? null },
        tools: { nginx: nginx.available, openssl },
        counts: {
          vhosts: state.vhosts.length,
          redirects: state.vhosts.reduce((n, v) => n + v.redirects.length, 0),
          authentications: state.vhosts.reduce((n, v) => n + v.authentications.length, 0),
        },
      };
    },

    async listNginxVhosts(c) {
      const [state, statuses] = await Promise.all([loadState(c.em, c.server.id), certificateStatuses(gateway(c.server.id), c.server.customer.number)]);
      return { data: state.vhosts.map((v) => presentVhost(v, statuses)) };
    },

    async getNginxVhost(c) {
      return vhostView(c.em, c.server, c.params.vhostId);
    },

    async createNginxVhost(c) {
      const input = normalizeVhost(c.body);
      const id = await c.em.transactional(async (tx) => {
        await lockServer(tx, c.server.id);
        refuse(checkVhost(input, (await loadState(tx, c.server.id)).vhosts, undefined, ownCertificates(c.server)));
        const now = ports.clock.now();
        const v = tx.create(NginxVhost, { ...input, serverId: c.server.id, createdAt: now, updatedAt: now });
        await tx.flush();
        return v.id;
      });
      return vhostView(c.em.fork(), c.server, id);
    },

    async updateNginxVhost(c) {
      const input = normalizeVhost(c.body);
      await c.em.transactional(async (tx) => {
        await lockServer(tx, c.server.id);
        const v = await tx.findOne(NginxVhost, { id: c.params.vhostId, serverId: c.server.id });
        if (!v) throw notFound('nginx:errors.vhost_not_found');
        refuse(checkVhost(input, (await loadState(tx, c.server.id)).vhosts, v.id, ownCertificates(c.server)));
        tx.assign(v, { ...input, updatedAt: ports.clock.now() });
      });
      return vhostView(c.em.fork(), c.server, c.params.vhostId);
    },

    async deleteNginxVhost(c) {
      await c.em.transactional(async (tx) => {
        const v = await tx.findOne(NginxVhost, { id: c.params.vhostId, serverId: c.server.id });
        if (!v) throw notFound('nginx:errors.vhost_not_found');
        await tx.nativeDelete(NginxRedirect, { vhost: v.id });
        await tx.nativeDelete(NginxAuthentication, { vhost: v.id });
        await tx.nativeDelete(NginxVhost, { id: v.id });
      });
      return noContent;
    },

    async listNginxRedirects(c) {
      const state = await loadState(c.em, c.server.id);
      const vhosts = c.query.vhostId ? state.vhosts.filter((v) => v.id === c.query.vhostId) : state.vhosts;
      return { data: vhosts.flatMap((v) => v.redirects.map((r) => presentRedirect(r, v))) };
    },

    async createNginxRedirect(c) {
      const id = await c.em.transactional(async (tx) => {
        await lockServer(tx, c.server.id);
        refuse(checkRedirect(c.body, (await loadState(tx, c.server.id)).vhosts));
        const now = ports.clock.now();
        const r = tx.create(NginxRedirect, { source: c.body.source, target: c.body.target, code: c.body.code, serverId: c.server.id, vhost: tx.getReference(NginxVhost, c.body.vhostId), createdAt: now, updatedAt: now });
        await tx.flush();
        return r.id;
      });
      return redirectView(c.em.fork(), c.server.id, id);
    },

    async updateNginxRedirect(c) {
      await c.em.transactional(async (tx) => {
        await lockServer(tx, c.server.id);
        const r = await tx.findOne(NginxRedirect, { id: c.params.redirectId, serverId: c.server.id });
        if (!r) throw notFound('nginx:errors.redirect_not_found');
        refuse(checkRedirect(c.body, (await loadState(tx, c.server.id)).vhosts, r.id));
        tx.assign(r, { source: c.body.source, target: c.body.target, code: c.body.code, vhost: tx.getReference(NginxVhost, c.body.vhostId), updatedAt: ports.clock.now() });
      });
      return redirectView(c.em.fork(), c.server.id, c.params.redirectId);
    },

    async deleteNginxRedirect(c) {
      const n = await c.em.nativeDelete(NginxRedirect, { id: c.params.redirectId, serverId: c.server.id });
      if (!n) throw notFound('nginx:errors.redirect_not_found');
      return noContent;
    },

    async listNginxAuthentications(c) {
      const state = await loadState(c.em, c.server.id);
      const vhosts = c.query.vhostId ? state.vhosts.filter((v) => v.id === c.query.vhostId) : state.vhosts;
      return { data: vhosts.flatMap((v) => v.authentications.map((a) => presentAuthentication(a, v))) };
    },

    async createNginxAuthentication(c) {
      const id = await c.em.transactional(async (tx) => {
        await lockServer(tx, c.server.id);
        refuse(checkAuthentication(c.body, (await loadState(tx, c.server.id)).vhosts));
        const now = ports.clock.now();
        const a = tx.create(NginxAuthentication, {
          serverId: c.server.id,
          vhost: tx.getReference(NginxVhost, c.body.vhostId),
          path: c.body.path,
          realm: c.body.realm,
          users: c.body.users.map((u) => ({ name: u.name, hash: hashPassword(u.password!) })),
          createdAt: now,
          updatedAt: now,
        });
        await tx.flush();
        return a.id;
      });
      return authenticationView(c.em.fork(), c.server.id, id);
    },

    async updateNginxAuthentication(c) {
      await c.em.transactional(async (tx) => {
        await lockServer(tx, c.server.id);
        const a = await tx.findOne(NginxAuthentication, { id: c.params.authenticationId, serverId: c.server.id });
        if (!a) throw notFound('nginx:errors.authentication_not_found');
        const known = new Map(a.users.map((u) => [u.name, u.hash]));
        refuse(checkAuthentication(c.body, (await loadState(tx, c.server.id)).vhosts, a.id, [...known.keys()]));
        tx.assign(a, {
          vhost: tx.getReference(NginxVhost, c.body.vhostId),
          path: c.body.path,
          realm: c.body.realm,
          users: c.body.users.map((u) => ({ name: u.name, hash: u.password ? hashPassword(u.password) : known.get(u.name)! })),
          updatedAt: ports.clock.now(),
        });
      });
      return authenticationView(c.em.fork(), c.server.id, c.params.authenticationId);
    },

    async deleteNginxAuthentication(c) {
      const n = await c.em.nativeDelete(NginxAuthentication, { id: c.params.authenticationId, serverId: c.server.id });
      if (!n) throw notFound('nginx:errors.authentication_not_found');
      return noContent;
    },

    async listNginxCertificates(c) {
      // Only the certificates of the server's own customer: another customer's would install its private key here.
      const statuses = await certificateStatuses(gateway(c.server.id), c.server.customer.number);
      return {
        data: certificatesOf(c.server.customer.number).map(({ customer: _owner, ...cert }) => ({ ...cert, altNames: [...cert.altNames], status: statuses.get(cert.id) ?? 'missing' })),
      };
    },

    async getNginxConfig(c) {
      const gw = gateway(c.server.id);
      const state = await loadState(c.em, c.server.id);
      const [{ files, certificates: statuses }, last] = await Promise.all([desiredFiles(gw, c.server.customer.number, state), ports.jobs.lastApplied(c.server.id)]);
      const compared = await compareWithServer(gw, files, last);
      const tlsNotices: Schemas['NginxConfigView']['tlsNotices'] = [];
      for (const v of state.vhosts) {
        const status = v.certificate ? statuses.get(v.certificate) : undefined;
        if (v.certificate && (status === 'missing' || status === 'will_generate')) tlsNotices.push({ vhostId: v.id, serverName: v.serverNames[0], certificate: v.certificate, status });
      }
      return {
        files: compared,
        diff: unifiedDiff(compared),
        pending: compared.some((f) => f.status !== 'unchanged'),
        lastApplied: last ? { version: last.version, appliedAt: last.appliedAt.toISOString() } : null,
        tlsNotices,
      };
    },

    async listNginxLogEntries(c) {
      const vhost = vhostOf(await loadState(c.em, c.server.id), c.params.vhostId);
      const lines = await gateway(c.server.id).tail(logPath(vhost, c.params.kind), SEARCH_WINDOW);
      const page = c.query.page ?? 1;
      const perPage = c.query.per_page ?? 25;
      const { data, total } = searchLog(c.params.kind, lines, c.query.search, page, perPage);
      return { data, meta: { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) } };
    },

    async startNginxLogTail(c) {
      const vhost = vhostOf(await loadState(c.em, c.server.id), c.params.vhostId);
      const lease = await tails.start(c.server.id, vhost.id, c.params.kind, logPath(vhost, c.params.kind), c.query.tailId);
      return { tailId: lease.tailId, expiresAt: lease.expiresAt.toISOString() };
    },

    async stopNginxLogTail(c) {
      vhostOf(await loadState(c.em, c.server.id), c.params.vhostId);
      tails.stop(c.server.id, c.params.vhostId, c.params.kind, c.params.tailId);
      return noContent;
    },
  };

  async function redirectView(em: PluginDatabase, serverId: number, id: number) {
    const state = await loadState(em, serverId);
    for (const v of state.vhosts) for (const r of v.redirects) if (r.id === id) return presentRedirect(r, v);
    throw notFound('nginx:errors.redirect_not_found');
  }

  async function authenticationView(em: PluginDatabase, serverId: number, id: number) {
    const state = await loadState(em, serverId);
    for (const v of state.vhosts) for (const a of v.authentications) if (a.id === id) return presentAuthentication(a, v);
    throw notFound('nginx:errors.authentication_not_found');
  }
}
