import { compactVatId, vatIdError, vatIdRequired } from './vatId.ts';

describe('VAT ID (§5 Customer and payment)', () => {
  it('R5.033 is required within the EU outside Germany, optional in Germany and outside the EU', () => {
    expect(vatIdRequired('at')).toBe(true);
    expect(vatIdRequired('fr')).toBe(true);
    expect(vatIdRequired('de')).toBe(false);
    expect(vatIdRequired('ch')).toBe(false);
    expect(vatIdError('at', '')).toBe('errors.vat_id_required');
    expect(vatIdError('nl', null)).toBe('errors.vat_id_required');
    expect(vatIdError('de', '')).toBeUndefined();
    expect(vatIdError('us', undefined)).toBeUndefined();
  });

  it('R5.033 is checked by the checksum of its country, with the country prefix', () => {
    expect(vatIdError('de', 'DE136695976')).toBeUndefined();
    expect(vatIdError('de', 'de 136 695 976')).toBeUndefined();
    expect(vatIdError('de', 'DE136695977')).toBe('errors.vat_id_invalid');
    expect(vatIdError('at', 'ATU13585627')).toBeUndefined();
    expect(vatIdError('at', 'ATU13585628')).toBe('errors.vat_id_invalid');
    expect(vatIdError('fr', 'FR40303265045')).toBeUndefined();
    expect(vatIdError('nl', 'NL004495445B01')).toBeUndefined();
    expect(vatIdError('gr', 'EL094259216')).toBeUndefined();
    // A valid number of another country does not fit.
    expect(vatIdError('at', 'DE136695976')).toBe('errors.vat_id_invalid');
    expect(vatIdError('at', 'hello')).toBe('errors.vat_id_invalid');
    // Outside the EU there is no common format: kept as entered.
    expect(vatIdError('ch', 'CHE-123.456.789')).toBeUndefined();
  });

  it('is stored compact', () => {
    expect(compactVatId(' de-136.695/976 ')).toBe('DE136695976');
  });
});
