import { twoFactorRequirementError } from './twoFactorRequirement.ts';

describe('2FA requirement per cluster (§4, §5)', () => {
  it('R4.024 R5.041 activating needs the user\'s own confirmed two-factor authentication', () => {
    expect(twoFactorRequirementError(true, { twoFactorEnabled: false, twoFactorConfirmed: false })).toBe('errors.cluster_two_factor_needs_own');
    expect(twoFactorRequirementError(true, { twoFactorEnabled: true, twoFactorConfirmed: false })).toBe('errors.cluster_two_factor_needs_own');
    expect(twoFactorRequirementError(true, { twoFactorEnabled: true, twoFactorConfirmed: true })).toBeUndefined();
  });

  it('R4.025 deactivating is always possible', () => {
    expect(twoFactorRequirementError(false, { twoFactorEnabled: false, twoFactorConfirmed: false })).toBeUndefined();
  });
});
