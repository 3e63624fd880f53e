import { customerDataErrors, effectiveReminderEmails, parseEmailList, type CustomerData } from './customerData.ts';

const data = (extra: Partial<CustomerData> = {}): CustomerData => ({
  company: 'Müller & Schmidt Online GmbH',
  department: null,
  street: 'Friedrichstraße 123',
  zip: '10117',
  city: 'Berlin',
  country: 'de',
  phone: '+49 30 1234567',
  language: 'de',
  vatId: 'DE136695976',
  referenceSign: null,
  invoiceEmails: 'rechnung@mueller-schmidt.example',
  reminderEmails: null,
  contactPersonId: null,
  ...extra,
});

describe('customer data (§3 Customer, §5 Customer and payment)', () => {
  it('R3.033 invoice e-mails are several addresses separated by comma or newline', () => {
    expect(parseEmailList('a@x.example, B@x.example\nc@x.example\r\n\n a@x.example ')).toEqual(['a@x.example', 'b@x.example', 'c@x.example']);
    expect(customerDataErrors(data({ invoiceEmails: 'a@x.example,\nb@x.example' }))).toEqual({});
    expect(customerDataErrors(data({ invoiceEmails: 'a@x.example, not-an-address' }))).toEqual({ invoiceEmails: ['errors.email_list_invalid'] });
    expect(customerDataErrors(data({ invoiceEmails: ' , ' }))).toEqual({ invoiceEmails: ['validation.required'] });
  });

  it('R3.034 reminder e-mails are optional and default to the invoice e-mails', () => {
    expect(effectiveReminderEmails({ invoiceEmails: 'a@x.example\nb@x.example', reminderEmails: null })).toEqual(['a@x.example', 'b@x.example']);
    expect(effectiveReminderEmails({ invoiceEmails: 'a@x.example', reminderEmails: 'mahnung@x.example' })).toEqual(['mahnung@x.example']);
    expect(customerDataErrors(data({ reminderEmails: 'x' }))).toEqual({ reminderEmails: ['errors.email_list_invalid'] });
  });

  it('R3.032 R5.033 company, street, zip and city are required, the phone valid, the VAT ID checked per country', () => {
    expect(customerDataErrors(data({ company: ' ', street: '', zip: '', city: '', phone: '12', country: 'at', vatId: '' }))).toEqual({
      company: ['validation.required'],
      street: ['validation.required'],
      zip: ['validation.required'],
      city: ['validation.required'],
      phone: ['errors.invalid_phone'],
      vatId: ['errors.vat_id_required'],
    });
    expect(customerDataErrors(data({ country: 'at', vatId: 'ATU13585627' }))).toEqual({});
    expect(customerDataErrors(data({ vatId: 'DE000000000' }))).toEqual({ vatId: ['errors.vat_id_invalid'] });
  });
});
