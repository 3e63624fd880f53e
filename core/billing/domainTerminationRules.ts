import { randomInt } from 'node:crypto';
import { addDays, type Day } from './calendar.ts';

/** How long a transfer code (auth code) is valid after it was generated (docs/decisions.md, Billing). */
export const AUTH_CODE_VALID_DAYS = 30;
/** Length of a generated transfer code. */
export const AUTH_CODE_LENGTH = 16;

/** `.co.uk` and `.uk` domains must be terminated manually (§5, R5.030). */
export const needsManualTermination = (domain: string): boolean => /(^|\.)uk\.?$/i.test(domain.trim());

/** A domain termination takes effect at the end of the registration period (§4): its last day. */
export const domainTerminationOn = (registrationEndsOn: Day): Day => registrationEndsOn;

/** The termination is effective once the day after the termination day has begun. */
export const isTerminationEffective = (terminationOn: Day, today: Day): boolean => today >= addDays(terminationOn, 1);

/** Until when a transfer code generated at `at` is valid. */
export const authCodeValidUntil = (at: Date): Date => new Date(at.getTime() + AUTH_CODE_VALID_DAYS * 86_400_000);

export const isAuthCodeExpired = (validUntil: Date, now: Date): boolean => now.getTime() >= validUntil.getTime();

/**
 * A transfer code: letters, digits and a few specials, at least one of each class (the common registry
 * rule), drawn from the CSPRNG. Ambiguous characters (0/O, 1/l/I) are left out for reading it aloud.
 */
const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '+-_=#'];
export function generateAuthCode(): string {
  const all = classes.join('');
  const chars = classes.map((c) => c[randomInt(c.length)]!);
  while (chars.length < AUTH_CODE_LENGTH) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
