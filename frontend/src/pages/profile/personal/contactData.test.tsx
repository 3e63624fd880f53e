import i18next from 'i18next';
import '../../../i18n';
import { contactBody, contactValues, validateContact } from './contactData';

describe('contact data form', () => {
  beforeEach(() => i18next.changeLanguage('de'));

  const valid = { ...contactValues(undefined), firstname: 'Kim', surname: 'Schulz' };

  it('R9.013 R5.010 starts with gender male, country de and language de', () => {
    expect(contactValues(undefined)).toMatchObject({ gender: 'male', country: 'de', language: 'de' });
  });

  it('R5.006 firstname and surname are required', () => {
    expect(validateContact({ ...valid, firstname: ' ', surname: '' })).toEqual({
      firstname: 'Dieses Feld ist erforderlich.',
      surname: 'Dieses Feld ist erforderlich.',
    });
  });

  it('R5.007 company and postcode take at most 255 characters', () => {
    expect(validateContact({ ...valid, company: 'x'.repeat(255), postcode: '1'.repeat(255) })).toEqual({});
    expect(Object.keys(validateContact({ ...valid, company: 'x'.repeat(256), postcode: '1'.repeat(256) }))).toEqual(['company', 'postcode']);
  });

  it('R5.008 telephone and mobile must be valid phone numbers; empty is fine', async () => {
    expect(validateContact({ ...valid, telephone: '030 1234567', mobile: '+43 664 1234567' })).toEqual({});
    expect(validateContact({ ...valid, telephone: '', mobile: '' })).toEqual({});
    await i18next.changeLanguage('en');
    const message = i18next.t('errors:invalid_phone');
    expect(message).toMatch(/^Please enter a valid phone number/);
    expect(validateContact({ ...valid, telephone: '12', mobile: 'abc' })).toEqual({ telephone: message, mobile: message });
  });

  it('R5.009 department, street and city are unrestricted; empty optional fields are sent as null', () => {
    const long = 'x'.repeat(5000);
    expect(validateContact({ ...valid, department: long, street: long, city: long })).toEqual({});
    expect(contactBody({ ...valid, company: ' ', department: 'IT' })).toMatchObject({ company: null, department: 'IT', firstname: 'Kim' });
  });
});
