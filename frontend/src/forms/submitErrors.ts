import { runtimeT } from '@portal/plugin-sdk/web/runtime-t';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import i18next from 'i18next';
import { apiError } from '../api/baseApi';
import { callErrorMessage, tooManyAttempts, translateServerMessage } from '../ui/notify';

/**
 * §5 "Server-side field errors": what a server may say about a field, mapped to our message keys.
 * Our API sends keys (`errors.email_taken`); the plain sentences are what older back ends said, so a
 * field message from either ends up as the same translated text.
 */
const fieldMessageKeys: [match: RegExp, key: string][] = [
  [/^errors\.email_taken$|has already been taken|bereits vergeben/i, 'errors:email_taken'],
  [/^errors\.invalid_password$|password is (incorrect|invalid|wrong)|does not match your current password|passwort ist falsch/i, 'errors:invalid_password'],
  [/^errors\.password_rule$|^the password must contain|passwort muss .* enthalten/i, 'errors:password_rule'],
];

/** The message key for a server field message (known sentences and keys); `undefined` when not special. */
export function fieldMessageKey(message: string): string | undefined {
  return fieldMessageKeys.find(([match]) => match.test(message))?.[1];
}

/** A field message key from the server (`validation.maxLength`, `errors.invalid_credentials`) in the user's language. */
export function translateFieldMessage(key: string): string {
  const mapped = fieldMessageKey(key);
  if (mapped) return runtimeT(i18next.t, mapped);
  if (key.startsWith('validation.')) {
    const k = `errors:validationField.${key.slice('validation.'.length)}`;
    return i18next.exists(k) ? runtimeT(i18next.t, k) : i18next.t('errors:validationField.unknown');
  }
  return translateServerMessage(key);
}

/**
 * Maps a failed call onto a react-final-form submission result (§8): 422 field errors onto their
 * fields (taken e-mail, invalid password and password rule as their own messages), 429 as "too many
 * attempts" with the support contact, anything else as a form-level error with the support contact.
 * 401 gives nothing (the login modal takes over).
 */
export function submitErrors(error: unknown): SubmissionErrors | undefined {
  const status = (error as { status?: number | string }).status;
  if (status === 401) return undefined;
  const body = apiError(error);
  if (status === 422 && body?.fields) {
    const fields: Record<string, string> = {};
    for (const [name, keys] of Object.entries(body.fields)) fields[name === '_' ? FORM_ERROR : name] = translateFieldMessage(keys[0]);
    return fields;
  }
  if (status === 429) return { [FORM_ERROR]: tooManyAttempts(error) };
  if (status === 'FETCH_ERROR') return { [FORM_ERROR]: i18next.t('errors:network') };
  return { [FORM_ERROR]: callErrorMessage(error) };
}
