import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { coreEntities, coreMigrations } from '@portal/core/entities';
import { EventBus, createLogger, createMailer, loadConfig, migrate, openDatabase, systemClock, type Clock, type Config, type Logger, type Mailer, type Orm } from '@portal/core/platform';
import { hasDemoData, seedDemo } from '@portal/core/seed';
import { seedDemoMode } from '@portal/core/demo';
import { createApp, type AppOptions } from './app.ts';
import type { AppDeps } from './deps.ts';
import { createRateLimits } from './http/rate-limits.ts';
import { createProfileRateLimits } from './http/profile-rate-limits.ts';
import { PrincipalCache, type RedisPubSub } from './http/principal-cache.ts';
import { createMetrics, serveMetrics } from './http/metrics.ts';
import { attachRealtime } from './realtime/gateway.ts';
import { startNotificationCentre } from '@portal/core/notifications';
import type { Resolver } from '@portal/core/webhooks';
import { pluginRegistry } from './generated/plugins.ts';
import { createErrorReporter } from './http/error-reporting.ts';
import { ManagedCenter } from './managed/center.ts';
import { loadPlugins, type PluginSet } from './managed/plugins.ts';
import { attachOrderProvisioning } from './handlers/ordersProvisioning.ts';
import { attachWebhooks } from './handlers/webhooksService.ts';

export interface RunningServer {
  url: string;
  deps: AppDeps;
  /** The Managed Center host (plugins, jobs, gateways). */
  managed: ManagedCenter;
  server: http.Server;
  /** The Prometheus endpoint (`METRICS_PORT`), when configured. */
  metricsUrl?: string;
  /** Stops accepting, finishes requests in flight, closes sockets and the database. */
  close(): Promise<void>;
}

/** Opens the configured database (PostgreSQL or the embedded PGlite under DATA_DIR), with the Managed Center's and the plugins' tables. */
export async function openConfiguredDatabase(config: Config, logger?: Logger, plugins?: PluginSet): Promise<Orm> {
  const set = plugins ?? (await loadPlugins(pluginRegistry, logger));
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: `${config.dataDir}/pglite`,
    entities: [...coreEntities, ...(set.entities as typeof coreEntities)],
    migrations: [...coreMigrations, ...set.migrations],
    logger,
  });
}

