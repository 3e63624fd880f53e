import { lastSlot, nextRun } from './schedule.ts';

const at = (iso: string) => new Date(iso);

describe('backup schedules (UTC)', () => {
  it('hourly: the full hours', () => {
    expect(lastSlot('hourly', 3, at('2026-11-28T15:42:10Z'))?.toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(nextRun('hourly', 3, at('2026-11-28T15:42:10Z'))?.toISOString()).toBe('2026-11-28T16:00:00.000Z');
  });

  it('daily: the plan hour, today or tomorrow', () => {
    expect(nextRun('daily', 3, at('2026-11-28T02:59:00Z'))?.toISOString()).toBe('2026-11-28T03:00:00.000Z');
    expect(nextRun('daily', 3, at('2026-11-28T03:00:00Z'))?.toISOString()).toBe('2026-11-29T03:00:00.000Z');
    expect(lastSlot('daily', 3, at('2026-11-28T02:59:00Z'))?.toISOString()).toBe('2026-11-27T03:00:00.000Z');
  });

  it('weekly: Sundays at the plan hour', () => {
    // 2026-11-28 is a Saturday, 2026-11-29 a Sunday.
    expect(nextRun('weekly', 4, at('2026-11-28T10:00:00Z'))?.toISOString()).toBe('2026-11-29T04:00:00.000Z');
    expect(lastSlot('weekly', 4, at('2026-11-29T05:00:00Z'))?.toISOString()).toBe('2026-11-29T04:00:00.000Z');
    expect(lastSlot('weekly', 4, at('2026-11-29T03:00:00Z'))?.toISOString()).toBe('2026-11-22T04:00:00.000Z');
  });

  it('manual: never by itself', () => {
    expect(nextRun('manual', 3, at('2026-11-28T10:00:00Z'))).toBeNull();
  });
});
