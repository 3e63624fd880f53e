/**
 * The plugin's rules on top of the contract (which has checked every field's pattern and limits, see `x-resources`
 * in openapi.yaml): unique logins, no system account's name, a real calendar date that has not passed, at most
 * `maxUsersPerServer` accounts.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';

export const maxUsersPerServer = 200;
/** Names of system accounts and of the anonymous login: never an account of the portal. */
export const reservedLogins = ['root', 'ftp', 'anonymous', 'nobody', 'www-data', 'proftpd', 'admin', 'daemon', 'bin', 'sys', 'mail', 'postfix', 'sshd'];

export interface FtpUserInput {
  login: string;
  documentRoot: string;
  quotaMb: number;
  expiresOn: string;
}

const key = (k: ErrorNameOf<TranslationKey>) => `ftp:errors.${k}`;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** Whether an account with this expiry date is refused on the given day (`expiresOn` is the last day it may log in). */
export const isExpired = (expiresOn: string, now: Date): boolean => expiresOn !== '' && expiresOn < dayOf(now);

/** Whether `YYYY-MM-DD` is a day of the calendar (2027-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** Field errors for an account to create (`id` undefined) or update, or `undefined` when it is fine. */
export function checkUser(input: FtpUserInput, existing: readonly { id: number; login: string; expiresOn: string }[], now: Date, id?: number): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const others = existing.filter((u) => u.id !== id);
  const login = input.login.trim();
  if (id === undefined && others.length >= maxUsersPerServer) return { _: [key('too_many')] };
  if (reservedLogins.includes(login)) errors.login = [key('login_reserved')];
  else if (others.some((u) => u.login === login)) errors.login = [key('login_taken')];
  if (input.documentRoot.split('/').some((s) => s === '.' || s === '..')) errors.documentRoot = [key('documentRoot_format')];
  if (input.expiresOn !== '') {
    const before = existing.find((u) => u.id === id)?.expiresOn;
    if (!isCalendarDay(input.expiresOn)) errors.expiresOn = [key('expiresOn_invalid')];
    // An unchanged date of an account that has expired may stay (its other fields can still be edited).
    else if (isExpired(input.expiresOn, now) && input.expiresOn !== before) errors.expiresOn = [key('expiresOn_past')];
  }
  return Object.keys(errors).length ? errors : undefined;
}
