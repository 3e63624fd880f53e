import type { ServerPlugin } from './server.ts';
import { withFamilies } from './families.ts';

type Ops = 'getRedisSettings' | 'watchRedis';

describe('withFamilies', () => {
  const calls: string[] = [];
  const config: ServerPlugin<Ops> = {
    entities: [],
    migrations: [],
    programs: [{ id: 'x', paths: ['/etc/x.conf'] }],
    render: () => [{ path: '/etc/x.conf', content: '' }],
    handlers: () => ({ getRedisSettings: async () => ({}) }) as never,
    fixtures: async () => void calls.push('config fixtures'),
  };
  const stats: ServerPlugin<Ops> = {
    migrations: [],
    programs: [],
    handlers: () => ({ watchRedis: async () => ({}) }) as never,
    fixtures: async () => void calls.push('stats fixtures'),
    stop: () => void calls.push('stats stop'),
  };

  it('keeps the apply of the first, adds the handlers, fixtures and hooks of the others', async () => {
    const both = withFamilies(config, stats);
    expect(both.programs).toBe(config.programs);
    expect(both.render).toBe(config.render);
    expect(Object.keys(both.handlers({} as never)).sort()).toEqual(['getRedisSettings', 'watchRedis']);
    await both.fixtures!({} as never);
    await both.stop!();
    expect(calls).toEqual(['config fixtures', 'stats fixtures', 'stats stop']);
  });

  it('refuses a second apply and two answers for one operation', () => {
    expect(() => withFamilies(config, config)).toThrow(/only the first plugin applies/);
    expect(() => withFamilies(config, { ...stats, handlers: config.handlers }).handlers({} as never)).toThrow(/two parts answer getRedisSettings/);
  });
});
