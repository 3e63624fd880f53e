import { handleErrors, type HandleData } from './handles.ts';

const person = (extra: Partial<HandleData> = {}): HandleData => ({
  kind: 'person',
  seOwner: false,
  company: null,
  firstname: 'Astrid',
  surname: 'Lindqvist',
  street: 'Drottninggatan 1',
  postalCode: '111 51',
  city: 'Stockholm',
  country: 'se',
  email: 'astrid@example.se',
  phone: '+46 8 123 456 78',
  fax: null,
  idCardNumber: null,
  birthday: null,
  companyRegistrationNumber: null,
  taxId: null,
  ...extra,
});

describe('domain handles (§3, §5 Domains and handles)', () => {
  it('R3.039 names, address, e-mail and phone are required; a company handle needs the company', () => {
    expect(handleErrors(person())).toEqual({});
    expect(handleErrors(person({ firstname: ' ', email: 'x', phone: '1', kind: 'company' }))).toEqual({
      firstname: ['validation.required'],
      email: ['validation.format.email'],
      phone: ['errors.invalid_phone'],
      company: ['validation.required'],
    });
  });

  it('R5.026 R8.008 R8.009 a .se owner: a private person needs a tax code, a company a commercial register number', () => {
    expect(handleErrors(person({ seOwner: true }))).toEqual({ taxId: ['errors.handle_se_tax_code_required'] });
    expect(handleErrors(person({ seOwner: true, taxId: '19811218-9876' }))).toEqual({});
    expect(handleErrors(person({ seOwner: true, kind: 'company', company: 'Svensson AB' }))).toEqual({ companyRegistrationNumber: ['errors.handle_se_register_required'] });
    expect(handleErrors(person({ seOwner: true, kind: 'company', company: 'Svensson AB', companyRegistrationNumber: '556123-4567' }))).toEqual({});
    // Not an owner of .se domains: neither is needed.
    expect(handleErrors(person({ kind: 'company', company: 'Svensson AB' }))).toEqual({});
  });
});
