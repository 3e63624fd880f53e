import type { CheckOutcome, ServiceControl, ServiceStatus } from '@portal/plugin-sdk/server';
import { isDatabase, runAction } from './control.ts';

/** A service control that records its steps (a unit test of the order of steps; the API test uses real programs). */
function control(check: CheckOutcome, reload: CheckOutcome = { status: 'passed', output: 'reloaded' }) {
  const steps: string[] = [];
  let state: ServiceStatus['state'] = 'running';
  const c: ServiceControl = {
    name: 'memcached',
    validate: async () => (steps.push('validate'), check),
    reload: async () => (steps.push('reload'), (state = reload.status === 'passed' ? 'running' : state), reload),
    stop: async () => void (steps.push('stop'), (state = 'stopped')),
    status: async () => ({ state }),
  };
  return { c, steps };
}

describe('cluster-control actions', () => {
  it('tests the configuration before start, restart and reload; restart is stop + reload', async () => {
    const ok: CheckOutcome = { status: 'passed', output: 'ok' };
    for (const [action, expected] of [
      ['start', ['validate', 'reload']],
      ['reload', ['validate', 'reload']],
      ['restart', ['validate', 'stop', 'reload']],
      ['stop', ['stop']],
    ] as const) {
      const { c, steps } = control(ok);
      const r = await runAction(c, action);
      expect([action, steps, r.outcome]).toEqual([action, expected, 'succeeded']);
    }
  });

  it('a failed configuration test refuses the action with the program output and does nothing', async () => {
    const { c, steps } = control({ status: 'failed', output: 'bad option -t 0' });
    const r = await runAction(c, 'restart');
    expect(steps).toEqual(['validate']);
    expect(r).toEqual({ outcome: 'refused', output: 'configuration test: failed\nbad option -t 0', state: 'running' });
  });

  it('a program that does not reload is a failed action', async () => {
    const { c } = control({ status: 'skipped', reason: 'not_supported' }, { status: 'failed', output: 'did not start' });
    expect(await runAction(c, 'start')).toMatchObject({ outcome: 'failed', output: expect.stringContaining('did not start') });
  });

  it('names the database services in one list', () => {
    expect(['mysql', 'redis'].map(isDatabase)).toEqual([true, true]);
    expect(['memcached', 'nginx'].map(isDatabase)).toEqual([false, false]);
  });
});
