/**
 * What `rabbitmq` measures of `rabbitmq`, as a source of the stats family: its processes as `ps` on the
 * server sees them (`ps -C beam.smp -o rss=,times=`: how many, their resident memory, their CPU time),
 * through the gateway — on the server, never on the portal's machine. The family turns the CPU time (a
 * counter) into a rate, stores every figure and publishes the sample.
 *
 * Replace it with what the service itself reports (redis `INFO`, memcached `stats`, mysql `SHOW GLOBAL STATUS`,
 * php-fpm's status page): a figure is a name in `figures` below, a property in openapi.yaml
 * (`RabbitmqFigures`, `RabbitmqSeriesFigures`) and a label in i18n.
 */
import { roundTo, type StatsSource } from '@portal/plugin-sdk/server';

/** The service's process name as `ps -C` matches it (redis: `redis-server`, mysql: `mysqld`). */
export const processName = 'beam.smp';

/** What is stored per sample, with its decimal places. */
export const figures = { processes: {}, memoryBytes: {}, cpuPercent: { digits: 1 } };
export type Figure = keyof typeof figures;
export type Gauge = 'processes' | 'memoryBytes';
export type Counter = 'cpuSeconds';

/** `ps -o rss=,times=` lines (resident KiB, CPU seconds) → how many processes, their memory in bytes, their CPU seconds. */
export function parsePs(stdout: string): { processes: number; memoryBytes: number; cpuSeconds: number } {
  const rows = stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((f) => f.length === 2 && f.every(Number.isFinite));
  return {
    processes: rows.length,
    memoryBytes: rows.reduce((sum, [rss]) => sum + rss! * 1024, 0),
    cpuSeconds: rows.reduce((sum, [, seconds]) => sum + seconds!, 0),
  };
}

export const source: Omit<StatsSource<Gauge, Counter, Figure, unknown>, 'present'> = {
  counters: ['cpuSeconds'],
  async read(gateway) {
    const r = await gateway.run({ tool: 'ps', args: ['-C', processName, '-o', 'rss=,times='], timeoutMs: 3000 });
    // Exit 1 without a word: no process has the name, the service does not run. Anything else: ps cannot tell.
    const none = r.exitCode === 1 && !r.stdout.trim() && !r.stderr.trim();
    if (r.exitCode !== 0 && !none) return { gauges: {} };
    const p = parsePs(r.stdout);
    return { gauges: { processes: p.processes, memoryBytes: p.memoryBytes }, counters: { cpuSeconds: p.cpuSeconds } };
  },
  figures: (g, rates) => ({
    processes: g.processes ?? null,
    memoryBytes: g.memoryBytes ?? null,
    cpuPercent: roundTo(rates.cpuSeconds === null ? null : rates.cpuSeconds * 100, 1),
  }),
};
