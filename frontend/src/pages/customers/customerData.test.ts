import { customerBody, customerValues, sortCustomers, type CustomerValues } from './customerData';
import type { CustomerDetail } from '../../api/customers';

const detail: CustomerDetail = {
  id: 1,
  number: 10001,
  company: 'Müller & Schmidt Online GmbH',
  department: null,
  street: 'Friedrichstraße 123',
  zip: '10117',
  city: 'Berlin',
  country: 'de',
  phone: null,
  language: 'de',
  vatId: 'DE079197918',
  vatIdRequired: false,
  referenceSign: null,
  enteredAt: '2021-03-01T00:00:00.000Z',
  invoiceEmails: ['a@x.example', 'b@x.example'],
  reminderEmails: [],
  contactPerson: { id: 2, firstname: 'Anna', surname: 'Berger', email: 'manager@demo.example' },
  contactPersonCandidates: [],
  paymentMethod: 'transfer',
  dpaStatus: 'concluded',
};

describe('customer data form', () => {
  it('R3.033 shows the invoice e-mails one per line and sends cleared fields as null (a cleared field is undefined in the form)', () => {
    const values = customerValues(detail);
    expect(values.invoiceEmails).toBe('a@x.example\nb@x.example');
    expect(values.contactPersonId).toBe('2');
    const cleared = { ...values, vatId: undefined, department: undefined, contactPersonId: '' } as unknown as CustomerValues;
    expect(customerBody(cleared)).toMatchObject({ vatId: null, department: null, contactPersonId: null, company: 'Müller & Schmidt Online GmbH' });
  });

  it('R2.083 sorts customers by any column, both ways', () => {
    const rows = [
      { number: 2, company: 'Zebra', city: 'Berlin', clusterCount: 1 },
      { number: 1, company: 'Äpfel', city: 'Aachen', clusterCount: 3 },
    ];
    expect(sortCustomers(rows, { by: 'number', direction: 'asc' }, 'de').map((r) => r.number)).toEqual([1, 2]);
    expect(sortCustomers(rows, { by: 'company', direction: 'desc' }, 'de').map((r) => r.company)).toEqual(['Zebra', 'Äpfel']);
    expect(sortCustomers(rows, { by: 'clusterCount', direction: 'desc' }, 'de').map((r) => r.clusterCount)).toEqual([3, 1]);
  });
});
