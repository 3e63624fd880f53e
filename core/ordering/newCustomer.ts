import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { User } from '../accounts/index.ts';
import {
  Customer,
  CustomerManager,
  bicError,
  changePaymentMethod,
  customerDataErrors,
  ibanError,
  maskIban,
  paymentMethods,
  type PaymentChange,
} from '../customers/index.ts';
import { DomainError, ValidationFailed, type Clock, type FieldErrors } from '../platform/index.ts';
import { updateCustomerData, type PaymentProvider } from '../customers/index.ts';

/**
 * The "new customer" data of the cluster wizard's customer step (§2, R2.049, R2.050): company data
 * and a payment method. The customer is created only at submission, with the order.
 */
export interface NewCustomerDraft {
  company?: string;
  department?: string | null;
  street?: string;
  zip?: string;
  city?: string;
  /** ISO 3166 code, lower case (as the customers module stores it). */
  country?: string;
  phone?: string | null;
  invoiceEmails?: string;
  vatId?: string | null;
  referenceSign?: string | null;
  paymentMethod?: (typeof paymentMethods)[number];
  bankName?: string | null;
  accountHolder?: string | null;
  iban?: string | null;
  bic?: string | null;
  mandateAuthorised?: boolean;
  /** Credit card: the single-use token of the payment provider's hosted field (never the number). */
  cardToken?: string | null;
}

/** What an order keeps of a new customer: the company data and the payment method, the IBAN masked. */
export interface NewCustomerSummary {
  company: string;
  department: string | null;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string | null;
  invoiceEmails: string;
  vatId: string | null;
  referenceSign: string | null;
  paymentMethod: (typeof paymentMethods)[number];
  bankName: string | null;
  accountHolder: string | null;
  ibanMasked: string | null;
  bic: string | null;
}

const str = (v: string | null | undefined) => (v ?? '').trim();

const asCustomerData = (d: NewCustomerDraft, language: 'de' | 'en') => ({
  company: str(d.company),
  department: str(d.department) || null,
  street: str(d.street),
  zip: str(d.zip),
  city: str(d.city),
  country: str(d.country).toLowerCase() || 'de',
  phone: str(d.phone) || null,
  language,
  vatId: str(d.vatId) || null,
  referenceSign: str(d.referenceSign) || null,
  invoiceEmails: d.invoiceEmails ?? '',
  reminderEmails: null,
  contactPersonId: null,
});

/**
 * Field errors of new customer data, keyed `newCustomer.<field>`: the customers module's rules for the
 * company data (required fields, phone with libphonenumber-js, VAT ID per country with stdnum, invoice
 * e-mails) and its payment rules (euro-area IBAN and BIC with ibantools, authorised mandate; a card token).
 */
export function newCustomerErrors(d: NewCustomerDraft): FieldErrors {
  const errors: FieldErrors = {};
  const own = customerDataErrors(asCustomerData(d, 'de'));
  for (const [field, keys] of Object.entries(own)) errors[`newCustomer.${field}`] = keys;
  if (!str(d.country)) errors['newCustomer.country'] = ['validation.required'];
  else if (!/^[a-z]{2}$/i.test(str(d.country))) errors['newCustomer.country'] = ['validation.pattern'];
  if (!d.paymentMethod) errors['newCustomer.paymentMethod'] = ['validation.required'];
  else if (!(paymentMethods as readonly string[]).includes(d.paymentMethod)) errors['newCustomer.paymentMethod'] = ['validation.enum'];
  if (d.paymentMethod === 'debit') {
    if (!str(d.bankName)) errors['newCustomer.bankName'] = ['validation.required'];
    if (!str(d.accountHolder)) errors['newCustomer.accountHolder'] = ['validation.required'];
    const iban = ibanError(d.iban);
    if (iban) errors['newCustomer.iban'] = [iban];
    const bic = bicError(d.bic);
    if (bic) errors['newCustomer.bic'] = [bic];
    if (d.mandateAuthorised !== true) errors['newCustomer.mandateAuthorised'] = ['errors.debit_mandate_required'];
  }
  if (d.paymentMethod === 'credit_card' && !str(d.cardToken)) errors['newCustomer.cardToken'] = ['validation.required'];
  return errors;
}

