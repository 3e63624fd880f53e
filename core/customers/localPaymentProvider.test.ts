import { luhnValid } from './localPaymentProvider.ts';

describe('local payment provider', () => {
  it('R5.037 checks card numbers with the Luhn checksum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });
});
