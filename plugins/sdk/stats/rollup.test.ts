import { bucketOf, combine, densify, pruneBefore, rangeWindow, rollup, rollupOfSample, type Figures } from './rollup.ts';
import { counterRates, share } from './rates.ts';

type F = 'load' | 'cpu' | 'memory' | 'memoryTotal';
const sample = (iso: string, over: Figures<F> = {}) =>
  rollupOfSample<F>(new Date(iso), { load: 1, cpu: 10, memory: 4, memoryTotal: 16, ...over });
const specs = { load: { digits: 3 }, cpu: { digits: 2 }, memory: {}, memoryTotal: {} };

describe('stats family: rollups', () => {
  it('R2.026 buckets are aligned to the epoch and a bucket includes its start but not its end', () => {
    expect(bucketOf(new Date('2026-11-22T12:00:59.999Z'), 60).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(bucketOf(new Date('2026-11-22T12:01:00.000Z'), 60).toISOString()).toBe('2026-11-22T12:01:00.000Z');
    expect(bucketOf(new Date('2026-11-22T12:09:59.999Z'), 600).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(bucketOf(new Date('2026-11-22T12:00:19.999Z'), 10).toISOString()).toBe('2026-11-22T12:00:10.000Z');
  });

  it('R2.026 a minute averages its six samples exactly and keeps their maximum', () => {
    const samples = [1, 2, 3, 4, 5, 6].map((v, i) =>
      sample(`2026-11-22T12:00:${String(i * 10).padStart(2, '0')}Z`, { cpu: v * 10, load: v }),
    );
    const [m] = rollup(samples, 60);
    expect(m.bucket.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(m.samples).toBe(6);
    expect(m.stats.cpu).toEqual({ avg: 35, max: 60, n: 6, last: 60 });
    expect(m.stats.load).toMatchObject({ avg: 3.5, max: 6 });
  });

  it('R2.026 samples on both sides of a minute boundary land in two minutes', () => {
    const minutes = rollup(
      [
        sample('2026-11-22T12:00:50Z', { load: 2 }),
        sample('2026-11-22T12:01:00Z', { load: 4 }),
        sample('2026-11-22T12:01:10Z', { load: 8 }),
      ],
      60,
    );
    expect(minutes.map((m) => [m.bucket.toISOString(), m.samples, m.stats.load?.avg, m.stats.load?.max])).toEqual([
      ['2026-11-22T12:00:00.000Z', 1, 2, 2],
      ['2026-11-22T12:01:00.000Z', 2, 6, 8],
    ]);
  });

  it('R2.026 ten minutes made of minutes weigh each minute by its samples, so they equal the average of the raw samples', () => {
    const raw = [
      ...[0, 10, 20, 30, 40, 50].map((s) => sample(`2026-11-22T12:00:${String(s).padStart(2, '0')}Z`, { load: 1 })),
      sample('2026-11-22T12:09:40Z', { load: 10 }),
      sample('2026-11-22T12:09:50Z', { load: 10 }),
    ];
    const viaMinutes = rollup(rollup(raw, 60), 600);
    expect(viaMinutes).toHaveLength(1);
    expect(viaMinutes[0].samples).toBe(8);
    expect(viaMinutes[0].stats.load).toMatchObject({ avg: 26 / 8, max: 10 });
    expect(viaMinutes[0]).toEqual(rollup(raw, 600)[0]);
  });

  it('R2.026 samples without a figure do not count into its average', () => {
    const r = combine(new Date('2026-11-22T12:00:00Z'), [
      sample('2026-11-22T12:00:00Z', { cpu: null }),
      sample('2026-11-22T12:00:10Z', { cpu: 40 }),
      sample('2026-11-22T12:00:20Z', { cpu: 20 }),
    ]);
    expect(r.samples).toBe(3);
    expect(r.stats.cpu).toEqual({ avg: 30, max: 40, n: 2, last: 20 });
    expect(combine(new Date('2026-11-22T12:00:00Z'), [sample('2026-11-22T12:00:00Z', { cpu: null })]).stats.cpu).toBeUndefined();
  });

  it('R2.026 capacities read as the newest part (a resized server shows its new size)', () => {
    const r = combine(new Date('2026-11-22T12:00:00Z'), [
      sample('2026-11-22T12:00:20Z', { memoryTotal: 32 }),
      sample('2026-11-22T12:00:10Z', { memoryTotal: 16 }),
    ]);
    expect(r.stats.memoryTotal?.last).toBe(32);
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

  it('R2.026 a dense series has a slot per bucket, null where nothing was measured, rounded per figure, and ignores rows outside the window', () => {
    const window = { start: new Date('2026-11-22T12:00:00Z'), resolutionSeconds: 60, buckets: 5 };
    const rows = [
      sample('2026-11-22T12:01:00Z', { load: 1.23456, cpu: 12.345 }),
      sample('2026-11-22T12:03:00Z', { load: 2, memoryTotal: 8, cpu: null }),
      sample('2026-11-22T11:59:00Z', { load: 99 }),
      sample('2026-11-22T12:05:00Z', { load: 99 }),
    ];
    const s = densify(window, rows, specs);
    expect(s.avg.load).toEqual([null, 1.235, null, 2, null]);
    expect(s.avg.cpu).toEqual([null, 12.35, null, null, null]);
    expect(s.filled).toBe(2);
    expect(s.last.memoryTotal).toBe(8);
    expect(s.end.toISOString()).toBe('2026-11-22T12:04:00.000Z');
    expect(densify(window, [], specs).filled).toBe(0);
    expect(densify(window, [], specs).last.memoryTotal).toBeNull();
  });

  it('R2.026 retention keeps a bit more than each range', () => {
    const before = pruneBefore(new Date('2026-11-22T12:00:00Z'));
    expect(before.raw.toISOString()).toBe('2026-11-22T10:55:00.000Z');
    expect(before.minute.toISOString()).toBe('2026-11-21T11:30:00.000Z');
    expect(before.tenMinutes.toISOString()).toBe('2026-11-15T09:00:00.000Z');
  });
});

describe('stats family: rates', () => {
  it('R2.026 turns two counter readings into per-second rates', () => {
    const a = { atMs: 0, values: { busy: 100, total: 1000, rx: 0 } };
    const b = { atMs: 2000, values: { busy: 350, total: 2000, rx: 4000 } };
    const r = counterRates(a, b, ['busy', 'total', 'rx']);
    expect(r).toEqual({ busy: 125, total: 500, rx: 2000 });
    expect(share(r.busy, r.total)).toBe(25);
  });

  it('R2.026 gives no rate without an earlier reading, after a counter went back (restart), without the counter or without time', () => {
    const b = { atMs: 2000, values: { hits: 350 } };
    expect(counterRates(undefined, b, ['hits'])).toEqual({ hits: null });
    expect(counterRates({ atMs: 0, values: { hits: 9000 } }, b, ['hits'])).toEqual({ hits: null });
    expect(counterRates({ atMs: 0, values: {} }, b, ['hits'])).toEqual({ hits: null });
    expect(counterRates({ atMs: 2000, values: { hits: 1 } }, b, ['hits'])).toEqual({ hits: null });
    expect([share(null, 5), share(1, 0), share(7, 5)]).toEqual([null, null, 100]);
  });
});
