import { Customer } from '@portal/core/customers';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let c: TestClient;
let id: number;
beforeAll(async () => {
  server = await createTestServer();
  c = server.client();
  expect((await c.login(demoLogins.other)).status).toBe(200);
  id = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10003 })).id;
});
afterAll(() => server.stop());

const put = (body: object) => c.request('PUT', `/api/v1/customers/${id}/payment`, body);
const debit = { method: 'debit', accountHolder: 'Bäckerei Sonnenschein e.K.', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001', mandateAuthorised: true, applyToOpenInvoices: true };
const cardToken = async (card: object = {}) => {
  const res = await c.request('POST', '/api/v1/payment-provider/local/card-tokens', { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123', ...card });
  return res;
};

describe('payment method (§2, §5 Customer and payment, §8)', () => {
  it('R5.034 R2.087 SEPA direct debit: euro-area IBAN, valid BIC and the mandate checkbox; reference and date stored, IBAN shown masked', async () => {
    const refused = await put({ ...debit, iban: 'CH93 0076 2011 6238 5295 7', bic: 'x', mandateAuthorised: false });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ iban: ['errors.iban_not_euro_area'], bic: ['errors.bic_invalid'], mandateAuthorised: ['errors.debit_mandate_required'] });
    expect((await server.db.orm.em.fork().findOneOrFail(Customer, { id })).paymentMethod).toBe('transfer');

    const ok = await put(debit);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ method: 'debit', iban: 'DE02 •••• •••• 2051', bic: 'BYLADEM1001', refundWeeks: 12, applyToOpenInvoices: true, card: null });
    expect(ok.body.mandateReference).toMatch(/^M10003-\d{8}-/);
    expect(JSON.stringify((await c.get(`/api/v1/customers/${id}/payment`)).body)).not.toContain('202051');
  });

  it('R5.037 R8.016 credit card: a token from the hosted field is redeemed once; a used or expired token is refused; no card number is stored', async () => {
    const bad = await cardToken({ number: '4242 4242 4242 4241', expMonth: 1, expYear: 2001, cvc: '1' });
    expect(bad.body.error.fields).toEqual({ number: ['errors.card_number_invalid'], expiry: ['errors.card_expired'], cvc: ['errors.card_cvc_invalid'] });
    const { token } = (await cardToken()).body;
    const ok = await put({ method: 'credit_card', cardToken: token, applyToOpenInvoices: false });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ method: 'credit_card', card: { brand: 'visa', last4: '4242', expiry: '12/2099' }, iban: null, mandateReference: null });
    const used = await put({ method: 'credit_card', cardToken: token, applyToOpenInvoices: false });
    expect({ status: used.status, fields: used.body.error.fields }).toEqual({ status: 422, fields: { cardToken: ['errors.card_token_used_or_expired'] } });

    const late = (await cardToken()).body.token;
    server.clock.advance(16 * 60_000);
    expect((await put({ method: 'credit_card', cardToken: late, applyToOpenInvoices: false })).body.error.fields).toEqual({ cardToken: ['errors.card_token_used_or_expired'] });
    const rows = await server.db.orm.em.getConnection().execute(`select * from customers where id = ${id}`);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('R5.035 R5.036 R3.036 changing to transfer drops bank and card data and records the open-invoices choice', async () => {
    const res = await put({ method: 'transfer', applyToOpenInvoices: true });
    expect(res.body).toEqual({ method: 'transfer', accountHolder: null, iban: null, bic: null, mandateReference: null, mandateDate: null, refundWeeks: 12, card: null, applyToOpenInvoices: true });
  });

  it('R6.003 another customer is 404; a token needs the accounting area', async () => {
    const other = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10001 })).id;
    expect((await c.get(`/api/v1/customers/${other}/payment`)).status).toBe(404);
    expect((await c.request('PUT', `/api/v1/customers/${other}/payment`, { method: 'transfer', applyToOpenInvoices: false })).status).toBe(404);
  });
});
