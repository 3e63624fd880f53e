import { dueReportSlot, lastReportSlot, nextReportSlot, reportScheduleErrors } from './schedule.ts';

const at = (iso: string) => new Date(iso);

describe('report schedules: slots in Europe/Berlin', () => {
  it('a daily slot is the hour of Berlin wall-clock time, in winter (UTC+1) and summer (UTC+2)', () => {
    const daily = { mode: 'daily', weekday: 1, hour: 3 } as const;
    expect(lastReportSlot(daily, at('2026-11-28T02:30:00Z'))).toEqual(at('2026-11-28T02:00:00Z'));
    expect(lastReportSlot(daily, at('2026-11-28T01:59:00Z'))).toEqual(at('2026-11-27T02:00:00Z'));
    expect(nextReportSlot(daily, at('2026-11-28T02:30:00Z'))).toEqual(at('2026-11-29T02:00:00Z'));
    expect(lastReportSlot(daily, at('2026-07-01T12:00:00Z'))).toEqual(at('2026-07-01T01:00:00Z'));
  });

  it('a weekly slot is on its ISO weekday (1 Monday … 7 Sunday); off has none', () => {
    const weekly = { mode: 'weekly', weekday: 1, hour: 6 } as const; // Mondays 06:00
    // Saturday 28.11.2026 → the Monday before (23.11.) and the next one (30.11.).
    expect(lastReportSlot(weekly, at('2026-11-28T12:00:00Z'))).toEqual(at('2026-11-23T05:00:00Z'));
    expect(nextReportSlot(weekly, at('2026-11-28T12:00:00Z'))).toEqual(at('2026-11-30T05:00:00Z'));
    expect(nextReportSlot({ mode: 'weekly', weekday: 6, hour: 23 }, at('2026-11-28T12:00:00Z'))).toEqual(at('2026-11-28T22:00:00Z'));
    expect(lastReportSlot({ mode: 'off', weekday: 1, hour: 3 }, at('2026-11-28T12:00:00Z'))).toBeNull();
  });

  it('a slot is due once, and not one from before the schedule was saved', () => {
    const s = { mode: 'daily', weekday: 1, hour: 3, updatedAt: at('2026-11-20T00:00:00Z') } as const;
    const now = at('2026-11-28T02:10:00Z');
    expect(dueReportSlot(s, [], now)).toEqual(at('2026-11-28T02:00:00Z'));
    expect(dueReportSlot(s, [{ startedAt: at('2026-11-28T02:01:00Z') }], now)).toBeNull();
    expect(dueReportSlot({ ...s, updatedAt: at('2026-11-28T02:05:00Z') }, [], now)).toBeNull();
  });

  it('refuses values out of range with field errors', () => {
    expect(reportScheduleErrors({ mode: 'weekly', weekday: 8, hour: 24 })).toEqual({ weekday: ['validation.range'], hour: ['validation.range'] });
    expect(reportScheduleErrors({ mode: 'daily', weekday: 1, hour: 0 })).toEqual({});
  });
});
