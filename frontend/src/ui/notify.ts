import i18next from 'i18next';
import { apiError } from '../api/baseApi';
import { alertAdded } from './uiSlice';

export const support = { phone: '+49 30 1234567-0', email: 'support@example.com' } as const;

/** Translates a server message key (`errors.x`) into the user's language; unknown keys fall back to the generic error. */
export function translateServerMessage(key: string | undefined): string {
  if (!key) return i18next.t('errors:internal');
  const [ns, ...rest] = key.split('.');
  const k = ns === 'errors' ? `errors:${rest.join('.')}` : key;
  return i18next.exists(k) ? i18next.t(k) : i18next.t('errors:internal');
}

/** A danger notice for a failed call, with the support contact (§8 "other errors"). 401 stays silent. */
export function callFailed(error: unknown) {
  const status = (error as { status?: number | string } | undefined)?.status;
  if (status === 401) return undefined;
  const message = status === 'FETCH_ERROR' ? i18next.t('errors:network') : translateServerMessage(apiError(error)?.message);
  return alertAdded({ type: 'danger', message: i18next.t('errors:withSupport', { message, ...support }) });
}