/** Starts the portal: migrates, seeds the demo data on the embedded database's first start, listens. */
export async function startServer(
  options: {
    config?: Config;
    orm?: Orm;
    clock?: Clock;
    logger?: Logger;
    seed?: boolean;
    app?: AppOptions;
    plugins?: PluginSet;
    mailer?: Mailer;
    /** Graceful shutdown's drain phase (see `drainConnections`); none by default (tests), `cli.ts start` sets it. */
    drain?: DrainOptions;
    /** How webhook target names are resolved: the system's DNS unless a test gives its own. */
    webhookResolver?: Resolver;
  } = {},
): Promise<RunningServer> {
  const config = options.config ?? loadConfig();
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL, pretty: config.NODE_ENV === 'development' && process.stdout.isTTY });
  const plugins = options.plugins ?? (await loadPlugins(pluginRegistry, logger));
  const orm = options.orm ?? (await openConfiguredDatabase(config, logger, plugins));
  const applied = await migrate(orm);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const seed = options.seed ?? !config.DATABASE_URL;
  let seededDemo = false;
  // Demo mode: the demo user and cluster 42 with server 1, before the demo data takes the first ids (issue 13).
  if (config.DEMO && (await seedDemoMode(orm.em.fork()))) {
    seededDemo = true;
    logger.info('demo mode data seeded');
  }
  if (seed && !(await hasDemoData(orm.em.fork()))) {
    await seedDemo(orm.em.fork(), { dataDir: config.dataDir });
    seededDemo = true;
    logger.info('demo data seeded');
  }

  let redis: { quit(): Promise<unknown> } | undefined;
  if (config.REDIS_URL) {
    const { createClient } = await import('redis');
    const client = createClient({ url: config.REDIS_URL });
    await client.connect();
    redis = client;
  }
  const events = new EventBus();
  const principals = new PrincipalCache({ events });
  if (redis) await principals.connectRedis(redis as unknown as RedisPubSub);
  const deps: AppDeps = {
    config,
    orm,
    logger,
    clock: options.clock ?? systemClock,
    events,
    principals,
    rateLimits: createRateLimits({
      loginPerAccount: config.LOGIN_RATE_LIMIT,
      loginAccountAcrossClients: config.LOGIN_ACCOUNT_LIMIT,
      tokenCreatePerUser: config.TOKEN_CREATE_LIMIT,
      invitationsPerUser: config.INVITATION_LIMIT,
      invalidTokensPerClient: config.INVALID_TOKEN_LIMIT,
      demoSessionsPerClient: config.DEMO_SESSION_LIMIT,
      demoContactsPerClient: config.DEMO_CONTACT_LIMIT,
      redis,
    }),
    mailer:
      options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, mailDir: `${config.dataDir}/mail`, from: config.MAIL_FROM, logger }),
    profileRateLimits: createProfileRateLimits({ redis }),
    errorReporter: createErrorReporter(config, logger),
  };
  let shuttingDown = false;
  const managed = new ManagedCenter(deps, plugins);
  await managed.start();
  await attachOrderProvisioning(deps, managed.jobs.queue);
  const webhooks = await attachWebhooks(deps, managed.jobs.queue, options.webhookResolver);
  if (seededDemo) await managed.seedFixtures(orm.em.fork());
  const metrics = createMetrics();
  const app = createApp(deps, { ...options.app, managed, shuttingDown: () => shuttingDown, metrics: metrics.middleware });
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  const realtime = await attachRealtime(server, deps, { managed });
  // After socket.io took its share of the server's listeners: the drain gate goes in front of all of them.
  const drain = drainGate(server);
  // Notices from domain events, pushed to the affected users through the realtime gateway's rooms.
  const stopNotifications = startNotificationCentre({ ...deps, publicUrl: config.PUBLIC_URL });
  metrics.gauge('portal_socket_connections', 'Open socket.io connections of this instance', () => realtime.io.engine.clientsCount);
  metrics.gauge('portal_principal_cache_entries', 'Signed-in callers held in the principal cache', () => principals.size);
  metrics.gauge('portal_http_connections', 'Open HTTP connections of this instance', () => new Promise((resolve) => server.getConnections((_e, n) => resolve(n))));
  const jobsIn = (status: string) => async () => {
    const rows = await orm.em.fork().getConnection().execute<{ n: string | number }[]>('select count(*) as n from managed_jobs where status = ?', [status]);
    return Number(rows[0]?.n ?? 0);
  };
  metrics.gauge('portal_jobs_queued', 'Managed Center apply jobs waiting in the queue', jobsIn('queued'));
  metrics.gauge('portal_jobs_running', 'Managed Center apply jobs running', jobsIn('running'));
  const metricsServer = config.METRICS_PORT === undefined ? undefined : await serveMetrics(metrics.registry, config.METRICS_PORT, config.METRICS_HOST);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  return {
    url,
    deps,
    managed,
    server,
    metricsUrl: metricsServer?.url,
    async close() {
      shuttingDown = true;
      // Drain (issue 14): keep listening for a moment but answer every new request with 503 before it does
      // anything, so a load balancer learns this instance is going and resends the request to another one.
      if (options.drain) await drain.run(options.drain);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      stopNotifications();
      webhooks.stop();
      await realtime.close();
      await closed;
      await webhooks.idle();
      await managed.close();
      await principals.close();
      if (metricsServer) await new Promise<void>((resolve) => metricsServer.server.close(() => resolve()));
      await redis?.quit();
      await deps.errorReporter?.close();
      if (!options.mailer) deps.mailer.close();
      if (!options.orm) await orm.close();
    },
  };
}

export interface DrainOptions {
  /** The drain ends once no request arrived for this long (ms). */
  quietMs: number;
  /** …or after this long in any case (ms). */
  maxMs: number;
}

/**
 * The first phase of the graceful shutdown (issue 14). While draining, the instance still accepts
 * connections, but every request that arrives (API, web app, socket.io polling and WebSocket upgrades;
 * only the liveness check `/api/health` is still served) is answered at once with `503 unavailable`
 * (`errors.shutting_down`, `Retry-After: 1`, `Connection: close`) without reaching the application: a 503
 * of a draining instance guarantees nothing was done, so nginx may resend even a POST to the other
 * instance (`proxy_next_upstream … http_503 non_idempotent` for writes, docs/operations.md). Requests in
 * flight when the drain began finish normally. The drain ends when no request came for `quietMs`, or
 * after `maxMs`; only then the listening socket closes — by then the balancer has marked the instance as
 * failed, so no connection is left in the listen backlog to be reset.
 */
export function drainGate(server: http.Server): { run(options: DrainOptions): Promise<void> } {
  let draining = false;
  let lastArrival = 0;
  const body = JSON.stringify({ error: { code: 'unavailable', message: 'errors.shutting_down' } });
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'retry-after': '1', connection: 'close' };
  const requestListeners = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining && req.url !== '/api/health') {
      lastArrival = Date.now();
      res.writeHead(503, headers);
      res.end(body);
      return;
    }
    for (const listener of requestListeners) listener.call(server, req, res);
  });
  const upgradeListeners = server.listeners('upgrade') as ((req: http.IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (draining) {
      lastArrival = Date.now();
      socket.end(`HTTP/1.1 503 Service Unavailable\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
      return;
    }
    for (const listener of upgradeListeners) listener.call(server, req, socket, head);
  });
  return {
    async run({ quietMs, maxMs }) {
      draining = true;
      const started = Date.now();
      lastArrival = started;
      while (Date.now() - lastArrival < quietMs && Date.now() - started < maxMs) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
