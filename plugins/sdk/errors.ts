/**
 * The error vocabulary a plugin throws; the host turns each into the portal's error response
 * (`{ error: { code, message, fields? } }`) with the usual status. Messages and field messages are
 * i18next keys: `validation.<rule>` / `errors.<key>` of the portal, or `<pluginId>:<key>` of the plugin.
 */
export type PluginErrorCode = 'validation' | 'not_found' | 'not_allowed' | 'conflict' | 'unavailable';

export type FieldErrors = Record<string, string[]>;

export class PluginError extends Error {
  readonly code: PluginErrorCode;
  readonly fields?: FieldErrors;
  constructor(code: PluginErrorCode, message: string, fields?: FieldErrors) {
    super(message);
    this.name = 'PluginError';
    this.code = code;
    this.fields = fields;
  }
}

/** 422: nothing was stored or applied. `fields` keys are the request's property paths (`aliases.0`). */
export const validationFailed = (fields: FieldErrors, message = 'errors.validation') => new PluginError('validation', message, fields);
/** 404. */
export const notFound = (message = 'errors.not_found') => new PluginError('not_found', message);
/** 409, e.g. a name that exists already or an apply still running. */
export const conflict = (message = 'errors.conflict') => new PluginError('conflict', message);
/** 403 for a rule of the plugin (access to the server is checked by the host before). */
export const notAllowed = (message = 'errors.not_allowed') => new PluginError('not_allowed', message);
/** 503. */
export const unavailable = (message = 'errors.unavailable') => new PluginError('unavailable', message);

export const isPluginError = (e: unknown): e is PluginError => e instanceof PluginError || (e as { name?: string })?.name === 'PluginError';

/** `value`, or a 404 when it is missing: `const job = found(await c.em.findOne(Cronjob, { id, serverId }))`; also for the count of a `nativeDelete`/`nativeUpdate` (0 → 404). */
export function found<T>(value: T, message?: string): Exclude<T, null | undefined | 0> {
  if (value === null || value === undefined || value === 0) throw notFound(message);
  return value as Exclude<T, null | undefined | 0>;
}
