import { forgetFlags, retentionDays } from './retention.ts';

describe('retention', () => {
  it('renders the days kept as --keep-within for the plan tag, with --prune', () => {
    expect(forgetFlags(4, { keepDays: 10, keepWeeks: 0, keepMonths: 0 })).toEqual([
      '--tag',
      'plan-4',
      '--group-by',
      'host,tags',
      '--keep-within',
      '10d',
      '--prune',
    ]);
  });
  it('adds --keep-weekly and --keep-monthly only when set', () => {
    expect(forgetFlags(1, { keepDays: 7, keepWeeks: 4, keepMonths: 12 })).toEqual([
      '--tag',
      'plan-1',
      '--group-by',
      'host,tags',
      '--keep-within',
      '7d',
      '--keep-weekly',
      '4',
      '--keep-monthly',
      '12',
      '--prune',
    ]);
  });
  it('R9.021: reach beyond 10 days is what costs; weeks and months count too', () => {
    expect(retentionDays({ keepDays: 10, keepWeeks: 0, keepMonths: 0 })).toBe(10);
    expect(retentionDays({ keepDays: 7, keepWeeks: 4, keepMonths: 0 })).toBe(28);
    expect(retentionDays({ keepDays: 7, keepWeeks: 4, keepMonths: 3 })).toBe(93);
  });
});
