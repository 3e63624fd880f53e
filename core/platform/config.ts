import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * SEPA creditor identifier (ISO 13616-like: country, two check digits over the national identifier and the
 * country by ISO 7064 mod 97-10, a three-character business code that the check leaves out, then the national
 * identifier; at most 35 characters). Spaces are dropped and letters upper-cased.
 */
export function isSepaCreditorId(value: string): boolean {
  const m = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(value);
  if (!m) return false;
  const digits = `${m[3]}${m[1]}${m[2]}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/**
 * Parts of the portal that can be taken into maintenance on their own (`MAINTENANCE_SERVICES`, §8 "Service
 * under maintenance ({service})"), each named by the contract tags of its operations.
 */
export const maintainableServices = {
  orders: ['orders'],
  invoices: ['invoices'],
  contracts: ['contracts'],
  payment: ['customer-payment'],
  documents: ['customer-documents'],
  handles: ['customer-handles'],
  managed: ['managed'],
  partner: ['partner'],
} as const satisfies Record<string, readonly string[]>;
export type MaintainableService = keyof typeof maintainableServices;

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
  /** Port of the Prometheus endpoint `GET /metrics` (issue 14); unset: no metrics endpoint. Never the public port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Graceful shutdown: longest drain phase in ms (new requests answered 503 so the balancer moves them; issue 14). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(15_000).default(3_000),
  /**
   * How often an idle instance asks the job queue for work, in seconds (apply jobs; orders twice as often,
   * the queue's own upkeep every 2×). Jobs queued or finished on this instance wake its workers at once, so
   * this only bounds how soon another instance's jobs start. The e2e portals use 5 (32 idle portals).
   */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(30).default(1),
  /**
   * PostgreSQL connections of the job queue's own pool per instance (default 4). Idle workers keep them open,
   * so many instances on one server count against its `max_connections` (the ~30 e2e portals use 1).
   */
  JOB_POOL_MAX: z.coerce.number().int().min(1).max(20).default(4),
  /**
   * How the Managed Center reaches servers (issue 28): `local` (default, the demo) — a sandbox per server on this
   * machine; `ssh` — the server over SSH with the connection settings of its "connection" page. A server's own
   * setting there overrides this.
   */
  MANAGED_GATEWAY: z.enum(['local', 'ssh']).default('local'),
  /** Seconds an unused SSH connection to a server stays open. */
  MANAGED_SSH_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Development and tests only: a directory on the far side of the ssh gateway (absolute) below which every ssh
   * server without a sandbox of its own gets one (`<dir>/<serverId>`), its paths mapped there and its programs run
   * as private instances — the e2e test's "server" is an unprivileged sshd on this machine. Unset: real servers.
   */
  MANAGED_SSH_ROOT: z.string().regex(/^\/[^\0]*$/).max(512).optional(),
  /**
   * The management connection of the portal to its servers (issue 27, firewall's lock-out guard): the source
   * addresses it connects from (comma-separated IPs or CIDRs) and the TCP port (ssh). A firewall rule set that would
   * drop it is refused.
   */
  MANAGED_MANAGEMENT_SOURCES: z
    .string()
    .max(2000)
    .default('127.0.0.1,::1')
    .refine((v) => v.split(',').every((a) => /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(a.trim())), 'IP addresses or CIDRs, comma-separated')
    .transform((v) => v.split(',').map((a) => a.trim()).filter(Boolean)),
  MANAGED_MANAGEMENT_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  /**
   * Seconds a user has to confirm a change that could cut the server off (firewall rules) before the last confirmed
   * state comes back by itself. 60 in production; tests inject a few seconds.
   */
  MANAGED_CONFIRM_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Address the metrics endpoint listens on; the loopback by default (the scraper runs on the host or reaches it through the private network). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  SMTP_URL: z.string().min(1).optional(),
  /** Sender of the portal's e-mails. */
  MAIL_FROM: z.string().min(3).default('Kundenportal <no-reply@example.com>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Idle lifetime of a sign-in session. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Absolute lifetime of a sign-in session. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /** How often each instance checks that the sessions of its open sockets still live; a socket whose session expired or was removed is disconnected. */
  SOCKET_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins per account and hour across all client addresses before its sign-in pauses (and the user is told). */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(30),
  /** New personal access tokens per user and hour. */
  TOKEN_CREATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Invitations sent and resent per inviting user and hour (issue 31: invitations go to any address). */
  INVITATION_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Invalid bearer tokens per client address and 15 minutes before the client's bearer requests are refused (429). */
  INVALID_TOKEN_LIMIT: z.coerce.number().int().min(1).default(50),
  /** Encrypts two-factor secrets at rest (≥ 32 characters, e.g. `openssl rand -base64 32`). Unset: a key file `DATA_DIR/two-factor.key`. */
  TWO_FACTOR_KEY: z.string().min(32).optional(),
  MAINTENANCE: bool,
  /**
   * Issue 29: the BFF renders the web app's pages on the server (needs `npm run build`'s frontend/dist-server). Off by
   * default until the test suite waits for hydration: a page is visible before it is interactive (docs/decisions.md).
   */
  SERVER_RENDERING: bool,
  /**
   * Services in maintenance while the rest of the portal runs, comma-separated (e.g. `orders,payment`): their
   * operations answer 503 `errors.service_maintenance` naming the service; the app says so and stays usable.
   */
  MAINTENANCE_SERVICES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const names = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const unknown = names.filter((n) => !Object.hasOwn(maintainableServices, n));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `unknown service ${unknown.join(', ')}; known: ${Object.keys(maintainableServices).join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(names)] as MaintainableService[];
    }),
  /**
   * Reverse proxies in front of the portal whose `X-Forwarded-*` headers are trusted, as a number of hops
   * (`1` = one proxy; `true`/`yes` count as 1; unset/`0`: none). The client address is the last
   * `TRUST_PROXY` entries' first of `X-Forwarded-For`, so a client cannot choose its rate-limit key.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? '').trim().toLowerCase();
      if (['', '0', 'false', 'no'].includes(t)) return 0;
      if (['true', 'yes'].includes(t)) return 1;
      if (/^\d{1,2}$/.test(t)) return Number(t);
      ctx.addIssue({ code: 'custom', message: 'a number of trusted proxy hops (0–99), e.g. 1' });
      return z.NEVER;
    }),
  /** `public`: the web app's source maps are served (default: they are not). */
  SOURCE_MAPS: z.enum(['public', 'off', '']).default('off'),
  /** Further origins allowed to call the API and open the socket, comma-separated (e.g. the Vite dev server). */
  ALLOWED_ORIGINS: z.string().default(''),
  /**
   * The provider's SEPA creditor identifier (Gläubiger-Identifikationsnummer, BT-90), named on every direct-debit
   * invoice and e-invoice (XRechnung BR-DE-30). Default: the Bundesbank's example identifier, for the demo only.
   */
  CREDITOR_ID: z
    .string()
    .default('DE98ZZZ09999999999')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isSepaCreditorId, 'a SEPA creditor identifier with valid check digits, e.g. DE98ZZZ09999999999'),
  /**
   * Error reporting (issue 31, §7 R7.019, §8 R8.033/R8.034): the DSN of a Sentry-protocol receiver (Sentry or GlitchTip,
   * `https://<key>@<host>/<project>`). Unset: no error reporting, in the BFF and in the web app.
   */
  SENTRY_DSN: z
    .url()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^@/]+@[^/]+\/(.+\/)?\d+$/.test(v), 'a Sentry DSN, e.g. https://public-key@sentry.example.com/42'),
  /** The environment tag of reported errors (default: NODE_ENV). */
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  /** The release tag of reported errors (default `portal@<version>`); set it to the deployed commit or tag. */
  SENTRY_RELEASE: z.string().min(1).max(200).optional(),
  /**
   * Usage analytics (issue 31, §7 R7.019): where the web app posts page-view events (a Plausible-compatible
   * `/api/event` endpoint or any collector), only after the user's consent. Unset: no analytics and no consent banner.
   */
  ANALYTICS_URL: z.url().optional().refine((v) => v === undefined || /^https?:/.test(v), 'an http(s) URL'),
  /**
   * The staff e-mail domain(s) (§6 R6.010), comma-separated, e.g. `hosting.example`: staff rights count only for
   * staff accounts with an address there, and accounts there cannot be acted as. Empty: no restriction.
   */
  STAFF_EMAIL_DOMAIN: z
    .string()
    .max(1000)
    .default('')
    .refine((v) => v.split(',').every((d) => !d.trim() || /^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(d.trim())), 'domain names, comma-separated, e.g. hosting.example'),
  /**
   * Outgoing webhooks (issue 30): hosts exempt from the SSRF guard, comma-separated `name` or `name:port`
   * (e.g. an on-premises receiver, the tests' local receiver). Only these may be reached over plain http.
   */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .max(2000)
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Seconds before each retry of a failed webhook delivery, comma-separated; default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about a day). */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('5,300,1800,7200,18000,36000,36000')
    .refine((v) => /^\s*\d+(\s*,\s*\d+){0,19}\s*$/.test(v), 'seconds, comma-separated, e.g. 5,300,1800')
    .transform((v) => v.split(',').map((s) => Number(s.trim()))),
  SUPPORT_PHONE: z.string().default('+49 30 1234567-0'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  /** `1`: the portal runs as the public demo (issue 13): visitors are signed in as the demo user, every write is refused. */
  DEMO: bool,
  /** Where the demo's contact form is sent (demo mode only). */
  DEMO_CONTACT_EMAIL: z.email().default('sales@example.com'),
  /** New demo sessions per client address and hour (demo mode only). */
  DEMO_SESSION_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Contact form messages per client address and hour (demo mode only). */
  DEMO_CONTACT_LIMIT: z.coerce.number().int().min(1).default(5),
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set; unset (development) also admits the loopback names of the listening port as Origin. */
  publicUrlConfigured: boolean;
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
  // The portal speaks plain HTTP itself: an https PUBLIC_URL means a TLS-terminating proxy, whose
  // X-Forwarded-Proto must be trusted, or Secure cookies cannot be set (sign-in would fail with 500).
  if (url.protocol === 'https:' && !c.TRUST_PROXY)
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: PUBLIC_URL ${url.origin} is https, so the portal runs behind a TLS-terminating reverse proxy; ` +
        'set TRUST_PROXY to the number of proxies in front of it (usually TRUST_PROXY=1).',
    );
  return {
    ...c,
    PUBLIC_URL: publicUrl,
    publicUrlConfigured: c.PUBLIC_URL !== undefined,
    dataDir: path.resolve(c.DATA_DIR), secure: url.protocol === 'https:', publicOrigin: url.origin,
    devOrigins: c.ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
  };
}
