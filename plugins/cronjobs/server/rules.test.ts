import { checkCronjob, maxJobsPerServer } from './rules.ts';

const now = new Date('2026-11-22T12:00:00Z');
const input = { schedule: '*/5 * * * *', command: 'php artisan schedule:run', user: 'www-data', enabled: true };

describe('cron job rules', () => {
  it('accepts a good job', () => {
    expect(checkCronjob(input, [], now)).toBeUndefined();
  });

  it('R2.029 an impossible schedule is a field error on schedule', () => {
    expect(checkCronjob({ ...input, schedule: '0 0 31 2 *' }, [], now)).toEqual({ schedule: ['cronjobs:errors.schedule_never'] });
    expect(checkCronjob({ ...input, schedule: '0 0 * * *;' }, [], now)).toEqual({ schedule: ['cronjobs:errors.schedule_format'] });
    expect(checkCronjob({ ...input, schedule: '0 25 * * *' }, [], now)).toEqual({ schedule: ['cronjobs:errors.schedule_range'] });
  });

  it('reports every bad field at once', () => {
    expect(checkCronjob({ schedule: 'x', command: 'a\nb', user: 'root', enabled: true }, [], now)).toEqual({
      schedule: ['cronjobs:errors.schedule_format'],
      command: ['cronjobs:errors.command_control'],
      user: ['cronjobs:errors.user_unknown'],
    });
  });

  it('refuses an identical job (same normalized schedule, command and user), but not when editing itself', () => {
    const existing = [{ id: 3, schedule: '*/5 * * * *', command: 'php artisan schedule:run', user: 'www-data' }];
    expect(checkCronjob({ ...input, command: ' php artisan schedule:run ' }, existing, now)).toEqual({ command: ['cronjobs:errors.duplicate'] });
    expect(checkCronjob(input, existing, now, 3)).toBeUndefined();
    expect(checkCronjob({ ...input, user: 'deploy' }, existing, now)).toBeUndefined();
    const named = [{ id: 4, schedule: '0 3 * * mon-fri', command: 'x', user: 'deploy' }];
    expect(checkCronjob({ ...input, schedule: '0 3 * * 1-5', command: 'x', user: 'deploy' }, named, now)).toEqual({ command: ['cronjobs:errors.duplicate'] });
  });

  it(`allows at most ${maxJobsPerServer} jobs per server`, () => {
    const many = Array.from({ length: maxJobsPerServer }, (_, i) => ({ id: i + 1, schedule: '* * * * *', command: `job ${i}`, user: 'deploy' }));
    expect(checkCronjob(input, many, now)).toEqual({ _: ['cronjobs:errors.too_many'] });
  });
});