const compactIban = (iban: string | null | undefined) => str(iban).replace(/\s/g, '').toUpperCase();

/** The stored copy of new customer data: no card token, the IBAN masked (the full IBAN lives only on the customer). */
export function newCustomerSummary(d: NewCustomerDraft): NewCustomerSummary {
  const data = asCustomerData(d, 'de');
  const debit = d.paymentMethod === 'debit';
  return {
    company: data.company,
    department: data.department,
    street: data.street,
    zip: data.zip,
    city: data.city,
    country: data.country,
    phone: data.phone,
    invoiceEmails: data.invoiceEmails.trim(),
    vatId: data.vatId,
    referenceSign: data.referenceSign,
    paymentMethod: d.paymentMethod ?? 'transfer',
    bankName: debit ? str(d.bankName) : null,
    accountHolder: debit ? str(d.accountHolder) : null,
    ibanMasked: debit ? maskIban(compactIban(d.iban)) : null,
    bic: debit ? str(d.bic).replace(/\s/g, '').toUpperCase() : null,
  };
}

/** The next customer number: one above the highest, under a transaction-scoped advisory lock (numbers are unique). */
async function nextCustomerNumber(em: EntityManager): Promise<number> {
  const sql = em as SqlEntityManager;
  await sql.execute(`select pg_advisory_xact_lock(hashtext('customers.number'))`);
  const [row] = await sql.execute<{ n: string | number | null }[]>('select max("number") as "n" from "customers"');
  return Math.max(Number(row?.n ?? 0), 10000) + 1;
}

/**
 * Creates the customer of a new-customer order inside the submission's transaction: its company data,
 * the ordering user as its (active) manager and contact person, and its payment method through the
 * customers module (mandate reference for debit; the card token is redeemed once). Nothing of it stays
 * when the order is refused, because it is the same transaction.
 */
export async function createOrderingCustomer(em: EntityManager, clock: Clock, provider: PaymentProvider, user: User, d: NewCustomerDraft): Promise<Customer> {
  try {
    return await createCustomer(em, clock, provider, user, d);
  } catch (error) {
    // The customers module names its own fields; the wizard's are under `newCustomer.`.
    if (error instanceof DomainError && error.code === 'validation' && error.fields)
      throw ValidationFailed(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`newCustomer.${k}`, v])), error.message);
    throw error;
  }
}

async function createCustomer(em: EntityManager, clock: Clock, provider: PaymentProvider, user: User, d: NewCustomerDraft): Promise<Customer> {
  const now = clock.now();
  const data = asCustomerData(d, user.language === 'en' ? 'en' : 'de');
  const customer = em.create(Customer, {
    number: await nextCustomerNumber(em),
    company: data.company,
    street: data.street,
    zip: data.zip,
    city: data.city,
    country: data.country,
    invoiceEmails: '',
    enteredAt: now,
    language: data.language,
  } as unknown as Customer);
  em.create(CustomerManager, { customer, user: user.id, active: true, createdAt: now } as unknown as CustomerManager);
  await em.flush();
  await updateCustomerData(em, customer, { ...data, contactPersonId: user.id });
  const change: PaymentChange =
    d.paymentMethod === 'debit'
      ? { method: 'debit', accountHolder: str(d.accountHolder), iban: compactIban(d.iban), bic: str(d.bic), mandateAuthorised: d.mandateAuthorised === true, applyToOpenInvoices: false }
      : d.paymentMethod === 'credit_card'
        ? { method: 'credit_card', cardToken: str(d.cardToken), applyToOpenInvoices: false }
        : { method: 'transfer', applyToOpenInvoices: false };
  await changePaymentMethod(em, { clock, provider, actor: user }, customer, change);
  return customer;
}
