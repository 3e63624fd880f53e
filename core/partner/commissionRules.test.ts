import {
  commissionCents,
  countsAsOutstanding,
  countsAsPaid,
  hasCreditNote,
  levelFor,
  levelProgress,
  levelRules,
  mayChangePayout,
  partnerContractStatus,
  partnerLevels,
  partnershipActive,
  payoutStatuses,
  rateOf,
} from './commissionRules.ts';

describe('partner commission rules', () => {
  it('R3.054 R9.029 four levels bronze, silver, gold, platinum, each with a rising threshold and rate', () => {
    expect(levelRules.map((r) => r.level)).toEqual([...partnerLevels]);
    expect(partnerLevels).toEqual(['bronze', 'silver', 'gold', 'platinum']);
    for (let i = 1; i < levelRules.length; i++) {
      expect(levelRules[i].thresholdCents).toBeGreaterThan(levelRules[i - 1].thresholdCents);
      expect(levelRules[i].rateBasisPoints).toBeGreaterThan(levelRules[i - 1].rateBasisPoints);
    }
  });

  it('R9.029 the level is the highest threshold the year revenue reaches (boundaries inclusive)', () => {
    expect(levelFor(0)).toBe('bronze');
    expect(levelFor(9_999_99)).toBe('bronze');
    expect(levelFor(10_000_00)).toBe('silver');
    expect(levelFor(24_999_99)).toBe('silver');
    expect(levelFor(25_000_00)).toBe('gold');
    expect(levelFor(49_999_99)).toBe('gold');
    expect(levelFor(50_000_00)).toBe('platinum');
    expect(levelFor(1_000_000_00)).toBe('platinum');
    expect(levelFor(-500)).toBe('bronze');
  });

  it('R3.055 commission is the revenue times the level rate, rounded half up to whole cents', () => {
    expect(rateOf('bronze')).toBe(500);
    expect(rateOf('platinum')).toBe(1200);
    expect(commissionCents(100_00, 'bronze')).toBe(5_00);
    expect(commissionCents(100_00, 'silver')).toBe(8_00);
    expect(commissionCents(100_00, 'gold')).toBe(10_00);
    expect(commissionCents(100_00, 'platinum')).toBe(12_00);
    expect(commissionCents(10, 'bronze')).toBe(1); // 0.5 ct → 1
    expect(commissionCents(9, 'bronze')).toBe(0); // 0.45 ct → 0
    expect(commissionCents(-10, 'bronze')).toBe(-1);
    expect(() => commissionCents(1.5, 'gold')).toThrow(RangeError);
  });

  it('R2.019 R9.029 progress to the next level, in percent with one decimal; 100 at platinum', () => {
    expect(levelProgress(0)).toEqual({ level: 'bronze', next: 'silver', percent: 0 });
    expect(levelProgress(5_000_00)).toEqual({ level: 'bronze', next: 'silver', percent: 50 });
    expect(levelProgress(17_500_00)).toEqual({ level: 'silver', next: 'gold', percent: 50 });
    expect(levelProgress(25_000_00)).toEqual({ level: 'gold', next: 'platinum', percent: 0 });
    expect(levelProgress(33_333_33)).toEqual({ level: 'gold', next: 'platinum', percent: 33.3 });
    expect(levelProgress(80_000_00)).toEqual({ level: 'platinum', next: null, percent: 100 });
  });

  it('R3.055 payout states: open → approved → paid; open or approved may be cancelled; paid and cancelled are final', () => {
    expect(payoutStatuses).toEqual(['open', 'approved', 'paid', 'cancelled']);
    expect(mayChangePayout('open', 'approved')).toBe(true);
    expect(mayChangePayout('approved', 'paid')).toBe(true);
    expect(mayChangePayout('open', 'paid')).toBe(false);
    expect(mayChangePayout('open', 'cancelled')).toBe(true);
    expect(mayChangePayout('approved', 'cancelled')).toBe(true);
    expect(mayChangePayout('paid', 'cancelled')).toBe(false);
    expect(mayChangePayout('cancelled', 'open')).toBe(false);
    expect(payoutStatuses.filter(countsAsPaid)).toEqual(['paid']);
    expect(payoutStatuses.filter(countsAsOutstanding)).toEqual(['open', 'approved']);
    expect(payoutStatuses.filter(hasCreditNote)).toEqual(['open', 'approved', 'paid']);
  });

  it('R4.013 a partner contract is active until its end day, ended afterwards', () => {
    expect(partnerContractStatus({ endsOn: null }, '2026-11-24')).toBe('active');
    expect(partnerContractStatus({ endsOn: '2026-11-24' }, '2026-11-24')).toBe('active');
    expect(partnerContractStatus({ endsOn: '2026-11-23' }, '2026-11-24')).toBe('ended');
  });

  it('R6.005 R8.026 a partnership is active between its start and end day', () => {
    expect(partnershipActive({ partnershipStart: '2024-01-01', partnershipEnd: null }, '2026-11-24')).toBe(true);
    expect(partnershipActive({ partnershipStart: '2027-01-01', partnershipEnd: null }, '2026-11-24')).toBe(false);
    expect(partnershipActive({ partnershipStart: '2024-01-01', partnershipEnd: '2026-11-24' }, '2026-11-24')).toBe(true);
    expect(partnershipActive({ partnershipStart: '2024-01-01', partnershipEnd: '2025-12-31' }, '2026-11-24')).toBe(false);
  });
});
