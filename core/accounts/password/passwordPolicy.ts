import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import { ValidationFailed } from '../../platform/index.ts';

/** §5 / §9: a password has 12 to 255 characters. */
export const passwordMinLength = 12;
export const passwordMaxLength = 255;
/** zxcvbn score (0–4) a password needs: 3 is "safely unguessable" (about 10^10 guesses). */
export const passwordMinScore = 3;

/** What we know about the person, so a password built from it is refused. */
export interface PasswordOwner {
  email?: string | null;
  firstname?: string | null;
  surname?: string | null;
  company?: string | null;
}

let factory: ZxcvbnFactory | undefined;
const estimator = (): ZxcvbnFactory =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...de.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  }));

/** Parts of the owner's data long enough to matter: e-mail local part and domain label, names, company. */
function personalWords(owner: PasswordOwner): string[] {
  const [local = '', domain = ''] = (owner.email ?? '').toLowerCase().split('@');
  const words = [local, ...local.split(/[._+-]/), domain.split('.')[0], owner.firstname, owner.surname, owner.company]
    .map((w) => (w ?? '').trim().toLowerCase())
    .filter((w) => w.length >= 3);
  return [...new Set(words)];
}

/**
 * Checks a new password against the policy and returns the field message keys it breaks (empty: fine):
 * `errors.password_length` (12–255 characters), `errors.password_personal` (contains the e-mail address
 * or the name) and `errors.password_rule` (too easy to guess, zxcvbn score below 3, dictionaries in
 * German and English, the owner's data counted as known words).
 */
export function checkPassword(password: string, owner: PasswordOwner = {}): string[] {
  if ([...password].length < passwordMinLength || [...password].length > passwordMaxLength) return ['errors.password_length'];
  const lower = password.toLowerCase();
  const words = personalWords(owner);
  if (words.some((w) => w.length >= 4 && lower.includes(w)) || (owner.email && lower.includes(owner.email.toLowerCase())))
    return ['errors.password_personal'];
  // zxcvbn's cost grows with the length; the first 100 characters decide the score well enough.
  const { score } = estimator().check(password.slice(0, 100), words);
  return score < passwordMinScore ? ['errors.password_rule'] : [];
}

/** Throws a 422 on `field` when the password breaks the policy (change password, reset, registration). */
export function assertPasswordPolicy(password: string, owner: PasswordOwner = {}, field = 'password'): void {
  const problems = checkPassword(password, owner);
  if (problems.length) throw ValidationFailed({ [field]: problems });
}
