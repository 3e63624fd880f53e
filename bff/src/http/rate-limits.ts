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
  /**
   * Failed sign-ins per account across every client address (a distributed guess of one password):
   * LOGIN_ACCOUNT_LIMIT per hour; then the account's sign-in pauses and the user gets a notice.
   */
  loginFailuresByAccount: RateLimiterAbstract;
  /** New personal access tokens per user: TOKEN_CREATE_LIMIT per hour. */
  tokenCreateByUser: RateLimiterAbstract;
  /** Invitations sent and resent per inviting user (they go to any address): INVITATION_LIMIT per hour. */
  invitationSendByUser: RateLimiterAbstract;
  /** Invalid bearer tokens per client address: INVALID_TOKEN_LIMIT per 15 minutes, then every bearer request of the client is refused. */
  invalidBearerByClient: RateLimiterAbstract;
  /** Demo sessions started per client address (demo mode, issue 13): DEMO_SESSION_LIMIT per hour. */
  demoSessionByClient: RateLimiterAbstract;
  /** Demo contact form messages per client address: DEMO_CONTACT_LIMIT per hour. */
  demoContactByClient: RateLimiterAbstract;
}

/** How long an account's sign-in pauses after too many failures across addresses (the limiter's window). */
export const accountLockMinutes = 60;

export function createRateLimits(options: {
  loginPerAccount: number;
  loginAccountAcrossClients?: number;
  tokenCreatePerUser?: number;
  invitationsPerUser?: number;
  invalidTokensPerClient?: number;
  demoSessionsPerClient?: number;
  demoContactsPerClient?: number;
  redis?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- node-redis client, typed by the caller
}): RateLimits {
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
    loginFailuresByAccount: make('login_failures_account', options.loginAccountAcrossClients ?? 30, accountLockMinutes * 60),
    tokenCreateByUser: make('token_create_user', options.tokenCreatePerUser ?? 60, 60 * 60),
    invitationSendByUser: make('invitation_send_user', options.invitationsPerUser ?? 20, 60 * 60),
    invalidBearerByClient: make('invalid_bearer_client', options.invalidTokensPerClient ?? 50, 15 * 60),
    demoSessionByClient: make('demo_session_client', options.demoSessionsPerClient ?? 30, 60 * 60),
    demoContactByClient: make('demo_contact_client', options.demoContactsPerClient ?? 5, 60 * 60),
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

/** Throws a 429 when the key has used up its points already, without spending one (checks before the work). */
export async function assertNotBlocked(limiter: RateLimiterAbstract, key: string, message = 'errors.too_many_attempts'): Promise<void> {
  const res = await limiter.get(key);
  if (res && res.consumedPoints >= limiter.points) throw RateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)), message);
}

/**
 * Spends one point for a failure; answers whether this failure used up the last point (the moment to
 * notify the account's owner, once per window). Never throws a 429 itself.
 */
export async function recordFailure(limiter: RateLimiterAbstract, key: string): Promise<{ exhaustedNow: boolean }> {
  try {
    const res = await limiter.consume(key);
    return { exhaustedNow: res.consumedPoints === limiter.points };
  } catch (e) {
    if (e instanceof RateLimiterRes) return { exhaustedNow: false };
    throw e;
  }
}
