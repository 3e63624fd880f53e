/** Demo figures for the monitoring stories and component tests; `withMonitoring` is the SDK's story host for this plugin. */
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { rangeIds, type LiveSample, type RangeId, type Series } from './model.ts';

/** Wraps a story in the Managed Center's context (presentational panels make no requests). */
export const withMonitoring = storyHostFor('monitoring', { de, en });

const GiB = 1024 ** 3;
const now = Date.parse('2026-11-22T19:30:00Z');
const sizes: Record<RangeId, [resolution: 10 | 60 | 600, slots: number]> = { '1h': [10, 360], '24h': [60, 1440], '7d': [600, 1008] };

/** A web server's figures over a range: busy in the evening, a gap where nobody watched (1 h). */
export function storySeries(
  range: RangeId,
  options: { gapFrom?: number; gapTo?: number; noNetwork?: boolean; empty?: boolean } = {},
): Series {
  const [res, n] = sizes[range];
  const start = Math.floor(now / (res * 1000)) * res * 1000 - (n - 1) * res * 1000;
  const pick = (f: (t: number, i: number) => number | null) =>
    Array.from({ length: n }, (_, i) => {
      if (options.empty || (options.gapFrom !== undefined && i >= options.gapFrom && i < (options.gapTo ?? n))) return null;
      return f(start + i * res * 1000, i);
    });
  const activity = (t: number) => {
    const hour = (((t / 3_600_000 + 1) % 24) + 24) % 24;
    const from = (center: number) => Math.min(Math.abs(hour - center), 24 - Math.abs(hour - center));
    return 0.08 + Math.exp(-((from(20.5) / 2.6) ** 2)) + 0.5 * Math.exp(-((from(12.5) / 2.2) ** 2));
  };
  const wiggle = (i: number, k: number) => Math.sin(i * 0.7 + k) * 0.5 + Math.sin(i * 0.13 + k * 2) * 0.5;
  const cpu = (t: number, i: number) => Math.max(1, Math.min(100, 7 + 45 * activity(t) + 4 * wiggle(i, 1)));
  const pair = (f: (t: number, i: number) => number, spike = 1.2) => ({
    avg: pick((t, i) => Math.round(f(t, i) * 100) / 100),
    max: pick((t, i) => Math.round(f(t, i) * spike * 100) / 100),
  });
  const filled = options.empty ? 0 : n - (options.gapFrom !== undefined ? (options.gapTo ?? n) - options.gapFrom : 0);
  return {
    range,
    resolutionSeconds: res,
    start: new Date(start).toISOString(),
    end: new Date(start + (n - 1) * res * 1000).toISOString(),
    cpuCount: options.empty ? null : 8,
    memoryTotalBytes: options.empty ? null : 16 * GiB,
    diskTotalBytes: options.empty ? null : 100e9,
    filled,
    cpu: pair(cpu),
    load: pair((t, i) => (cpu(t, i) / 100) * 8 * 1.05),
    memory: pair((t, i) => 16 * GiB * (0.5 + 0.18 * activity(t) + 0.01 * wiggle(i, 2)), 1.02),
    disk: pair((t) => 41e9 + ((t - (now - 7 * 86_400_000)) / 86_400_000) * 0.2e9, 1),
    networkRx: options.noNetwork
      ? { avg: pick(() => null), max: pick(() => null) }
      : pair((t, i) => 1.8e6 * activity(t) * (1 + 0.2 * wiggle(i, 3))),
    networkTx: options.noNetwork
      ? { avg: pick(() => null), max: pick(() => null) }
      : pair((t, i) => 9.5e6 * activity(t) * (1 + 0.2 * wiggle(i, 4))),
  };
}

export const storySample: LiveSample = {
  at: new Date(now).toISOString(),
  cpuPercent: 37.4,
  load: [3.12, 2.87, 2.41],
  cpuCount: 8,
  memory: { usedBytes: 10.6 * GiB, totalBytes: 16 * GiB },
  disk: { usedBytes: 42.3e9, totalBytes: 100e9 },
  network: { rxBytesPerSecond: 1_640_000, txBytesPerSecond: 8_910_000 },
  uptimeSeconds: 38 * 86400 + 5 * 3600 + 120,
};

export { rangeIds };
