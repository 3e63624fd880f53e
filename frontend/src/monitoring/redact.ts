/**
 * The log redaction rules of the BFF (`core/platform/logger.ts`: `redactedKeys`, `redactText`) for what the web app
 * sends elsewhere (error reports). The web app cannot import server code, so the key list is repeated here: a
 * change of the server's list belongs here too.
 */
export const redactedKeys: ReadonlySet<string> = new Set([
  'password',
  'password_old',
  'password_confirmation',
  'passwordhash',
  'token',
  'code',
  'secret',
  'iban',
  'cookie',
  'authorization',
  'x-csrf-token',
  'set-cookie',
  'cookies',
]);

const emailPattern = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}\b/g;
const ibanPattern = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const bearerPattern = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;

export function redactText(text: string): string {
  return text.replace(emailPattern, '[redacted]').replace(ibanPattern, '[redacted]').replace(bearerPattern, '$1 [redacted]');
}

export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactedKeys.has(k.toLowerCase()) ? '[redacted]' : redactSecrets(v, depth + 1);
  return out as T;
}
