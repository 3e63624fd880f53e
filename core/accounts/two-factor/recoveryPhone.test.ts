import { displayPhone } from './twoFactor.ts';

describe('recovery phone number as shown (§4 security)', () => {
  it('R2.068 a German mobile number keeps its network prefix and subscriber number together (+49 151 12345678, not +49 1511 2345678)', () => {
    expect(displayPhone('+4915112345678')).toBe('+49 151 12345678');
    expect(displayPhone('+4917612345678')).toBe('+49 176 12345678');
    expect(displayPhone('+491601234567')).toBe('+49 160 1234567');
    // Other numbers in the international grouping of their country.
    expect(displayPhone('+493012345678')).toBe('+49 30 12345678');
    expect(displayPhone('+436641234567')).toBe('+43 664 1234567');
  });
});
