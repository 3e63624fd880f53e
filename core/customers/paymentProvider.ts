/**
 * The payment-provider port (§5 credit card). The portal never sees or stores a card number: the card
 * is entered in the provider's hosted fields, which hand the browser a single-use token; the portal
 * redeems it once and keeps the provider's (reusable) token, brand, last four digits and expiry.
 * A real provider plugs in here (Stripe: a SetupIntent's PaymentMethod id; Adyen: a stored payment
 * method); `LocalPaymentProvider` stands in for development and tests.
 */
export interface RedeemedCard {
  /** The provider's token for charging the card later. */
  token: string;
  brand: string;
  last4: string;
  /** `MM/YYYY` */
  expiry: string;
}

export interface PaymentProvider {
  /** Redeems a single-use token from the hosted fields; `undefined` when it is unknown, used or expired. */
  redeemCardToken(token: string): Promise<RedeemedCard | undefined>;
}
