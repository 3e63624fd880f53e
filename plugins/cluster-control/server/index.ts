/**
 * Cluster control: the services of every server of a cluster with their state (the platform's program descriptors
 * through the gateway), and start, stop, restart, reload of one (`control.ts`), each recorded in the section's
 * history (`cluster_control_actions`) and the audit log. It writes no files: `programs: []`, and
 * `controlsPrograms` lets its gateway check, reload and stop every program of a server.
 */
import { defineServerPlugin, notFound, serviceStates, type ManagedServer, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { ClusterControlActionRow } from './Action.ts';
import { isDatabase, runAction } from './control.ts';
import { Migration20261128213000ClusterControl } from './migrations/Migration20261128213000ClusterControl.ts';

/** A server's services without this section itself (it is no process). */
const servicesOf = (server: ManagedServer) => server.services.filter((s) => s !== 'cluster-control');

const present = (r: ClusterControlActionRow) => ({
  id: r.id,
  serverId: r.serverId,
  serverName: r.serverName,
  service: r.service,
  action: r.action as 'start' | 'stop' | 'restart' | 'reload',
  outcome: r.outcome as 'succeeded' | 'refused' | 'failed',
  output: r.output,
  state: r.state as 'running' | 'stopped' | 'not_installed' | 'unknown',
  userEmail: r.userEmail,
  at: r.at.toISOString(),
});

export default defineServerPlugin<Operations>({
  entities: [ClusterControlActionRow],
  migrations: [Migration20261128213000ClusterControl],
  programs: [],
  controlsPrograms: true,
  handlers: (ports): PluginHandlers<Operations> => ({
    listClusterControlServers: async (c) => ({
      data: (await c.em.clusterServers(c.server.clusterId)).map((s) => ({ id: s.id, name: s.name, role: s.role, services: servicesOf(s) })),
    }),
    listClusterControlServices: async (c) => {
      const states = await serviceStates(ports.gateway(c.server.id), servicesOf(c.server));
      return { data: states.map((s) => ({ ...s, database: isDatabase(s.id) })), checkedAt: ports.clock.now().toISOString() };
    },
    runClusterControlAction: async (c) => {
      const service = c.params.service;
      if (!servicesOf(c.server).includes(service)) throw notFound();
      const action = c.body.action;
      const result = await runAction(ports.gateway(c.server.id).service(service), action);
      const row = c.em.create(ClusterControlActionRow, {
        clusterId: c.server.clusterId,
        serverId: c.server.id,
        serverName: c.server.name,
        service,
        action,
        ...result,
        userEmail: c.user.email,
        at: ports.clock.now(),
      });
      await c.em.flush();
      await ports.audit.record(c, `service.${action}`, {
        service,
        serverName: c.server.name,
        outcome: result.outcome,
        state: result.state,
      });
      ports.logger.info({ serverId: c.server.id, service, action, outcome: result.outcome }, 'cluster-control: service action');
      return present(row);
    },
    listClusterControlHistory: async (c) => {
      const rows = await c.em.find(ClusterControlActionRow, { clusterId: c.server.clusterId }, { orderBy: { id: 'desc' }, limit: 100 });
      return { data: rows.map(present) };
    },
  }),
});
