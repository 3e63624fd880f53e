import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '@portal/core/platform';
import { routeOf } from './route.ts';

const requestIdPattern = /^[\w-]{8,64}$/;

/**
 * Gives every request an id (echoed as `X-Request-Id`) and logs it when it ends: every API request
 * (by the matched route) and every other request that is not the web app (e.g. `/API/…` probes, 404).
 * One line per request from the server's logger (no child logger per request); the line is only built
 * when the level logs it (issue 14).
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info') && (routeOf(ctx).api || !ctx.path.startsWith('/a/')))
        logger.info(
          { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
          'request',
        );
    }
  };
}
