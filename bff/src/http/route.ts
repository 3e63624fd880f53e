import type Router from '@koa/router';
import type { Middleware } from 'koa';

/**
 * What a request is, decided once from the matched route — never from a string prefix of the path, so
 * `/API/v1/…`, `/api/V1/…` or percent-encoded variants cannot slip past a check (issue 8, defect 3).
 * Routing is case-sensitive: such variants match no route and are answered 404.
 */
export interface RouteInfo {
  /** An API request: a contract operation, the API reference, or an unknown path under `/api/` (404 JSON). */
  api: boolean;
  /** The contract operation the router will run (method and path matched exactly), if any. */
  operationId?: string;
  /** The operation's contract path (e.g. `/api/v1/session`), if any. */
  operationPath?: string;
}

declare module 'koa' {
  interface DefaultState {
    route?: RouteInfo;
  }
}

/** Paths the app serves itself outside the router (the API reference). */
const referencePaths = new Set(['/api/openapi.json', '/api/docs', '/api/docs.css']);

/** The request's route; `api` is false for anything that is not exactly under `/api/`. */
export function routeOf(ctx: { state: { route?: RouteInfo } }): RouteInfo {
  return ctx.state.route ?? { api: false };
}

/** Classifies every request against the router before any other middleware looks at it. */
export function classifyRoute(router: Router, operationPaths: Map<string, string>): Middleware {
  return async (ctx, next) => {
    // The router matches on the decoded path; anything it would run counts as that operation.
    const matched = router.match(ctx.path, ctx.method);
    const layer = matched.pathAndMethod.find((l) => l.name && operationPaths.has(l.name));
    const operationId = layer?.name ?? undefined;
    const api = !!operationId || referencePaths.has(ctx.path) || ctx.path.startsWith('/api/') || ctx.path === '/api';
    ctx.state.route = { api, operationId, operationPath: operationId ? operationPaths.get(operationId) : undefined };
    await next();
  };
}
