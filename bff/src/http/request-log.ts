import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '@portal/core/platform';
import { routeOf } from './route.ts';

/**
 * Gives every request an id (echoed as `X-Request-Id`) and logs it when it ends: every API request
 * (by the matched route) and every other request that is not the web app (e.g. `/API/…` probes, 404).
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (routeOf(ctx).api || !ctx.path.startsWith('/a/'))
        logger.info(
          { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
          'request',
        );
    }
  };
}
