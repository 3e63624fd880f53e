import { clusterDetailsOf, clusterDraftErrors, type ClusterOrderDraft } from './clusterOrder.ts';
import { newCustomerErrors, newCustomerSummary, type NewCustomerDraft } from './newCustomer.ts';

const customer = (extra: Partial<NewCustomerDraft> = {}): NewCustomerDraft => ({
  company: 'Neu GmbH',
  street: 'Hauptstr. 1',
  zip: '10115',
  city: 'Berlin',
  country: 'de',
  phone: '+49 30 1234567',
  invoiceEmails: 'rechnung@neu.example',
  paymentMethod: 'debit',
  bankName: 'Musterbank',
  accountHolder: 'Neu GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  mandateAuthorised: true,
  ...extra,
});

describe('cluster order: new customer (§2 cluster order wizard, §5 Customer and payment)', () => {
  it('R2.049 R2.050 complete company data with a debit mandate passes; the customer step asks for the new customer instead of a customer id', () => {
    expect(newCustomerErrors(customer())).toEqual({});
    expect(clusterDraftErrors({ newCustomer: customer() }, 'customer')).toEqual({});
    expect(clusterDraftErrors({ newCustomer: customer({ company: ' ' }) }, 'customer')).toEqual({ 'newCustomer.company': ['validation.required'] });
  });

  it('R2.049 required fields, phone (libphonenumber-js), VAT ID per country and invoice e-mails are checked', () => {
    expect(newCustomerErrors({ paymentMethod: 'transfer' })).toEqual({
      'newCustomer.company': ['validation.required'],
      'newCustomer.street': ['validation.required'],
      'newCustomer.zip': ['validation.required'],
      'newCustomer.city': ['validation.required'],
      'newCustomer.country': ['validation.required'],
      'newCustomer.invoiceEmails': ['validation.required'],
    });
    const e = newCustomerErrors(customer({ phone: '12', country: 'at', vatId: 'ATU1234567', invoiceEmails: 'kein-mail' }));
    expect(e['newCustomer.phone']).toEqual(['errors.invalid_phone']);
    expect(e['newCustomer.vatId']).toBeDefined();
    expect(e['newCustomer.invoiceEmails']).toEqual(['errors.email_list_invalid']);
    expect(newCustomerErrors(customer({ country: 'at', vatId: 'ATU13585627' }))).toEqual({});
  });

  it('R2.050 debit needs bank, account holder, a valid euro-area IBAN (ibantools), a valid BIC and the mandate; credit card a provider token', () => {
    expect(newCustomerErrors(customer({ iban: 'DE89370400440532013001' }))).toEqual({ 'newCustomer.iban': ['errors.iban_invalid'] });
    expect(newCustomerErrors(customer({ iban: 'GB82WEST12345698765432' }))).toEqual({ 'newCustomer.iban': ['errors.iban_not_euro_area'] });
    expect(newCustomerErrors(customer({ bankName: '', accountHolder: null, bic: 'XX', mandateAuthorised: false }))).toEqual({
      'newCustomer.bankName': ['validation.required'],
      'newCustomer.accountHolder': ['validation.required'],
      'newCustomer.bic': ['errors.bic_invalid'],
      'newCustomer.mandateAuthorised': ['errors.debit_mandate_required'],
    });
    expect(newCustomerErrors(customer({ paymentMethod: 'credit_card' }))).toEqual({ 'newCustomer.cardToken': ['validation.required'] });
    expect(newCustomerErrors(customer({ paymentMethod: 'transfer', iban: 'nonsense' }))).toEqual({});
  });

  it('R2.050 the order keeps the new customer with the IBAN masked, and no bank data for other methods', () => {
    const draft: ClusterOrderDraft = { newCustomer: customer(), architecture: 'web_cluster', sla: 'basic', cpu: 1, ramGb: 2, nvmeSsdGb: 25, nvmeStorageGb: 10, contractMode: 'production', clusterName: 'Neu' };
    const details = clusterDetailsOf(draft as Parameters<typeof clusterDetailsOf>[0]);
    expect(details.newCustomer).toMatchObject({ company: 'Neu GmbH', paymentMethod: 'debit', bankName: 'Musterbank', ibanMasked: 'DE89 •••• •••• 3000', bic: 'COBADEFFXXX' });
    expect(JSON.stringify(details)).not.toContain('0532013000');
    expect(newCustomerSummary(customer({ paymentMethod: 'transfer' }))).toMatchObject({ paymentMethod: 'transfer', bankName: null, ibanMasked: null, bic: null });
  });
});
