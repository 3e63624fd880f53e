import { pathOf, request } from './request';

describe('requests built from the contract', () => {
  it('fills the path parameters, encoded, and takes the method from the operation', () => {
    expect(request('getCustomer', { customerId: 7 })).toEqual({ url: 'api/v1/customers/7', method: 'GET' });
    expect(request('getPublicInvoice', { token: 'a/b c' })).toEqual({ url: 'api/v1/public/invoices/a%2Fb%20c', method: 'GET' });
    expect(request('deleteCustomerHandle', { customerId: 1, handleId: 2 })).toEqual({
      url: 'api/v1/customers/1/handles/2',
      method: 'DELETE',
    });
  });

  it('passes the query as parameters and the body as it is', () => {
    expect(request('listInvoices', { query: { per_page: 20 } })).toEqual({
      url: 'api/v1/invoices',
      method: 'GET',
      params: { per_page: 20 },
    });
    expect(request('login', { body: { email: 'a@example.com', password: 'x' } })).toEqual({
      url: 'api/v1/session',
      method: 'POST',
      body: { email: 'a@example.com', password: 'x' },
    });
  });

  it('refuses a missing path parameter instead of calling a wrong address', () => {
    expect(() => request('getCustomer', { customerId: undefined as unknown as number })).toThrow(
      'getCustomer: path parameter customerId is missing',
    );
  });

  it('builds download addresses from the site root with their query', () => {
    expect(pathOf('downloadCustomerDocument', { customerId: 3, documentId: 9 })).toBe('/api/v1/customers/3/documents/9/download');
    expect(pathOf('getInvoicePdf', { invoiceId: 5, query: { language: 'en' } })).toBe('/api/v1/invoices/5/pdf?language=en');
  });
});
