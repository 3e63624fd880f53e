import { dueWork } from './scheduler.ts';

const created = new Date('2026-11-20T00:00:00Z');
const now = new Date('2026-11-28T03:10:00Z');
const plan = (id: number, schedule: string, hour = 3) => ({ id, schedule, hour, createdAt: created });
const run = (planId: number, kind: string, at: string, o: { status?: string; scheduled?: boolean } = {}) => ({
  planId,
  kind,
  status: o.status ?? 'succeeded',
  scheduled: o.scheduled ?? true,
  createdAt: new Date(at),
});

describe('the scheduler: what is due', () => {
  it('backs a daily plan up once its hour has come, once per slot', () => {
    expect(dueWork([plan(1, 'daily')], [], now)).toEqual([{ planId: 1, kind: 'backup' }]);
    expect(dueWork([plan(1, 'daily')], [run(1, 'backup', '2026-11-28T03:00:05Z', { status: 'running' })], now)).toEqual([]);
    // A "back up now" does not count as the scheduled one.
    expect(dueWork([plan(1, 'daily')], [run(1, 'backup', '2026-11-28T03:01:00Z', { scheduled: false, status: 'running' })], now)).toEqual([{ planId: 1, kind: 'backup' }]);
  });

  it('never runs a manual plan by itself, nor a slot from before the plan existed', () => {
    expect(dueWork([plan(1, 'manual')], [], now)).toEqual([]);
    expect(dueWork([{ ...plan(1, 'daily'), createdAt: new Date('2026-11-28T03:05:00Z') }], [], now)).toEqual([]);
  });

  it('proves a plan restorable once a day after a successful backup (not while it runs)', () => {
    const backedUp = run(1, 'backup', '2026-11-28T03:00:05Z');
    expect(dueWork([plan(1, 'daily')], [backedUp], now)).toEqual([{ planId: 1, kind: 'verify' }]);
    expect(dueWork([plan(1, 'daily')], [backedUp, run(1, 'verify', '2026-11-27T12:00:00Z')], now)).toEqual([]);
    expect(dueWork([plan(1, 'daily')], [backedUp, run(1, 'verify', '2026-11-27T02:00:00Z')], now)).toEqual([{ planId: 1, kind: 'verify' }]);
    expect(dueWork([plan(1, 'daily')], [backedUp, run(1, 'backup', '2026-11-28T03:09:00Z', { scheduled: false, status: 'running' })], now)).toEqual([]);
  });
});
