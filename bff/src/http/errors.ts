import type { Middleware } from 'koa';
import { isDomainError } from '@portal/core/platform';
import type { Logger } from '@portal/core/platform';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
  requestId: string;
}

/** Turns every error into the one error body of the contract; unknown errors become a logged 500. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      const requestId = String(ctx.state.requestId ?? '');
      if (isDomainError(e)) {
        ctx.status = e.status;
        if (e.retryAfter) ctx.set('Retry-After', String(e.retryAfter));
        ctx.body = { error: { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) }, requestId } satisfies ErrorBody;
        return;
      }
      const status = (e as { status?: number }).status;
      if (status && status >= 400 && status < 500) {
        // Koa / body parser errors such as malformed JSON or a too large body.
        ctx.status = status === 413 ? 413 : 400;
        ctx.body = { error: { code: 'bad_request', message: status === 413 ? 'errors.too_large' : 'errors.bad_request' }, requestId };
        return;
      }
      logger.error({ err: e, requestId, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: { code: 'internal', message: 'errors.internal' }, requestId } satisfies ErrorBody;
    }
  };
}
