import { abilitiesFor, providerDate } from './personalAccessTokens.ts';
import { normalizeRecoveryCode } from '../two-factor/twoFactor.ts';

describe('personal access token abilities (§3 restrictions)', () => {
  it('R3.019 R4.036 full access is `*`; limited access lists clusters and areas', () => {
    expect(abilitiesFor({ global: true, clusters: [3], areas: ['profile'] })).toEqual(['*']);
    expect(abilitiesFor({ global: false, clusters: [5, 3, 5], areas: ['accounting', 'profile'] })).toEqual(['cluster:3', 'cluster:5', 'profile', 'accounting']);
    expect(abilitiesFor({ global: false, allClusters: true, clusters: [3] })).toEqual(['clusters:*']);
  });

  it('R5.016 days are counted in the provider’s time zone', () => {
    expect(providerDate(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(providerDate(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(providerDate(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('recovery codes', () => {
  it('are compared without case, separators or look-alike letters', () => {
    expect(normalizeRecoveryCode(' AB1O-x2Il-0000-zzzz ')).toBe('ab10x2110000zzzz');
  });
});
