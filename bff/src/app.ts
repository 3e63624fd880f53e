import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { AppDeps } from './deps.ts';
import { coreAuthorizers, coreHandlers } from './handlers/index.ts';
import { platformHandlers, type PluginHealth } from './handlers/platform.ts';
import { apiReference } from './http/api-reference.ts';
import { ManagedCenter } from './managed/center.ts';
import { noPlugins } from './managed/plugins.ts';
import { authenticateRequest, csrfProtection, maintenanceGate } from './http/auth.ts';
import { serviceMaintenanceGate } from './http/service-maintenance.ts';
import { errorHandler } from './http/errors.ts';
import { requestLog } from './http/request-log.ts';
import { classifyRoute, dispatchOperations, routeOf } from './http/route.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveSpa } from './http/spa.ts';
import { serverRendering } from './http/ssr.ts';
import { demoReadOnly } from './demo/index.ts';
import type { OperationHandler, PreAuthorizer } from './openapi/handlers.ts';
import { createOpenApiRouter } from './openapi/router.ts';

/** The methods whose JSON body is parsed (the body parser's own default); other requests never reach it. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/** The bundled contract (core and plugins). */
export function loadContract(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../openapi/dist/portal.openapi.json', import.meta.url)), 'utf8'));
}

export const defaultSpaDir = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
/** The server rendering's build (issue 29). */
export const defaultServerRenderingDir = fileURLToPath(new URL('../../frontend/dist-server', import.meta.url));

export interface AppOptions {
  spaDir?: string;
  /** The server rendering's build; pages are rendered by the browser alone when it is missing (issue 29). */
  serverRenderingDir?: string;
  validateResponses?: boolean;
  plugins?: () => PluginHealth[];
  /** The Managed Center host with its loaded plugins (without: no plugins). */
  managed?: ManagedCenter;
  /** The contract to serve instead of the bundled one (tests add fixture plugins' operations). */
  contract?: Record<string, unknown>;
  shuttingDown?: () => boolean;
  /** Counts and times every request (Prometheus, see http/metrics.ts). */
  metrics?: Koa.Middleware;
}

/** Builds the Koa application: middleware in the order of ARCHITECTURE.md, then every operation. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Koa {
  // Only as many X-Forwarded-For entries as there are trusted proxies count (the client cannot prepend its own).
  const app = new Koa({ proxy: deps.config.TRUST_PROXY > 0, maxIpsCount: deps.config.TRUST_PROXY });
  const contract = options.contract ?? loadContract();
  const managed = options.managed ?? new ManagedCenter(deps, noPlugins);
  const handlers = {
    ...platformHandlers({ plugins: options.plugins ?? (() => managed.health()), shuttingDown: options.shuttingDown ?? (() => false) }),
    ...coreHandlers,
    ...managed.handlers(contract),
  } as unknown as Record<string, OperationHandler<never>>;
  const { router, operations, compileValidators } = createOpenApiRouter(contract, handlers, deps, {
    validateResponses: options.validateResponses,
    authorizers: coreAuthorizers as unknown as Record<string, PreAuthorizer>,
  });
  // In production every operation's validators are compiled right after start, a little at a time; tests and
  // development compile each on its first call (router.ts).
  if (deps.config.NODE_ENV === 'production')
    setImmediate(() => compileValidators().catch((error: unknown) => deps.logger.error({ err: error }, 'compiling the contract validators failed')));

  app.use(classifyRoute(router, new Map(operations.map((o) => [o.id, o.path]))));
  if (options.metrics) app.use(options.metrics);

  app.use(requestLog(deps.logger));
  const connectOrigins = [deps.config.SENTRY_DSN, deps.config.ANALYTICS_URL].filter((u) => u !== undefined).map((u) => new URL(u).origin);
  app.use(securityHeaders({ secure: deps.config.secure, publicOrigin: deps.config.publicOrigin, connectOrigins }));
  app.use(errorHandler(deps.logger, deps.errorReporter));
  app.use(apiReference(contract));
  const spaDir = options.spaDir ?? defaultSpaDir;
  // Only when switched on (SERVER_RENDERING); a test's own SPA directory is served as it is, unless it names a server rendering too.
  const serverDir = options.serverRenderingDir ?? (options.spaDir || !deps.config.SERVER_RENDERING ? undefined : defaultServerRenderingDir);
  const render = serverDir ? serverRendering({ distDir: spaDir, serverDir, app: () => app, deps }) : undefined;
  app.use(serveSpa(spaDir, { sourceMaps: deps.config.SOURCE_MAPS === 'public', render }));
  app.use(maintenanceGate(deps));
  app.use(serviceMaintenanceGate(deps, contract));
  // Only requests of the methods it parses reach the body parser (it would let the others pass anyway).
  const parseBody = bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', parsedMethods: [...bodyMethods] });
  app.use(async (ctx, next) => {
    if (!bodyMethods.has(ctx.method)) return next();
    let parsed = false;
    try {
      await parseBody(ctx, () => ((parsed = true), next()));
    } catch (e) {
      // A body that cannot be read (declared gzip/deflate/br but not compressed: a zlib error without a
      // status) is the client's mistake: 400 instead of 500 (issue 31). Errors after parsing pass unchanged.
      if (parsed || (e as { status?: number }).status) throw e;
      throw Object.assign(new Error(`request body could not be read: ${(e as Error).message}`), { status: 400, expose: true });
    }
  });
  app.use(authenticateRequest(deps));
  app.use(csrfProtection(deps));
  // Demo mode (issue 13): every write but sign-out, the contact form and the demo session is refused.
  app.use(demoReadOnly(deps));
  app.use(dispatchOperations(router));
  app.use(router.allowedMethods({ throw: false }));
  app.use(async (ctx, next) => {
    await next();
    if (routeOf(ctx).api && ctx.status === 404 && !ctx.body) {
      ctx.status = 404;
      ctx.body = { error: { code: 'not_found', message: 'errors.not_found' }, requestId: String(ctx.state.requestId ?? '') };
    }
  });
  return app;
}
