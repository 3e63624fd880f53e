import { LockMode, type EntityManager } from '@mikro-orm/core';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { recordAudit } from '../platform/index.ts';
import type { Clock } from '../platform/index.ts';
import { ValidationFailed, type FieldErrors } from '../platform/index.ts';
import { randomToken } from '../platform/index.ts';
import { type User, Customer } from '../tenancy/index.ts';
import type { PaymentProvider } from './paymentProvider.ts';

/** The euro area (ISO codes of IBANs): SEPA direct debit in euro is offered for these only (§5). */
export const euroAreaCountries = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'] as const;

/** §9: a direct debit can be refunded within 12 weeks. */
export const DEBIT_REFUND_WEEKS = 12;

/** The IBAN checks of §5: valid (checksum and length of its country) and from the euro area. */
export function ibanError(value: string | null | undefined): string | undefined {
  const iban = electronicFormatIBAN(value ?? '') ?? '';
  if (!iban) return 'validation.required';
  if (!isValidIBAN(iban)) return 'errors.iban_invalid';
  if (!(euroAreaCountries as readonly string[]).includes(iban.slice(0, 2))) return 'errors.iban_not_euro_area';
  return undefined;
}

export const bicError = (value: string | null | undefined): string | undefined => {
  const bic = (value ?? '').replace(/\s/g, '').toUpperCase();
  if (!bic) return 'validation.required';
  return isValidBIC(bic) ? undefined : 'errors.bic_invalid';
};

export type PaymentChange =
  | { method: 'transfer'; applyToOpenInvoices: boolean }
  | { method: 'debit'; accountHolder: string; iban: string; bic: string; mandateAuthorised: boolean; applyToOpenInvoices: boolean }
  | { method: 'credit_card'; cardToken: string; applyToOpenInvoices: boolean };

export interface PaymentContext {
  clock: Clock;
  provider: PaymentProvider;
  actor: User;
  ip?: string;
}

/** A mandate reference (SEPA: at most 35 characters): the customer number, the day and a random part. */
const mandateReference = (c: Customer, at: Date) => `M${c.number}-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${randomToken(6).replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toUpperCase()}`;

/**
 * Changes a customer's payment method (§2 payment method, §5 Customer and payment). Debit: account
 * holder, an euro-area IBAN, a valid BIC and the authorised mandate (a new mandate reference and date
 * are stored). Credit card: a provider token that is unused and unexpired (redeemed once). Transfer:
 * bank and card data are dropped. Every field error comes at once (422), nothing stored. Runs inside the
 * request's transaction with the customer's row locked, so concurrent changes apply one after the other.
 */
export async function changePaymentMethod(em: EntityManager, ctx: PaymentContext, customer: Customer, change: PaymentChange): Promise<Customer> {
  const fields: FieldErrors = {};
  if (change.method === 'debit') {
    if (!change.accountHolder.trim()) fields.accountHolder = ['validation.required'];
    const iban = ibanError(change.iban);
    if (iban) fields.iban = [iban];
    const bic = bicError(change.bic);
    if (bic) fields.bic = [bic];
    if (!change.mandateAuthorised) fields.mandateAuthorised = ['errors.debit_mandate_required'];
  }
  if (Object.keys(fields).length) throw ValidationFailed(fields);
  // Two changes at once (issue 31): the second waits for the first and starts from its result. Without the
  // lock each request wrote only the columns it saw differ, and the two halves mixed (`transfer` with an IBAN).
  await em.findOneOrFail(Customer, { id: customer.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  // Redeeming uses the token up, so it comes after every other check.
  const card = change.method === 'credit_card' ? await ctx.provider.redeemCardToken(change.cardToken) : undefined;
  if (change.method === 'credit_card' && !card) throw ValidationFailed({ cardToken: ['errors.card_token_used_or_expired'] });
  const now = ctx.clock.now();
  const cleared = { accountHolder: null, iban: null, bic: null, mandateReference: null, mandateDate: null, cardToken: null, cardBrand: null, cardLast4: null, cardExpiry: null };
  em.assign(customer, {
    ...cleared,
    paymentMethod: change.method,
    paymentAppliesToOpenInvoices: change.applyToOpenInvoices,
    ...(change.method === 'debit'
      ? {
          accountHolder: change.accountHolder.trim(),
          iban: electronicFormatIBAN(change.iban),
          bic: change.bic.replace(/\s/g, '').toUpperCase(),
          mandateReference: mandateReference(customer, now),
          mandateDate: now,
        }
      : {}),
    ...(card ? { cardToken: card.token, cardBrand: card.brand, cardLast4: card.last4, cardExpiry: card.expiry } : {}),
  } as Partial<Customer>);
  recordAudit(em, ctx.clock, {
    action: 'customer.payment_method_changed',
    actor: ctx.actor,
    ip: ctx.ip,
    details: { customerId: customer.id, method: change.method, applyToOpenInvoices: change.applyToOpenInvoices },
  });
  await em.flush();
  return customer;
}

/** An IBAN for display: country, check digits and the last four, the rest masked. */
export const maskIban = (iban: string): string => `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`;
