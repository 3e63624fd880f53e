/**
 * Money as integer euro cents (no floating point in any sum). VAT is 19 % (§9) and prices are shown
 * excluding VAT; gross = net + VAT, with the VAT rounded half away from zero to whole cents.
 */
export const VAT_PERCENT = 19;
export const CURRENCY = 'EUR' as const;

export interface Amounts {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** The VAT on a net amount in cents, rounded half away from zero. */
export function vatCents(netCents: number): number {
  assertCents(netCents);
  const sign = netCents < 0 ? -1 : 1;
  // Integer arithmetic: |net| * 19 is exact; adding 50 before the integer division rounds half up.
  return sign * Math.floor((Math.abs(netCents) * VAT_PERCENT + 50) / 100);
}

export function withVat(netCents: number): Amounts {
  const vat = vatCents(netCents);
  return { netCents, vatCents: vat, grossCents: netCents + vat };
}

/** `1234` → `"12.34"`, `-5` → `"-0.05"` (the contract's decimal string). */
export function centsToDecimal(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The contract's Money object. */
export const money = (cents: number) => ({ amount: centsToDecimal(cents), currency: CURRENCY });

/** Sum of cents. */
export const sumCents = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
}
