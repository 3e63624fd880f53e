import { bicError, ibanError, maskIban } from './payment.ts';

describe('payment data (§5 Customer and payment)', () => {
  it('R5.034 direct debit takes valid IBANs from the euro area only', () => {
    expect(ibanError('DE02 1203 0000 0000 2020 51')).toBeUndefined();
    expect(ibanError('AT611904300234573201')).toBeUndefined();
    expect(ibanError('FR1420041010050500013M02606')).toBeUndefined();
    // Valid, but not euro: Switzerland, United Kingdom, Poland.
    expect(ibanError('CH9300762011623852957')).toBe('errors.iban_not_euro_area');
    expect(ibanError('GB29NWBK60161331926819')).toBe('errors.iban_not_euro_area');
    expect(ibanError('PL61109010140000071219812874')).toBe('errors.iban_not_euro_area');
    // A wrong check digit.
    expect(ibanError('DE02120300000000202052')).toBe('errors.iban_invalid');
    expect(ibanError('')).toBe('validation.required');
  });

  it('R2.050 the BIC is checked too', () => {
    expect(bicError('BYLADEM1001')).toBeUndefined();
    expect(bicError('by1ade m1')).toBe('errors.bic_invalid');
    expect(bicError('byla dem1')).toBeUndefined();
    expect(bicError(null)).toBe('validation.required');
  });

  it('shows an IBAN masked', () => {
    expect(maskIban('DE02120300000000202051')).toBe('DE02 •••• •••• 2051');
  });
});
