import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import i18next from 'i18next';
import { apiError } from '../api/baseApi';
import { support, translateServerMessage } from '../ui/notify';

/** A field message key from the server (`validation.maxLength`, `errors.invalid_credentials`) in the user's language. */
export function translateFieldMessage(key: string): string {
  if (key.startsWith('validation.')) {
    const k = `errors:validationField.${key.slice('validation.'.length)}`;
    return i18next.exists(k) ? i18next.t(k) : i18next.t('errors:validationField.unknown');
  }
  return translateServerMessage(key);
}

/**
 * Maps a failed call onto a react-final-form submission result (§8): 422 field errors onto their
 * fields, 429 as "too many attempts", anything else as a form-level error. 401 gives nothing.
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
  if (status === 429) {
    const retry = Number((error as { meta?: { response?: Response } }).meta?.response?.headers.get('Retry-After'));
    return {
      [FORM_ERROR]: retry
        ? i18next.t('errors:too_many_attempts', { seconds: retry })
        : i18next.t('errors:too_many_attempts_support', support),
    };
  }
  if (status === 'FETCH_ERROR') return { [FORM_ERROR]: i18next.t('errors:network') };
  return { [FORM_ERROR]: i18next.t('errors:withSupport', { message: translateServerMessage(body?.message), ...support }) };
}
