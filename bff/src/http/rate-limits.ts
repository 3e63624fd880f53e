import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimited } from '@portal/core/platform';

export interface RateLimits {
  /** Failed and successful sign-in attempts per e-mail address and client. */
  loginByAccount: RateLimiterAbstract;
  /** Sign-in attempts per client address, whatever the account. */
  loginByClient: RateLimiterAbstract;
  /** Public invitation calls (show, accept, decline, register) per client address: 30 per 15 minutes. */
  invitationByClient: RateLimiterAbstract;
  /** Impersonation challenge attempts per client address: 10 per 15 minutes. */
  impersonationStartByClient: RateLimiterAbstract;
  /** Impersonation links per staff member: 20 per 15 minutes. */
  impersonationLinkByStaff: RateLimiterAbstract;
  /** Second-factor codes (sign-in challenge, 2FA confirmation) per user: 5 per minute. */
  twoFactorByUser: RateLimiterAbstract;
  /** Password re-entry for sensitive changes (change password, 2FA activation, recovery codes, deactivation) per user: 10 per 15 minutes. */
  passwordCheckByUser: RateLimiterAbstract;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-redis client, typed by the caller
export function createRateLimits(options: { loginPerAccount: number; redis?: any }): RateLimits {
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({ storeClient: options.redis, useRedisPackage: true, keyPrefix, points, duration })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  return {
    loginByAccount: make('login_account', options.loginPerAccount, 15 * 60),
    loginByClient: make('login_client', 100, 15 * 60),
    invitationByClient: make('invitation_client', 30, 15 * 60),
    impersonationStartByClient: make('impersonation_start_client', 10, 15 * 60),
    impersonationLinkByStaff: make('impersonation_link_staff', 20, 15 * 60),
    twoFactorByUser: make('two_factor_user', 5, 60),
    passwordCheckByUser: make('password_check_user', 10, 15 * 60),
  };
}

/** Spends one point; throws a 429 carrying the seconds until the next attempt is allowed. */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw RateLimited(Math.max(1, Math.ceil(e.msBeforeNext / 1000)), 'errors.too_many_attempts');
    throw e;
  }
}
