import { pino, type Logger, type LoggerOptions } from 'pino';

/** Every path that may carry a secret or personal payment data is censored in logs. */
export const redactedPaths = [
  'password',
  'password_old',
  'password_confirmation',
  'passwordHash',
  'token',
  'code',
  'secret',
  'iban',
  'IBAN',
  '*.password',
  '*.password_old',
  '*.password_confirmation',
  '*.passwordHash',
  '*.token',
  '*.code',
  '*.secret',
  '*.iban',
  '*.IBAN',
  // Webhook signing secrets (issue 30), sealed.
  'secretSealed',
  'previousSecretSealed',
  '*.secretSealed',
  '*.previousSecretSealed',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'body.password',
  'body.token',
  'body.code',
  'body.iban',
];

export type { Logger };

export function createLogger(options: { level?: string; pretty?: boolean; destination?: pino.DestinationStream } = {}): Logger {
  const opts: LoggerOptions = {
    level: options.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
    base: { service: 'portal' },
  };
  if (options.destination) return pino(opts, options.destination);
  if (options.pretty) return pino({ ...opts, transport: { target: 'pino-pretty', options: { colorize: true } } });
  return pino(opts);
}

/**
 * The log redaction rules as names of object keys (the last segment of every redacted path, plus the
 * request headers the logger censors), for data that leaves the portal through other channels than the log:
 * error reports (issue 31) apply them in their `beforeSend`.
 */
export const redactedKeys: ReadonlySet<string> = new Set(
  [...redactedPaths.map((p) => p.replace(/^.*[.[]"?/, '').replace(/"?\]$/, '')), 'cookie', 'cookies', 'authorization', 'x-csrf-token', 'set-cookie'].map((k) =>
    k.toLowerCase(),
  ),
);

const emailPattern = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}\b/g;
const ibanPattern = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const bearerPattern = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** SQL in driver errors carries the statement's values: every quoted literal is censored. */
const sqlLiteralPattern = /'(?:[^']|'')*'/g;
const looksLikeSql = /\b(insert into|update\s+"?\w+"?\s+set|select\s.+\sfrom|delete from)\b/i;

/** Censors e-mail addresses, IBANs, credentials and, in SQL, every literal of a free text (an error message). */
export function redactText(text: string): string {
  let out = text.replace(emailPattern, '[redacted]').replace(ibanPattern, '[redacted]').replace(bearerPattern, '$1 [redacted]');
  if (looksLikeSql.test(out)) out = out.replace(sqlLiteralPattern, "'[redacted]'");
  return out;
}

/** A copy of `value` with the values of every key in {@link redactedKeys} censored and free texts passed through {@link redactText}. */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactedKeys.has(k.toLowerCase()) ? '[redacted]' : redactSecrets(v, depth + 1);
  return out as T;
}
