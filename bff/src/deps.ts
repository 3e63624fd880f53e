import type { Clock, Config, EventBus, Logger, Mailer, Orm } from '@portal/core/platform';
import type { ErrorReporter } from './http/error-reporting.ts';
import type { RateLimits } from './http/rate-limits.ts';
import type { ProfileRateLimits } from './http/profile-rate-limits.ts';
import type { PrincipalCache } from './http/principal-cache.ts';

/** What the BFF is built from; tests build their own with a test database and clock. */
export interface AppDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  clock: Clock;
  events: EventBus;
  rateLimits: RateLimits;
  /** Outgoing e-mail (SMTP, or `.eml` files under DATA_DIR/mail). */
  mailer: Mailer;
  /** Rate limits of "My data" (e-mail codes) and the forgotten-password flow. */
  profileRateLimits: ProfileRateLimits;
  /** Signed-in callers of the last seconds (issue 14); without it every request looks its caller up. */
  principals?: PrincipalCache;
  /** Error reporting to `SENTRY_DSN` (issue 31); without it nothing is reported. */
  errorReporter?: ErrorReporter;
}
