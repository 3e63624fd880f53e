import type { LiveSample, Series } from './model.ts';
import { mergeLive, slotTimes, summarize, tableRows } from './series.ts';

const GiB = 1024 ** 3;
const slots = <T>(n: number, v: T) => Array.from({ length: n }, () => v);

/** A 1 h series of 4 slots (shortened) starting 12:00:00. */
function series(over: Partial<Series> = {}): Series {
  const pair = (v: number | null) => ({ avg: slots(4, v), max: slots(4, v) });
  return {
    range: '1h',
    resolutionSeconds: 10,
    start: '2026-11-22T12:00:00.000Z',
    end: '2026-11-22T12:00:30.000Z',
    cpuCount: 4,
    memoryTotalBytes: 16 * GiB,
    diskTotalBytes: 100e9,
    filled: 0,
    cpu: pair(null),
    load: pair(null),
    memory: pair(null),
    disk: pair(null),
    networkRx: pair(null),
    networkTx: pair(null),
    ...over,
  };
}

const sample = (at: string, over: Partial<LiveSample> = {}): LiveSample => ({
  at,
  cpuPercent: 25,
  load: [1.5, 1, 0.5],
  cpuCount: 8,
  memory: { usedBytes: 6 * GiB, totalBytes: 32 * GiB },
  disk: { usedBytes: 40e9, totalBytes: 100e9 },
  network: { rxBytesPerSecond: 1000, txBytesPerSecond: 3000 },
  uptimeSeconds: 100,
  ...over,
});

describe('monitoring series in the browser', () => {
  it('R2.026 slot times step by the resolution from the start', () => {
    expect(slotTimes(series()).map((d) => d.toISOString().slice(11, 19))).toEqual(['12:00:00', '12:00:10', '12:00:20', '12:00:30']);
  });

  it('R2.026 a live sample inside the window fills its slot; capacities follow the newest sample', () => {
    const merged = mergeLive(series(), [sample('2026-11-22T12:00:20.000Z')]);
    expect(merged.cpu.avg).toEqual([null, null, 25, null]);
    expect(merged.load.max).toEqual([null, null, 1.5, null]);
    expect(merged.networkTx.avg).toEqual([null, null, 3000, null]);
    expect(merged.filled).toBe(1);
    expect(merged.memoryTotalBytes).toBe(32 * GiB);
    expect(merged.start).toBe('2026-11-22T12:00:00.000Z');
  });

  it('R2.026 a sample beyond the end moves the window on; old slots fall out', () => {
    const base = series({ load: { avg: [1, 2, 3, 4], max: [1, 2, 3, 4] }, filled: 4 });
    const merged = mergeLive(base, [sample('2026-11-22T12:00:50.000Z', { load: [9, 9, 9] })]);
    expect(merged.start).toBe('2026-11-22T12:00:20.000Z');
    expect(merged.end).toBe('2026-11-22T12:00:50.000Z');
    expect(merged.load.avg).toEqual([3, 4, null, 9]);
    expect(merged.filled).toBe(3);
    expect(base.load.avg).toEqual([1, 2, 3, 4]); // the query's data is not mutated
    const far = mergeLive(base, [sample('2026-11-22T13:30:00.000Z')]);
    expect(far.load.avg).toEqual([null, null, null, 1.5]);
  });

  it('R2.026 samples before the window are ignored; a coarser range is left as it is', () => {
    const merged = mergeLive(series(), [sample('2026-11-22T11:59:50.000Z')]);
    expect(merged.filled).toBe(0);
    const day = series({ range: '24h', resolutionSeconds: 60 });
    expect(mergeLive(day, [sample('2026-11-22T12:00:00.000Z')])).toBe(day);
  });

  it('R2.026 a sample without CPU or network figures leaves gaps there', () => {
    const merged = mergeLive(series(), [sample('2026-11-22T12:00:10.000Z', { cpuPercent: null, network: null })]);
    expect(merged.cpu.avg).toEqual([null, null, null, null]);
    expect(merged.networkRx.avg).toEqual([null, null, null, null]);
    expect(merged.load.avg[1]).toBe(1.5);
  });

  it('R2.026 the summary reads latest, average of the slots and highest maximum, skipping gaps', () => {
    expect(summarize({ avg: [null, 10, 20, null, 30], max: [null, 15, 50, null, 31] })).toEqual({
      latest: 30,
      average: 20,
      peak: 50,
      count: 3,
    });
    expect(summarize({ avg: [null], max: [null] })).toEqual({ latest: null, average: null, peak: null, count: 0 });
  });

  it('R2.026 the table lists slots with data, newest first', () => {
    const rows = tableRows(series({ load: { avg: [1, null, 3, null], max: [2, null, 4, null] }, filled: 2 }));
    expect(rows.map((r) => [r.at.toISOString().slice(11, 19), r.values.load])).toEqual([
      ['12:00:20', { avg: 3, max: 4 }],
      ['12:00:00', { avg: 1, max: 2 }],
    ]);
  });
});
