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
