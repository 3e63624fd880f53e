import type { Middleware } from 'koa';
import { databaseErrorKind, isDomainError } from '@portal/core/platform';
import { isServerUnreachable } from '@portal/plugin-sdk/gateway';
import type { Logger } from '@portal/core/platform';
import { noErrorReporting, type ErrorReporter } from './error-reporting.ts';
import { loggedPath } from './request-log.ts';
import { routeOf } from './route.ts';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]>; service?: string };
  requestId: string;
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const databaseRetryAfter = 5;

/**
 * Turns every error into the one error body of the contract. Database errors are sorted out first:
 * an unreachable database is a 503 `errors.database_unavailable` with `Retry-After` (the pool reconnects
 * by itself, so the next request after recovery works); a value the database refuses (out of range,
 * invalid text) is a 422; a unique violation (a double submit that lost the race) is a 409. Anything
 * else unknown becomes a logged 500.
 *
 * Error reporting (issue 31): every 500 — an unknown error or a domain error of that status such as the deliberate
 * `TEST_SENTRY` error — goes to the reporter with the status, the operation and the signed-in user's id. 503s
 * (maintenance, shutdown, database down) are states of operation, watched by health and metrics, not reported;
 * 4xx are answers to the request, and 401/403/404/422 are never reported (R8.034, also refused by the reporter).
 */
export function errorHandler(logger: Logger, reporter: ErrorReporter = noErrorReporting): Middleware {
  const report = (ctx: Parameters<Middleware>[0], e: unknown, status: number) => {
    if (!reporter.enabled) return;
    reporter.capture(e, {
      status,
      userId: ctx.state.principal?.user.id,
      requestId: String(ctx.state.requestId ?? '') || undefined,
      operationId: routeOf(ctx).operationId,
      method: ctx.method,
      testError: (e as Error).name === 'DeliberateTestError' || undefined,
    });
  };
  return async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      const requestId = String(ctx.state.requestId ?? '');
      if (isDomainError(e)) {
        if (e.status >= 500 && e.status !== 503) report(ctx, e, e.status);
        ctx.status = e.status;
        if (e.retryAfter) ctx.set('Retry-After', String(e.retryAfter));
        ctx.body = { error: { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}), ...(e.service ? { service: e.service } : {}) }, requestId } satisfies ErrorBody;
        return;
      }
      if (isServerUnreachable(e)) {
        // A request that had to read from a managed server over ssh (a form's preview, a file) and could not reach
        // it: a state of operation like a database outage, answered so, nothing stored (the transaction rolls back).
        logger.warn({ requestId, path: loggedPath(ctx), reason: (e as { reason?: string }).reason }, 'managed server unreachable');
        ctx.status = 503;
        ctx.set('Retry-After', '30');
        ctx.body = { error: { code: 'unavailable', message: 'errors.server_unreachable' }, requestId } satisfies ErrorBody;
        return;
      }
      const kind = databaseErrorKind(e);
      if (kind === 'unavailable') {
        logger.warn({ requestId, path: loggedPath(ctx), reason: (e as Error).message }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', String(databaseRetryAfter));
        ctx.body = { error: { code: 'unavailable', message: 'errors.database_unavailable' }, requestId } satisfies ErrorBody;
        return;
      }
      if (kind === 'input') {
        logger.info({ requestId, path: loggedPath(ctx), reason: (e as Error).message }, 'input refused by the database');
        ctx.status = 422;
        ctx.body = { error: { code: 'validation', message: 'errors.validation', fields: { _: ['validation.unknown'] } }, requestId } satisfies ErrorBody;
        return;
      }
      if (kind === 'conflict') {
        ctx.status = 409;
        ctx.body = { error: { code: 'conflict', message: 'errors.conflict' }, requestId } satisfies ErrorBody;
        return;
      }
      if (e instanceof Error && e.message === 'Cannot send secure cookie over unencrypted connection') {
        // PUBLIC_URL is https, TRUST_PROXY is set, but the request came without `X-Forwarded-Proto: https`
        // (straight to the port, or a proxy that does not say it): refused clearly instead of a 500 (issue 31).
        logger.warn({ requestId, path: loggedPath(ctx) }, 'https PUBLIC_URL, but the request did not come through a proxy that sends X-Forwarded-Proto: https');
        ctx.status = 400;
        ctx.body = { error: { code: 'bad_request', message: 'errors.https_required' }, requestId } satisfies ErrorBody;
        return;
      }
      const status = (e as { status?: number }).status;
      if (status === 400 && /forbidden prototype property/.test((e as Error).message)) {
        // The JSON parser refuses `__proto__` (and `constructor.prototype`) keys: an unknown property, like any other.
        ctx.status = 422;
        ctx.body = { error: { code: 'validation', message: 'errors.validation', fields: { ['__proto__']: ['validation.additionalProperties'] } }, requestId } satisfies ErrorBody;
        return;
      }
      if (status && status >= 400 && status < 500) {
        // Koa / body parser errors such as malformed JSON or a too large body.
        ctx.status = status === 413 ? 413 : 400;
        ctx.body = { error: { code: 'bad_request', message: status === 413 ? 'errors.too_large' : 'errors.bad_request' }, requestId };
        return;
      }
      logger.error({ err: e, requestId, path: loggedPath(ctx) }, 'unhandled error');
      report(ctx, e, 500);
      ctx.status = 500;
      ctx.body = { error: { code: 'internal', message: 'errors.internal' }, requestId } satisfies ErrorBody;
    }
  };
}
