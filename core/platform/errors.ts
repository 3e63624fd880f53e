/**
 * The one error vocabulary of the portal. Core services throw these; the BFF turns them into
 * `{ error: { code, message, fields? }, requestId }` with the matching HTTP status.
 * `message` is an i18n key (namespace `errors`), translated by the frontend.
 */
export type FieldErrors = Record<string, string[]>;

export type ErrorCode =
  | 'not_found'
  | 'not_allowed'
  | 'unauthenticated'
  | 'validation'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'
  | 'maintenance'
  | 'internal';

const statusByCode: Record<ErrorCode, number> = {
  not_found: 404,
  not_allowed: 403,
  unauthenticated: 401,
  validation: 422,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
  maintenance: 503,
  internal: 500,
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldErrors;
  /** Seconds until a rate-limited caller may retry. */
  readonly retryAfter?: number;
  /** The service in maintenance (`errors.service_maintenance`), for the message's `{service}`. */
  readonly service?: string;

  constructor(code: ErrorCode, message: string, options: { fields?: FieldErrors; retryAfter?: number; service?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.status = statusByCode[code];
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
    this.service = options.service;
  }
}

export const NotFound = (message = 'errors.not_found') => new DomainError('not_found', message);
export const NotAllowed = (message = 'errors.not_allowed') => new DomainError('not_allowed', message);
export const Unauthenticated = (message = 'errors.unauthenticated') => new DomainError('unauthenticated', message);
export const Conflict = (message = 'errors.conflict') => new DomainError('conflict', message);
export const Unavailable = (message = 'errors.unavailable') => new DomainError('unavailable', message);
export const RateLimited = (retryAfter: number, message = 'errors.rate_limited') =>
  new DomainError('rate_limited', message, { retryAfter });
/** A 422 with one or more messages per field; `fields` keys are the request's property names. */
export const ValidationFailed = (fields: FieldErrors, message = 'errors.validation') =>
  new DomainError('validation', message, { fields });

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
