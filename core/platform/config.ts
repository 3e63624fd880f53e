import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address users reach the portal at; decides Secure cookies, HSTS and the allowed Origin. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string. Unset: the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  /** Sender of the portal's e-mails. */
  MAIL_FROM: z.string().min(3).default('Kundenportal <no-reply@example.com>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Idle lifetime of a sign-in session. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Absolute lifetime of a sign-in session. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Encrypts two-factor secrets at rest (≥ 32 characters, e.g. `openssl rand -base64 32`). Unset: a key file `DATA_DIR/two-factor.key`. */
  TWO_FACTOR_KEY: z.string().min(32).optional(),
  MAINTENANCE: bool,
  TRUST_PROXY: bool,
  /** Further origins allowed to call the API and open the socket, comma-separated (e.g. the Vite dev server). */
  ALLOWED_ORIGINS: z.string().default(''),
  SUPPORT_PHONE: z.string().default('+49 30 1234567-0'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  /** Whether the portal is served over HTTPS (from PUBLIC_URL). */
  secure: boolean;
  publicOrigin: string;
  /** Origins besides the public one that may call the API (development only). */
  devOrigins: string[];
};

export class ConfigError extends Error {}

/** Reads and validates the configuration from the environment; unknown values fail loudly at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  const url = new URL(publicUrl);
  return {
    ...c,
    PUBLIC_URL: publicUrl,
    dataDir: path.resolve(c.DATA_DIR), secure: url.protocol === 'https:', publicOrigin: url.origin,
    devOrigins: c.ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
  };
}
