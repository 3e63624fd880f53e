import { bucketOf, combine, densify, pruneBefore, rangeWindow, rollup, rollupOfSample, type Rollup, type Sample } from './rollup.ts';

const GiB = 1024 ** 3;

const sample = (iso: string, over: Partial<Sample> = {}): Sample => ({
  bucket: new Date(iso),
  cpuPercent: 10,
  load1: 1,
  load5: 1,
  load15: 1,
  cpuCount: 4,
  memoryUsedBytes: 4 * GiB,
  memoryTotalBytes: 16 * GiB,
  diskUsedBytes: 40e9,
  diskTotalBytes: 100e9,
  netRxBytesPerSecond: 1000,
  netTxBytesPerSecond: 2000,
  ...over,
});

describe('monitoring rollups', () => {
  it('R2.026 buckets are aligned to the epoch and a bucket includes its start but not its end', () => {
    expect(bucketOf(new Date('2026-11-22T12:00:59.999Z'), 60).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(bucketOf(new Date('2026-11-22T12:01:00.000Z'), 60).toISOString()).toBe('2026-11-22T12:01:00.000Z');
    expect(bucketOf(new Date('2026-11-22T12:09:59.999Z'), 600).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(bucketOf(new Date('2026-11-22T12:10:00.000Z'), 600).toISOString()).toBe('2026-11-22T12:10:00.000Z');
    expect(bucketOf(new Date('2026-11-22T12:00:19.999Z'), 10).toISOString()).toBe('2026-11-22T12:00:10.000Z');
  });

  it('R2.026 a minute averages its six samples exactly and keeps their maximum', () => {
    const samples = [1, 2, 3, 4, 5, 6].map((v, i) =>
      sample(`2026-11-22T12:00:${String(i * 10).padStart(2, '0')}Z`, {
        cpuPercent: v * 10,
        load1: v,
        memoryUsedBytes: v * GiB,
        netRxBytesPerSecond: v * 100,
        netTxBytesPerSecond: v * 1000,
      }),
    );
    const [m] = rollup(samples.map(rollupOfSample), 60);
    expect(m.bucket.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(m.samples).toBe(6);
    expect(m.cpuAvg).toBe(35);
    expect(m.cpuMax).toBe(60);
    expect(m.loadAvg).toBe(3.5);
    expect(m.loadMax).toBe(6);
    expect(m.memoryAvg).toBe(3.5 * GiB);
    expect(m.memoryMax).toBe(6 * GiB);
    expect(m.rxAvg).toBe(350);
    expect(m.txMax).toBe(6000);
  });

  it('R2.026 samples on both sides of a minute boundary land in two minutes', () => {
    const minutes = rollup(
      [
        sample('2026-11-22T12:00:50Z', { load1: 2 }),
        sample('2026-11-22T12:01:00Z', { load1: 4 }),
        sample('2026-11-22T12:01:10Z', { load1: 8 }),
      ].map(rollupOfSample),
      60,
    );
    expect(minutes.map((m) => [m.bucket.toISOString(), m.samples, m.loadAvg, m.loadMax])).toEqual([
      ['2026-11-22T12:00:00.000Z', 1, 2, 2],
      ['2026-11-22T12:01:00.000Z', 2, 6, 8],
    ]);
  });

  it('R2.026 ten minutes made of minutes weigh each minute by its samples, so they equal the average of the raw samples', () => {
    // Minute 12:00 has six samples of 1, minute 12:09 only two samples of 10 (someone started watching late).
    const raw = [
      ...[0, 10, 20, 30, 40, 50].map((s) => sample(`2026-11-22T12:00:${String(s).padStart(2, '0')}Z`, { load1: 1 })),
      sample('2026-11-22T12:09:40Z', { load1: 10 }),
      sample('2026-11-22T12:09:50Z', { load1: 10 }),
    ].map(rollupOfSample);
    const viaMinutes = rollup(rollup(raw, 60), 600);
    const direct = rollup(raw, 600);
    expect(viaMinutes).toHaveLength(1);
    expect(viaMinutes[0].samples).toBe(8);
    expect(viaMinutes[0].loadAvg).toBe(26 / 8);
    expect(viaMinutes[0].loadMax).toBe(10);
    expect(viaMinutes[0]).toEqual(direct[0]);
    // The unweighted mean of the two minutes (5.5) would be wrong.
    expect(viaMinutes[0].loadAvg).not.toBe(5.5);
  });

  it('R2.026 samples without CPU or network figures do not count into their averages', () => {
    const r = combine(new Date('2026-11-22T12:00:00Z'), [
      rollupOfSample(sample('2026-11-22T12:00:00Z', { cpuPercent: null, netRxBytesPerSecond: null, netTxBytesPerSecond: null })),
      rollupOfSample(sample('2026-11-22T12:00:10Z', { cpuPercent: 40, netRxBytesPerSecond: 500, netTxBytesPerSecond: 700 })),
      rollupOfSample(sample('2026-11-22T12:00:20Z', { cpuPercent: 20, netRxBytesPerSecond: 300, netTxBytesPerSecond: 100 })),
    ]);
    expect(r.samples).toBe(3);
    expect(r.cpuSamples).toBe(2);
    expect(r.cpuAvg).toBe(30);
    expect(r.netSamples).toBe(2);
    expect(r.rxAvg).toBe(400);
    expect(r.txMax).toBe(700);
    const none = combine(new Date('2026-11-22T12:00:00Z'), [
      rollupOfSample(sample('2026-11-22T12:00:00Z', { cpuPercent: null, netRxBytesPerSecond: null })),
    ]);
    expect([none.cpuAvg, none.cpuMax, none.rxAvg, none.txAvg]).toEqual([null, null, null, null]);
  });

  it('R2.026 capacities come from the newest part (a resized server shows its new size)', () => {
    const r = combine(new Date('2026-11-22T12:00:00Z'), [
      rollupOfSample(sample('2026-11-22T12:00:20Z', { memoryTotalBytes: 32 * GiB, cpuCount: 8 })),
      rollupOfSample(sample('2026-11-22T12:00:10Z', { memoryTotalBytes: 16 * GiB, cpuCount: 4 })),
    ]);
    expect(r.memoryTotal).toBe(32 * GiB);
    expect(r.cpuCount).toBe(8);
  });

  it('R2.026 a range window ends with the current bucket and has the documented number of buckets', () => {
    const now = new Date('2026-11-22T12:34:56.789Z');
    expect(rangeWindow('1h', now)).toEqual({
      start: new Date('2026-11-22T11:35:00.000Z'),
      end: new Date('2026-11-22T12:34:50.000Z'),
      resolutionSeconds: 10,
      buckets: 360,
    });
    expect(rangeWindow('24h', now)).toEqual({
      start: new Date('2026-11-21T12:35:00.000Z'),
      end: new Date('2026-11-22T12:34:00.000Z'),
      resolutionSeconds: 60,
      buckets: 1440,
    });
    expect(rangeWindow('7d', now)).toEqual({
      start: new Date('2026-11-15T12:40:00.000Z'),
      end: new Date('2026-11-22T12:30:00.000Z'),
      resolutionSeconds: 600,
      buckets: 1008,
    });
  });

  it('R2.026 a dense series has a slot per bucket, null where nothing was measured, and ignores rows outside the window', () => {
    const window = { start: new Date('2026-11-22T12:00:00Z'), resolutionSeconds: 60, buckets: 5 };
    const rows: Rollup[] = [
      rollupOfSample(sample('2026-11-22T12:01:00Z', { load1: 1.23456, cpuPercent: 12.345 })),
      rollupOfSample(sample('2026-11-22T12:03:00Z', { load1: 2, memoryTotalBytes: 8 * GiB })),
      rollupOfSample(sample('2026-11-22T11:59:00Z', { load1: 99 })),
      rollupOfSample(sample('2026-11-22T12:05:00Z', { load1: 99 })),
    ];
    const s = densify(window, rows);
    expect(s.loadAvg).toEqual([null, 1.235, null, 2, null]);
    expect(s.cpuAvg).toEqual([null, 12.35, null, 10, null]);
    expect(s.filled).toBe(2);
    expect(s.memoryTotalBytes).toBe(8 * GiB);
    expect(densify(window, []).filled).toBe(0);
    expect(densify(window, []).memoryTotalBytes).toBeNull();
  });

  it('R2.026 retention keeps a bit more than each range', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const before = pruneBefore(now);
    expect(before.raw.toISOString()).toBe('2026-11-22T10:55:00.000Z');
    expect(before.minute.toISOString()).toBe('2026-11-21T11:30:00.000Z');
    expect(before.tenMinutes.toISOString()).toBe('2026-11-15T09:00:00.000Z');
  });
});
