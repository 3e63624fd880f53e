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
  memoizeMatch(router);
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

/** How many distinct method + path pairs the route table remembers (cleared when full). */
const matchCacheSize = 5_000;

/**
 * The router walks every route's regular expression for each request, and twice (here and when it
 * dispatches). The route table does not change after start, so the answer for a method and path is
 * remembered (issue 14): a repeated request matches with one map lookup.
 */
function memoizeMatch(router: Router): void {
  type Match = ReturnType<Router['match']>;
  const original = router.match.bind(router);
  const cache = new Map<string, Match>();
  router.match = (path: string, method: string): Match => {
    const key = `${method} ${path}`;
    let m = cache.get(key);
    if (!m) {
      if (cache.size >= matchCacheSize) cache.clear();
      cache.set(key, (m = original(path, method)));
    }
    // The router may append to the matched paths of a request (nested routers): each request gets its own array.
    return { ...m, path: [...m.path] };
  };
}
