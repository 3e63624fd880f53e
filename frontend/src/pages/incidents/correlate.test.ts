import { buildTimeline, detectThresholdAlerts, likelyCause, rollbackTargets, type ManagedChangeView, type MonitoringSeries } from './correlate';

/** Seeded samples: an hour of 10-second buckets from 13:00 UTC, CPU at 20 % with a given spike. */
function series(spike: { from: string; to: string; cpu: number } | undefined, extra: Partial<MonitoringSeries> = {}): MonitoringSeries {
  const start = Date.parse('2026-11-24T13:00:00Z');
  const n = 360;
  const at = (i: number) => start + i * 10_000;
  const cpu = Array.from({ length: n }, (_, i) => (spike && at(i) >= Date.parse(spike.from) && at(i) <= Date.parse(spike.to) ? spike.cpu : 20));
  const flat = (v: number | null) => ({ avg: Array<number | null>(n).fill(v), max: Array<number | null>(n).fill(v) });
  return {
    range: '1h',
    resolutionSeconds: 10,
    start: new Date(start).toISOString(),
    end: new Date(at(n - 1)).toISOString(),
    cpuCount: 8,
    memoryTotalBytes: 16e9,
    diskTotalBytes: 100e9,
    filled: n,
    cpu: { avg: cpu, max: cpu },
    load: flat(1.2),
    memory: flat(8e9),
    disk: flat(41e9),
    networkRx: flat(1e6),
    networkTx: flat(1e6),
    ...extra,
  };
}

let nextId = 1;
const change = (createdAt: string, extra: Partial<ManagedChangeView> = {}): ManagedChangeView => ({
  id: nextId++,
  pluginId: 'nginx',
  serverId: 2,
  kind: 'apply',
  summary: { key: 'nginx:changes.vhostUpdated', values: { name: 'shop.example' } },
  user: { id: 2, name: 'Jonas Weber' },
  status: 'applied',
  version: 3,
  diff: '--- a/site.conf\n+++ b/site.conf\n-gzip on;\n+gzip off;\n',
  validation: null,
  jobId: 7,
  createdAt,
  ...extra,
});

describe('incident timeline', () => {
  it('a run of buckets over a threshold is one alert with its peak; memory and disk as shares of the total', () => {
    const alerts = detectThresholdAlerts(series({ from: '2026-11-24T13:32:00Z', to: '2026-11-24T13:34:00Z', cpu: 95 }, { memory: { avg: [], max: Array(360).fill(15.2e9) } }));
    expect(alerts.map((a) => [a.metric, a.from.toISOString(), a.to.toISOString(), Math.round(a.peak), a.limit])).toEqual([
      ['cpu', '2026-11-24T13:32:00.000Z', '2026-11-24T13:34:00.000Z', 95, 80],
      ['memory', '2026-11-24T13:00:00.000Z', '2026-11-24T13:59:50.000Z', 95, 90],
    ]);
    expect(detectThresholdAlerts(series(undefined))).toEqual([]);
  });

  it('the spike sits next to the change made two minutes before it, by its author; older changes are no cause', () => {
    const nginxChange = change('2026-11-24T13:30:00Z');
    const older = change('2026-11-24T12:40:00Z', { pluginId: 'cronjobs' });
    const timeline = buildTimeline([nginxChange, older], series({ from: '2026-11-24T13:32:00Z', to: '2026-11-24T13:34:00Z', cpu: 95 }), {
      from: new Date('2026-11-24T13:00:00Z'),
      to: new Date('2026-11-24T14:00:00Z'),
    });
    expect(timeline.map((e) => e.kind)).toEqual(['alert', 'change']);
    const [alert] = timeline;
    expect(alert.kind === 'alert' && alert.cause).toEqual({ change: nginxChange, minutesAfter: 2 });
    const lonely = detectThresholdAlerts(series({ from: '2026-11-24T13:20:00Z', to: '2026-11-24T13:21:00Z', cpu: 99 }))[0];
    expect(likelyCause(lonely, [older])).toBeUndefined();
  });

  it('only the newest applied change of a section can be rolled back', () => {
    const a = change('2026-11-24T13:00:00Z');
    const b = change('2026-11-24T13:10:00Z');
    const failed = change('2026-11-24T13:20:00Z', { status: 'failed' });
    const cron = change('2026-11-24T13:05:00Z', { pluginId: 'cronjobs' });
    expect([...rollbackTargets([a, b, cron])].sort()).toEqual([b.id, cron.id].sort());
    // After a failed apply the server still runs b's version: b can be rolled back, the failed change cannot.
    expect([...rollbackTargets([a, b, failed])]).toEqual([b.id]);
  });
});
