import { changePaymentMethod, findManagedCustomer, LocalPaymentProvider, type PaymentChange } from '@portal/core/customers';
import { defineHandlers } from '../openapi/handlers.ts';
import { presentCustomerPayment } from '../presenters/customer.ts';

/** Payment method of a customer (§2, §5); the local provider stands in for a real one (see core/customers/paymentProvider.ts). */
export const customerPaymentHandlers = defineHandlers({
  getCustomerPayment: async ({ em, user, params }) => presentCustomerPayment(await findManagedCustomer(em, user.id, params.customerId)),

  updateCustomerPayment: async ({ em, deps, user, params, body, koa }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    const change: PaymentChange =
      body.method === 'debit'
        ? { method: 'debit', accountHolder: body.accountHolder ?? '', iban: body.iban ?? '', bic: body.bic ?? '', mandateAuthorised: body.mandateAuthorised === true, applyToOpenInvoices: body.applyToOpenInvoices }
        : body.method === 'credit_card'
          ? { method: 'credit_card', cardToken: body.cardToken ?? '', applyToOpenInvoices: body.applyToOpenInvoices }
          : { method: 'transfer', applyToOpenInvoices: body.applyToOpenInvoices };
    // The token is claimed in the request's transaction: refused payment data leaves the token unused.
    const provider = new LocalPaymentProvider(em, deps.clock);
    return presentCustomerPayment(await changePaymentMethod(em, { clock: deps.clock, provider, actor: user, ip: koa.ip }, customer, change));
  },

  issueLocalCardToken: async ({ em, deps, body, koa }) => {
    const issued = await new LocalPaymentProvider(em, deps.clock).issueCardToken(body);
    koa.status = 201;
    return { token: issued.token, expiresAt: issued.expiresAt.toISOString() };
  },
});
