import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '@portal/core/platform';
import { routeOf, type RouteInfo } from './route.ts';

const requestIdPattern = /^[\w-]{8,64}$/;

/** Path parameters that are credentials (the public invoice link's token): never written to a log. */
const secretParams = new Set(['token']);

/**
 * The request's path as logs may show it: an operation whose path carries a credential (`{token}`) is
 * written as its contract path with that segment `[redacted]` and the other parameters filled in (issue 31).
 */
export function loggedPath(ctx: { path: string; state: { route?: RouteInfo }; params?: Record<string, string> }): string {
  const template = routeOf(ctx).operationPath;
  if (!template || ![...secretParams].some((name) => template.includes(`{${name}}`))) return ctx.path;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (secretParams.has(name) ? '[redacted]' : (ctx.params?.[name] ?? `{${name}}`)));
}

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
          { requestId, method: ctx.method, path: loggedPath(ctx), status: ctx.status, ms: Math.round(performance.now() - started) },
          'request',
        );
    }
  };
}
