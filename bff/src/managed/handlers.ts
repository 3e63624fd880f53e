import { Conflict, NotFound, Unavailable } from '@portal/core/platform';
import { defineHandlers } from '../openapi/handlers.ts';
import { pagination } from '../presenters/cluster.ts';
import { betaRegistered, isBeta } from './access.ts';
import type { ManagedCenter } from './center.ts';
import { ManagedChange, ManagedJob, type ConnectionView } from '@portal/core/managed';
import { presentChange, presentJob } from './present.ts';

const RECENT_CHANGES = 5;

const presentConnection = ({ serverId: _serverId, ...view }: ConnectionView) => view;

/** The platform operations of the Managed Center (contract: openapi/src/paths/managed.yaml). */
export const managedPlatformHandlers = (center: ManagedCenter) =>
  defineHandlers({
    getManagedServer: async (c) => {
      const { cluster, server, servers } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      return {
        cluster: { id: cluster.id, number: cluster.number, name: cluster.name },
        server: { id: server.id, name: server.name, role: server.role, ipv4: server.ipv4 ?? null, services: [...server.services] },
        servers: servers.map((s) => ({ id: s.id, name: s.name, role: s.role })),
        // A beta module is listed for every customer, so the web app can say why its section is closed (§8).
        sections: center.sectionsFor(server.services).map((p) => ({
          id: p.id,
          titleKey: p.manifest!.titleKey,
          icon: p.manifest!.icon,
          order: p.manifest!.nav.order,
          stage: isBeta(p) ? ('beta' as const) : ('stable' as const),
          status: isBeta(p) && !betaRegistered(cluster) ? ('beta_not_registered' as const) : p.status,
        })),
        gateway: center.gateway(server.id).kind,
      };
    },

    getManagedDashboard: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      const gw = center.gateway(server.id);
      const sections = center.sectionsFor(server.services);
      const [metrics, services, changes] = await Promise.all([
        gw.metrics(),
        Promise.all(
          server.services.map(async (id) => {
            const pluginId = sections.find((p) => p.manifest!.services !== 'all' && p.manifest!.services.includes(id))?.id ?? null;
            const status = await gw.service(id).status();
            const state = status.state === 'unknown' && pluginId ? ('managed' as const) : status.state;
            return { id, pluginId, state };
          }),
        ),
        c.em.find(ManagedChange, { server: server.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: RECENT_CHANGES, populate: ['user'] }),
      ]);
      return { services, metrics, recentChanges: changes.map(presentChange) };
    },

    getServerMetrics: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      return center.gateway(server.id).metrics();
    },

    listManagedChanges: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      const page = c.query.page ?? 1;
      const perPage = c.query.per_page ?? 25;
      const where = { server: server.id, ...(c.query.plugin ? { pluginId: c.query.plugin } : {}) };
      const [items, total] = await c.em.findAndCount(ManagedChange, where, {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: perPage,
        offset: (page - 1) * perPage,
        populate: ['user'],
      });
      return { data: items.map(presentChange), meta: pagination(page, perPage, total) };
    },

    getManagedJob: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      const job = await c.em.findOne(ManagedJob, { id: c.params.jobId, server: server.id });
      if (!job) throw NotFound('errors.managed_job_not_found');
      return presentJob(job);
    },

    rollBackManagedPlugin: async (c) => {
      const plugin = center.plugin(c.params.pluginId);
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId, { beta: !!plugin && isBeta(plugin) });
      if (!plugin || (plugin.manifest && !center.sectionsFor(server.services).includes(plugin))) throw NotFound('errors.managed_plugin_not_found');
      if (plugin.status === 'degraded') throw Unavailable('errors.plugin_unavailable');
      const job = await center.jobs.rollBack(plugin, server.id, c.user.id);
      c.koa.status = 202;
      return presentJob(job);
    },

    overwriteManagedDrift: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      const plugin = center.plugin(c.params.pluginId);
      if (!plugin || (plugin.manifest && !center.sectionsFor(server.services).includes(plugin))) throw NotFound('errors.managed_plugin_not_found');
      if (plugin.status === 'degraded') throw Unavailable('errors.plugin_unavailable');
      const job = await center.jobs.overwriteDrift(plugin, server.id, c.user.id, c.params.jobId);
      c.koa.status = 202;
      return presentJob(job);
    },

    keepManagedDrift: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      const plugin = center.plugin(c.params.pluginId);
      if (!plugin || (plugin.manifest && !center.sectionsFor(server.services).includes(plugin))) throw NotFound('errors.managed_plugin_not_found');
      if (plugin.status === 'degraded') throw Unavailable('errors.plugin_unavailable');
      return presentChange(await center.jobs.keepServerVersion(plugin, server.id, c.user.id, c.params.jobId));
    },

    // The server's connection (issue 28): cluster administrators only, like every operation here (authorize).
    getManagedConnection: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      return presentConnection(await center.gateways.view(server.id));
    },

    updateManagedConnection: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      const b = c.body;
      return presentConnection(await center.gateways.configure(server.id, { gateway: b.override, host: b.host, port: b.port, username: b.username }));
    },

    generateManagedConnectionKey: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      return presentConnection(await center.gateways.generateKey(server.id));
    },

    testManagedConnection: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      const outcome = await center.gateways.test(server.id);
      return { ...outcome, connection: presentConnection(await center.gateways.view(server.id)) };
    },

    confirmManagedConnectionHostKey: async (c) => {
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId);
      if (!(await center.gateways.confirmHostKey(server.id, c.body.fingerprint))) throw Conflict('errors.managed_host_key_mismatch');
      return presentConnection(await center.gateways.view(server.id));
    },

    retryManagedPlugin: async (c) => {
      const plugin = center.plugin(c.params.pluginId);
      const { server } = await center.authorize(c as never, c.params.clusterId, c.params.serverId, { beta: !!plugin && isBeta(plugin) });
      if (!plugin || (plugin.manifest && !center.sectionsFor(server.services).includes(plugin))) throw NotFound('errors.managed_plugin_not_found');
      if (plugin.status === 'degraded') throw Unavailable('errors.plugin_unavailable');
      const job = await center.jobs.retry(plugin, server.id, c.user.id);
      c.koa.status = 202;
      return presentJob(job);
    },
  });
