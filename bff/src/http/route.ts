import type { Layer, Router } from '@koa/router';
import type { Middleware } from 'koa';

/**
 * What a request is, decided once from the matched route — never from a string prefix of the path, so
 * `/API/v1/…`, `/api/V1/…` or percent-encoded variants cannot slip past a check (issue 8, defect 3).
 * Routing is case-sensitive: such variants match no route and are answered 404.
 */
const matchedLayer = Symbol('matchedLayer');

export interface RouteInfo {
  /** An API request: a contract operation, the API reference, or an unknown path under `/api/` (404 JSON). */
  api: boolean;
  /** The contract operation the router will run (method and path matched exactly), if any. */
  operationId?: string;
  /** The operation's contract path (e.g. `/api/v1/session`), if any. */
  operationPath?: string;
  /** The matched layer the router would run first, for `dispatchOperations` only (not for other middleware). */
  [matchedLayer]?: Layer;
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
  const match = memoizeMatch(router);
  return (ctx, next) => {
    // The router matches on the decoded path; anything it would run counts as that operation.
    const path = ctx.path;
    const matched = match(path, ctx.method);
    const layer = matched.pathAndMethod.find((l) => l.name && operationPaths.has(l.name));
    const operationId = layer?.name ?? undefined;
    const api = !!operationId || referencePaths.has(path) || path.startsWith('/api/') || path === '/api';
    ctx.state.route = {
      api,
      operationId,
      operationPath: operationId ? operationPaths.get(operationId) : undefined,
      // The router runs the matched layers in order and an operation never calls `next`: the first layer is what runs.
      [matchedLayer]: layer && layer === matched.pathAndMethod[0] && layer.stack.length === 1 ? layer : undefined,
    };
    return next();
  };
}

/**
 * Runs the operation `classifyRoute` matched without a second pass through the router (issue 14): the
 * router would match again, build and compose the layer chain and set the parameters; here only the
 * parameters are set (as the router sets them) and the operation's one middleware runs. Anything else
 * (no operation, several layers) goes through the router as before.
 */
export function dispatchOperations(router: Router): Middleware {
  const routes = router.routes() as unknown as Middleware;
  return (ctx, next) => {
    const layer = ctx.state.route?.[matchedLayer];
    if (!layer) return routes(ctx, next);
    const path = ctx.path;
    ctx.params = (ctx.request as { params?: Record<string, string> }).params = layer.params(path, layer.captures(path), ctx.params);
    ctx.routerPath = ctx._matchedRoute = layer.path;
    ctx.routerName = ctx._matchedRouteName = layer.name ?? undefined;
    return (layer.stack[0] as Middleware)(ctx, next);
  };
}

/** How many distinct method + path pairs the route table remembers (cleared when full). */
const matchCacheSize = 5_000;

/**
 * The router walks every route's regular expression for each request, and twice (here and when it
 * dispatches). The route table does not change after start, so the answer for a method and path is
 * remembered (issue 14): a repeated request matches with one map lookup.
 */
function memoizeMatch(router: Router): (path: string, method: string) => Readonly<ReturnType<Router['match']>> {
  type Match = ReturnType<Router['match']>;
  const original = router.match.bind(router);
  const cache = new Map<string, Match>();
  const lookup = (path: string, method: string): Match => {
    const key = `${method} ${path}`;
    let m = cache.get(key);
    if (!m) {
      if (cache.size >= matchCacheSize) cache.clear();
      cache.set(key, (m = original(path, method)));
    }
    return m;
  };
  router.match = (path: string, method: string): Match => {
    const m = lookup(path, method);
    // The router may append to the matched paths of a request (nested routers): each request gets its own array.
    return { ...m, path: [...m.path] };
  };
  // Read-only use (classification): the shared answer, no copy.
  return lookup;
}
