import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Middleware } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { routeOf } from './route.ts';

/**
 * Prometheus metrics (issue 14, docs/operations.md "Metrics"): request rate and latency per contract
 * operation, socket connections, the principal cache, the database pool where the driver has one, and
 * Node's own process metrics. One registry per server (tests run several in one process).
 *
 * Served on a port of its own (`METRICS_PORT`, bound to `METRICS_HOST`, default 127.0.0.1), never on
 * the public port: the figures name operations and load, which is nobody's business outside the
 * operator's network, and a scraper needs no credentials to manage.
 */
export interface PortalMetrics {
  registry: Registry;
  /** Counts and times every request by its operation (the contract's operationId; `web` for the app, `unknown` for no route). */
  middleware: Middleware;
  /** Adds a gauge read at scrape time. */
  gauge(name: string, help: string, read: () => number | undefined | Promise<number | undefined>): void;
}

export function createMetrics(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by contract operation, method and status',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by contract operation',
    labelNames: ['operation', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // The labelled series are looked up once per label combination, not hashed on every request (issue 14).
  // The combinations are bounded (contract operations × methods × statuses), so the maps are too.
  const counters = new Map<string, { inc(): void }>();
  const timers = new Map<string, { observe(seconds: number): void }>();
  const middleware: Middleware = async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = routeOf(ctx);
      // Bounded label values: operation ids of the contract, never a raw path.
      const operation = route.operationId ?? (route.api ? 'unknown' : 'web');
      const method = ctx.method.length <= 7 ? ctx.method : 'OTHER';
      const status = ctx.status;
      const series = `${operation} ${method}`;
      const counted = `${series} ${status}`;
      let counter = counters.get(counted);
      if (!counter) counters.set(counted, (counter = requests.labels({ operation, method, status: String(status) })));
      counter.inc();
      let timer = timers.get(series);
      if (!timer) timers.set(series, (timer = duration.labels({ operation, method })));
      timer.observe((performance.now() - started) / 1000);
    }
  };
  return {
    registry,
    middleware,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          const value = await read();
          if (value !== undefined) this.set(value);
        },
      });
    },
  };
}

/** Serves `GET /metrics` of the registry on its own port; resolves to the listening server. */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed'),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics` };
}
