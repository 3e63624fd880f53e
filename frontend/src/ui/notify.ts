import i18next from 'i18next';
import { runtimeT } from '@portal/plugin-sdk/web/runtime-t';
import { apiError } from '../api/baseApi';
import { alertAdded } from './uiSlice';

/**
 * §8 "Handling of call errors" and "Success notices", in one place for every screen: failed calls
 * become a danger notice with the support contact (401 stays silent, 429 says "too many attempts"),
 * successes a success (or info) notice. Forms use `submitErrors` (forms/submitErrors.ts), which builds
 * on the same messages.
 */

import { support } from './support';

export { support, supportLinks } from './support';

type CallError = { status?: number | string; meta?: { response?: Response } } | undefined;

const statusOf = (error: unknown) => (error as CallError)?.status;

/**
 * Translates a server message key (`errors.x`) into the user's language; unknown keys fall back to the generic
 * error. `service` is the error body's service in maintenance (`errors.service_maintenance`, §8), by its name.
 */
export function translateServerMessage(key: string | undefined, service?: string): string {
  if (!key) return i18next.t('errors:internal');
  const [ns, ...rest] = key.split('.');
  const k = ns === 'errors' ? `errors:${rest.join('.')}` : key;
  if (!i18next.exists(k)) return i18next.t('errors:internal');
  const serviceName =
    service && (i18next.exists(`errors:services.${service}`) ? runtimeT(i18next.t, `errors:services.${service}`) : service);
  return runtimeT(i18next.t, k, serviceName ? { service: serviceName } : undefined);
}

/** Seconds from a 429's `Retry-After`, if the server sent one. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const seconds = Number((error as CallError)?.meta?.response?.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** §8: 429 (e.g. on verify or request code) is "too many attempts" with the support phone and e-mail. */
export function tooManyAttempts(error: unknown): string {
  const seconds = retryAfterSeconds(error);
  return seconds
    ? i18next.t('errors:too_many_attempts_wait_support', { seconds, ...support })
    : i18next.t('errors:too_many_attempts_support', support);
}

/** The text of a failed call (not for 401): network, 429, or the server's message key with the support contact. */
export function callErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 429) return tooManyAttempts(error);
  const body = apiError(error);
  const message = status === 'FETCH_ERROR' ? i18next.t('errors:network') : translateServerMessage(body?.message, body?.service);
  return i18next.t('errors:withSupport', { message, ...support });
}

/** A danger notice for a failed call, with the support contact (§8 "other errors"). 401 stays silent. */
export function callFailed(error: unknown) {
  if (statusOf(error) === 401) return undefined;
  return alertAdded({ type: 'danger', message: callErrorMessage(error) });
}

/** §8 success notice: `notifySuccess('profile:notices.contactDataUpdated')`. Closes by itself (§9). */
export function notifySuccess(key: string, options?: Record<string, unknown>) {
  return alertAdded({ type: 'success', message: runtimeT(i18next.t, key, options) });
}

/** An info notice (e.g. §8 "e-mail change requested"). Closes by itself (§9). */
export function notifyInfo(key: string, options?: Record<string, unknown>) {
  return alertAdded({ type: 'info', message: runtimeT(i18next.t, key, options) });
}
