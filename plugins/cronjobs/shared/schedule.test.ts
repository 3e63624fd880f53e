import { checkSchedule, nextRuns, parseSchedule } from './schedule.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('cron schedules (R2.029)', () => {
  it.each([
    ['*/5 * * * *', '*/5 * * * *'],
    ['0 3 * * MON-FRI', '0 3 * * 1-5'],
    ['5 4 * * sun', '5 4 * * 0'],
    ['0 0 1 jan,jul *', '0 0 1 1,7 *'],
    ['  0   2  *  *  7 ', '0 2 * * 7'],
    ['1-30/7 0-23/2 1-31 1-12 0-7', '1-30/7 0-23/2 1-31 1-12 0-7'],
    ['@DAILY', '@daily'],
    ['@annually', '@annually'],
  ])('accepts %j and writes it as %j', (input, normalized) => {
    const r = parseSchedule(input);
    expect(r).toMatchObject({ ok: true, normalized });
  });

  it.each([
    ['* * * *', 'format'],
    ['* * * * * *', 'format'],
    ['0 0 L * *', 'format'],
    ['0 2 * * 0#2', 'format'],
    ['H * * * *', 'format'],
    ['? * * * *', 'format'],
    ['5/10 * * * *', 'format'],
    ['@reboot', 'format'],
    ['@every5m', 'format'],
    ['0 0 * * mon;reboot', 'format'],
    ['0 0 * * *\n* * * * *', 'format'],
    ['0 0 * * ${HOME}', 'format'],
    ['0 0 * * {1}', 'format'],
    ['mon * * * *', 'format'],
    ['61 * * * *', 'range'],
    ['0 24 * * *', 'range'],
    ['0 0 0 * *', 'range'],
    ['0 0 * 13 *', 'range'],
    ['0 0 * * 8', 'range'],
    ['30-10 * * * *', 'range'],
    ['*/0 * * * *', 'range'],
    ['*/99 * * * *', 'range'],
    ['100 * * * *', 'range'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(parseSchedule(input)).toMatchObject({ ok: false, problem });
  });

  it('R2.029 an impossible date never runs: 0 0 31 2 * and 0 0 30 2 * are refused as "never"', () => {
    expect(checkSchedule('0 0 31 2 *', now)).toEqual({ ok: false, problem: 'never' });
    expect(checkSchedule('0 0 30 2 *', now)).toEqual({ ok: false, problem: 'never' });
    expect(checkSchedule('0 0 31 4,6,9,11 *', now)).toEqual({ ok: false, problem: 'never' });
  });

  it('a rare but real date is fine: 29 February runs in 2028 (2032 is beyond the five years looked at)', () => {
    const r = checkSchedule('0 0 29 2 *', now, 2);
    expect(r.ok && r.nextRuns.map((d) => d.toISOString())).toEqual(['2028-02-28T23:00:00.000Z']);
  });

  it('computes the next five runs in the server time zone (Europe/Berlin), across the change to summer time', () => {
    const runs = nextRuns('30 2 * * *', new Date('2027-03-26T12:00:00Z'));
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2027-03-27T01:30:00.000Z', // 02:30 CET
      // 28 March 2027: 02:30 does not exist in Berlin; cron-parser moves to the next valid time
      expect.stringMatching(/^2027-03-28T0[01]:/),
      '2027-03-29T00:30:00.000Z', // 02:30 CEST
      '2027-03-30T00:30:00.000Z',
      '2027-03-31T00:30:00.000Z',
    ]);
  });

  it('day of month and day of week both restricted: runs when either matches (like cron)', () => {
    const runs = nextRuns('0 0 13 * 5', now, 3).map((d) => d.toISOString());
    // Friday 27 Nov 2026, Friday 4 Dec, Friday 11 Dec (13 Dec is a Sunday, comes after)
    expect(runs).toEqual(['2026-11-26T23:00:00.000Z', '2026-12-03T23:00:00.000Z', '2026-12-10T23:00:00.000Z']);
  });

  it('macros expand to five fields', () => {
    expect(checkSchedule('@hourly', now, 2)).toMatchObject({ ok: true, expanded: '0 * * * *', nextRuns: [new Date('2026-11-22T13:00:00Z'), new Date('2026-11-22T14:00:00Z')] });
  });
});
