/**
 * Monitoring of a server, a member of the stats family: live figures while someone watches (see
 * `sampler.ts`), the stored history of 1 h / 24 h / 7 d (see `stats.ts`) and the state of its
 * services. Read-only: it never changes the server, so there is nothing to apply or roll back.
 */
import { defineServerPlugin, serviceStates, unavailable } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { demoHistory, hasDemoHistory } from './demo.ts';
import { Migration20261122144000Monitoring } from './migrations/Migration20261122144000Monitoring.ts';
import { Migration20261201120000MonitoringStats } from './migrations/Migration20261201120000MonitoringStats.ts';
import { Sampler, stopAllSamplers } from './sampler.ts';
import { MonitoringStats, monitoringStats, presentSeries } from './stats.ts';

export default defineServerPlugin<Operations>({
  entities: [MonitoringStats],
  migrations: [Migration20261122144000Monitoring, Migration20261201120000MonitoringStats],
  handlers: (ports) => {
    const sampler = new Sampler({ ports });
    return {
      getMonitoringMetrics: async (c) => {
        const range = c.query.range ?? '1h';
        return presentSeries(range, await monitoringStats.read(c.em, c.server.id, range, ports.clock.now()));
      },
      watchMonitoring: async (c) => {
        try {
          const sample = await sampler.watch(c.server.id);
          return { intervalSeconds: sampler.intervalMs / 1000, leaseSeconds: sampler.leaseMs / 1000, sample };
        } catch (e) {
          ports.logger.warn({ err: e, serverId: c.server.id }, 'monitoring: measuring failed');
          throw unavailable('monitoring:errors.measure_failed');
        }
      },
      listMonitoringServices: async (c) => {
        const data = await serviceStates(ports.gateway(c.server.id), c.server.services);
        return { data, checkedAt: ports.clock.now().toISOString() };
      },
    };
  },
  // Sampling runs only while someone watches (a lease per server); the dispose hook ends the leases at shutdown.
  stop: () => stopAllSamplers(),
  // A week of history that ends at the clock's now: seeded for each test portal at its own clock.
  fixturesFollowClock: true,
  fixtures: async ({ em, server, clock }) => {
    if (hasDemoHistory(server)) await monitoringStats.replace(em, server.id, demoHistory(server, clock.now()));
  },
});
