import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../platform/index.ts';
import { ValidationFailed, type FieldErrors } from '../platform/index.ts';
import { randomToken, sha256 } from '../platform/index.ts';
import { LocalCardToken } from './LocalCardToken.ts';
import type { PaymentProvider, RedeemedCard } from './paymentProvider.ts';

/** A hosted-field token is valid for 15 minutes, like the providers' client tokens. */
export const LOCAL_CARD_TOKEN_MINUTES = 15;

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && digits.length <= 19 && sum % 10 === 0;
}

const brandOf = (digits: string): string =>
  /^4/.test(digits) ? 'visa' : /^(5[1-5]|2[2-7])/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : 'card';

export interface HostedCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * The local stand-in for a payment provider: its "hosted field" endpoint takes a card, checks it (Luhn,
 * expiry, CVC) and returns a single-use token; the number is dropped at once, only brand, last four
 * digits and expiry are kept. Redeeming works once and within 15 minutes.
 */
export class LocalPaymentProvider implements PaymentProvider {
  private readonly em: EntityManager;
  private readonly clock: Clock;
  constructor(em: EntityManager, clock: Clock) {
    this.em = em;
    this.clock = clock;
  }

  /** The hosted field's answer to a card: a single-use token, or 422 with the card's field errors. */
  async issueCardToken(input: HostedCardInput): Promise<{ token: string; expiresAt: Date }> {
    const digits = input.number.replace(/[\s-]/g, '');
    const now = this.clock.now();
    const fields: FieldErrors = {};
    if (!/^\d+$/.test(digits) || !luhnValid(digits)) fields.number = ['errors.card_number_invalid'];
    const endOfExpiry = new Date(Date.UTC(input.expYear, input.expMonth, 1));
    if (input.expMonth < 1 || input.expMonth > 12 || endOfExpiry <= now) fields.expiry = ['errors.card_expired'];
    if (!/^\d{3,4}$/.test(input.cvc)) fields.cvc = ['errors.card_cvc_invalid'];
    if (Object.keys(fields).length) throw ValidationFailed(fields);
    const token = `tok_local_${randomToken(24)}`;
    this.em.create(LocalCardToken, {
      tokenHash: sha256(token),
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expiry: `${String(input.expMonth).padStart(2, '0')}/${input.expYear}`,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOCAL_CARD_TOKEN_MINUTES * 60_000),
    } as LocalCardToken);
    await this.em.flush();
    return { token, expiresAt: new Date(now.getTime() + LOCAL_CARD_TOKEN_MINUTES * 60_000) };
  }

  async redeemCardToken(token: string): Promise<RedeemedCard | undefined> {
    const now = this.clock.now();
    // One statement claims the token, so of two parallel uses only one wins.
    const claimed = await this.em.nativeUpdate(LocalCardToken, { tokenHash: sha256(token), usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
    if (!claimed) return undefined;
    const row = await this.em.findOneOrFail(LocalCardToken, { tokenHash: sha256(token) });
    return { token: `pm_local_${randomToken(24)}`, brand: row.brand, last4: row.last4, expiry: row.expiry };
  }
}
