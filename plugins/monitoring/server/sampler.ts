/**
 * What monitoring samples, as a source of the stats family: the gateway's figures (load, memory,
 * disk, uptime) and the CPU and network counters of `/proc` (see `counters.ts`). The family measures a
 * server only while someone watches (a lease renewed by the live panel), stores each sample (raw +
 * rollups) and publishes it as `monitoring.sample` to room `server:<id>`.
 */
import { bucketOf, RAW_SECONDS, roundTo, share, StatsSampler, type StatsSamplerOptions, type StatsSource } from '@portal/plugin-sdk/server';
import type { MonitoringEvents } from '../shared/events.ts';
import { readCounters } from './counters.ts';
import { monitoringStats, type Figure } from './stats.ts';

/** The payload of `monitoring.sample` (declared once, in `shared/events.ts`). */
export type LiveSample = MonitoringEvents['sample'];
type Gauge = 'load1' | 'load5' | 'load15' | 'cpuCount' | 'memoryUsed' | 'memoryTotal' | 'diskUsed' | 'diskTotal' | 'uptime';
type Counter = 'cpuBusy' | 'cpuTotal' | 'rx' | 'tx';

const zero = (v: number | null | undefined) => v ?? 0;

export const monitoringSource: StatsSource<Gauge, Counter, Figure, LiveSample> = {
  counters: ['cpuBusy', 'cpuTotal', 'rx', 'tx'],
  async read(gateway) {
    // The figures first: on `local` they also create the server's sandbox, which `run` needs as its directory.
    const m = await gateway.metrics();
    const c = await readCounters(gateway, () => 0);
    return {
      gauges: {
        load1: m.load[0],
        load5: m.load[1],
        load15: m.load[2],
        cpuCount: m.cpuCount,
        memoryUsed: m.memory.usedBytes,
        memoryTotal: m.memory.totalBytes,
        diskUsed: m.disk.usedBytes,
        diskTotal: m.disk.totalBytes,
        uptime: m.uptimeSeconds,
      },
      counters: { ...(c.cpu && { cpuBusy: c.cpu.busy, cpuTotal: c.cpu.total }), ...(c.net && { rx: c.net.rx, tx: c.net.tx }) },
    };
  },
  figures: (g, r) => {
    const network = r.rx !== null && r.tx !== null;
    return {
      cpu: roundTo(share(r.cpuBusy, r.cpuTotal), 1),
      load1: roundTo(zero(g.load1), 2),
      load5: roundTo(zero(g.load5), 2),
      load15: roundTo(zero(g.load15), 2),
      cpuCount: zero(g.cpuCount),
      memoryUsed: zero(g.memoryUsed),
      memoryTotal: zero(g.memoryTotal),
      diskUsed: zero(g.diskUsed),
      diskTotal: zero(g.diskTotal),
      rx: network ? roundTo(r.rx, 0) : null,
      tx: network ? roundTo(r.tx, 0) : null,
    };
  },
  present: ({ at, gauges, figures: f }) => ({
    at: bucketOf(at, RAW_SECONDS).toISOString(),
    cpuPercent: f.cpu ?? null,
    load: [zero(f.load1), zero(f.load5), zero(f.load15)],
    cpuCount: zero(f.cpuCount),
    memory: { usedBytes: zero(f.memoryUsed), totalBytes: zero(f.memoryTotal) },
    disk: { usedBytes: zero(f.diskUsed), totalBytes: zero(f.diskTotal) },
    network: f.rx != null && f.tx != null ? { rxBytesPerSecond: f.rx, txBytesPerSecond: f.tx } : null,
    uptimeSeconds: zero(gauges.uptime),
  }),
};

const samplers = new Set<Sampler>();

/** Stops every monitoring sampler of this process (the plugin's `stop` hook; tests). */
export function stopAllSamplers(): void {
  for (const s of samplers) s.stop();
}

/** Monitoring's sampler: the family's, with monitoring's source and history. */
export class Sampler extends StatsSampler<Gauge, Counter, Figure, LiveSample> {
  constructor(options: Omit<StatsSamplerOptions<Gauge, Counter, Figure, LiveSample>, 'source' | 'store' | 'eventType'>) {
    super({ ...options, source: monitoringSource, store: monitoringStats, eventType: 'sample' satisfies keyof MonitoringEvents });
    samplers.add(this);
  }

  override stop(): void {
    super.stop();
    samplers.delete(this);
  }
}
