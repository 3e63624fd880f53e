/**
 * Monitoring of a server: live figures while someone watches (see `sampler.ts`), the stored history
 * of 1 h / 24 h / 7 d (see `store.ts`, `rollup.ts`) and the state of its services. Read-only: it
 * never changes the server, so there is nothing to apply or roll back.
 */
import { defineServerPlugin, unavailable } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { demoHistory, hasDemoHistory } from './demo.ts';
import { MonitoringMinuteRollup, MonitoringTenMinuteRollup } from './MonitoringRollup.ts';
import { MonitoringSample } from './MonitoringSample.ts';
import { Migration20261122144000Monitoring } from './migrations/Migration20261122144000Monitoring.ts';
import type { DenseSeries, RangeId } from './rollup.ts';
import { Sampler, stopAllSamplers } from './sampler.ts';
import { serviceStates } from './services.ts';
import { readSeries, replaceHistory } from './store.ts';

const presentSeries = (range: RangeId, s: DenseSeries) => ({
  range,
  resolutionSeconds: s.resolutionSeconds as 10 | 60 | 600,
  start: s.start.toISOString(),
  end: new Date(s.start.getTime() + (s.cpuAvg.length - 1) * s.resolutionSeconds * 1000).toISOString(),
  cpuCount: s.cpuCount,
  memoryTotalBytes: s.memoryTotalBytes,
  diskTotalBytes: s.diskTotalBytes,
  filled: s.filled,
  cpu: { avg: s.cpuAvg, max: s.cpuMax },
  load: { avg: s.loadAvg, max: s.loadMax },
  memory: { avg: s.memoryAvg, max: s.memoryMax },
  disk: { avg: s.diskAvg, max: s.diskMax },
  networkRx: { avg: s.rxAvg, max: s.rxMax },
  networkTx: { avg: s.txAvg, max: s.txMax },
});

export default defineServerPlugin<Operations>({
  entities: [MonitoringSample, MonitoringMinuteRollup, MonitoringTenMinuteRollup],
  migrations: [Migration20261122144000Monitoring],
  handlers: (ports) => {
    const sampler = new Sampler({ ports });
    return {
      getMonitoringMetrics: async (c) => {
        const range = c.query.range ?? '1h';
        return presentSeries(range, await readSeries(c.em, c.server.id, range, ports.clock.now()));
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
  fixtures: async ({ em, server, clock }) => {
    if (hasDemoHistory(server)) await replaceHistory(em, server.id, demoHistory(server, clock.now()));
  },
});
