import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Rate limits of "My data" and the forgotten-password flow (Redis when configured, memory otherwise). */
export interface ProfileRateLimits {
  /** E-mail change requests (each checks the password and sends a code) per user: 10 per hour. */
  emailChangeByUser: RateLimiterAbstract;
  /** "Resend code" per user: 5 per hour. */
  emailCodeSendByUser: RateLimiterAbstract;
  /** Code entries per user: 10 per 15 minutes (besides the 5 wrong entries a single code survives). */
  emailCodeVerifyByUser: RateLimiterAbstract;
  /** Forgotten-password requests per e-mail address (known or not): 3 per hour. */
  passwordForgotByEmail: RateLimiterAbstract;
  /** Forgotten-password requests per client address: 10 per 15 minutes. */
  passwordForgotByClient: RateLimiterAbstract;
  /** Reset link checks and uses per client address: 30 per 15 minutes. */
  passwordResetByClient: RateLimiterAbstract;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-redis client, typed by the caller
export function createProfileRateLimits(options: { redis?: any } = {}): ProfileRateLimits {
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({ storeClient: options.redis, useRedisPackage: true, keyPrefix, points, duration })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  return {
    emailChangeByUser: make('email_change_user', 10, 60 * 60),
    emailCodeSendByUser: make('email_code_send_user', 5, 60 * 60),
    emailCodeVerifyByUser: make('email_code_verify_user', 10, 15 * 60),
    passwordForgotByEmail: make('password_forgot_email', 3, 60 * 60),
    passwordForgotByClient: make('password_forgot_client', 10, 15 * 60),
    passwordResetByClient: make('password_reset_client', 30, 15 * 60),
  };
}
