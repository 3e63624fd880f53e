import type { BodyOf, ErrorResponse, ResponseOf } from '@portal/openapi';
import { contractPath } from '../api/contractPath';
import { support } from '../ui/support';
import type { Translator } from './i18n';

/**
 * The few calls of the sign-in page, typed from the contract, with plain `fetch` (no RTK Query): the
 * CSRF header from the readable cookie as the SPA sends it, JSON in and out.
 */
export type LoginAnswer = ResponseOf<'login'>;
export type Me = ResponseOf<'getMe'>;

export type Result<T> = { ok: true; data: T } | { ok: false; status: number | 'network'; error?: ErrorResponse['error']; retryAfter?: number };

export function readCookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1];
}

let signingIn = 0;

/** A sign-in call is on its way: its cookie may already be set while its answer is still being read. */
export const signInPending = (): boolean => signingIn > 0;

async function signInCall<T>(url: string, body: unknown): Promise<Result<T>> {
  signingIn++;
  try {
    return await call<T>('POST', url, body);
  } finally {
    signingIn--;
  }
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Result<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = readCookie('portal_csrf');
  if (csrf) headers['X-CSRF-Token'] = csrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    return { ok: false, status: 'network' };
  }
  const data = (await res.json().catch(() => undefined)) as unknown;
  if (res.ok) return { ok: true, data: data as T };
  const seconds = Number(res.headers.get('Retry-After'));
  return {
    ok: false,
    status: res.status,
    error: (data as ErrorResponse | undefined)?.error,
    retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
  };
}

export const client = {
  login: (body: BodyOf<'login'>) => signInCall<LoginAnswer>(contractPath('login', 'POST', 'api/v1/session'), body),
  completeTwoFactorLogin: (body: BodyOf<'completeTwoFactorLogin'>) => signInCall<ResponseOf<'completeTwoFactorLogin'>>(contractPath('completeTwoFactorLogin', 'POST', 'api/v1/session/two-factor'), body),
  getMe: () => call<Me>('GET', contractPath('getMe', 'GET', 'api/v1/me')),
  getDemo: () => call<ResponseOf<'getDemo'>>('GET', contractPath('getDemo', 'GET', 'api/v1/demo')),
  /** The server's readiness: 503 `maintenance` while the portal is being maintained (a probe outside the API contract). */
  ready: () => call<unknown>('GET', '/api/ready'),
};

export const isTwoFactorChallenge = (a: LoginAnswer): a is Extract<LoginAnswer, { twoFactorRequired: true }> => 'twoFactorRequired' in a;

export const isMaintenance = (r: Result<unknown>): boolean => !r.ok && r.status === 503 && r.error?.code === 'maintenance';

/** A server message key (`validation.required`, `errors.invalid_credentials`) in the user's language (as forms/submitErrors.ts). */
export function translateFieldMessage({ t, exists }: Translator, key: string): string {
  if (key.startsWith('validation.')) {
    const k = `errors:validationField.${key.slice('validation.'.length)}`;
    return exists(k) ? t(k) : t('errors:validationField.unknown');
  }
  const [ns, ...rest] = key.split('.');
  const k = ns === 'errors' ? `errors:${rest.join('.')}` : key;
  return exists(k) ? t(k) : t('errors:internal');
}

export interface SubmitErrors {
  form?: string;
  fields: Record<string, string>;
}

/**
 * A failed call as the form shows it (§8, as `submitErrors` in the SPA): 422 field errors onto their
 * fields (`_` onto the form), 429 "too many attempts" with the support contact, no network, anything
 * else (a locked account, 5xx) the server's message with the support contact.
 */
export function submitErrors(tr: Translator, result: Extract<Result<unknown>, { ok: false }>): SubmitErrors {
  const { t } = tr;
  if (result.status === 422 && result.error?.fields) {
    const fields: Record<string, string> = {};
    let form: string | undefined;
    for (const [name, keys] of Object.entries(result.error.fields)) {
      if (name === '_') form = translateFieldMessage(tr, keys[0]);
      else fields[name] = translateFieldMessage(tr, keys[0]);
    }
    return { form, fields };
  }
  if (result.status === 429)
    return {
      fields: {},
      form: result.retryAfter
        ? t('errors:too_many_attempts_wait_support', { seconds: result.retryAfter, ...support })
        : t('errors:too_many_attempts_support', support),
    };
  if (result.status === 'network') return { fields: {}, form: t('errors:network') };
  const key = result.error?.message;
  const message = key ? translateFieldMessage(tr, key) : t('errors:internal');
  return { fields: {}, form: t('errors:withSupport', { message, ...support }) };
}
