/**
 * The recorded-response engine for tests (no search engine can be installed here): an HTTP server on the
 * address the gateway gives the engine (`listenAddress(<program>, <port>)`, a loopback port of the test's
 * server) that answers the few endpoints a dialect uses with response bodies and headers as the real engine
 * sends them (`<plugin>/server/__fixtures__/*.json`, written from the engines' documented responses for the
 * pinned versions). It keeps every request, so a test can say which calls the client made.
 */
import { createServer, type Server } from 'node:http';

/** One recorded answer: status (200), headers (the engine's own, e.g. `x-elastic-product`), body (JSON or text). */
export interface RecordedResponse {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** Answers by `"<METHOD> <path>"` (the query string is ignored; `requests` keeps it). */
export type RecordedRoutes = Record<string, RecordedResponse>;

export interface RecordedEngine {
  url: string;
  /** `"GET /_cat/indices?format=json&bytes=b"`, in order. */
  requests: string[];
  /** Replaces answers (e.g. a cluster that turned red). */
  answer(routes: RecordedRoutes): void;
  close(): Promise<void>;
}

/** Starts the recorded engine on `host:port` (0: any free port, see `url`); an unknown path is a 404 in the engines' JSON error shape. */
export async function startRecordedEngine(at: { host: string; port: number }, routes: RecordedRoutes): Promise<RecordedEngine> {
  let table = { ...routes };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://engine');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    req.resume();
    const found = table[`${req.method} ${url.pathname}`];
    const r: RecordedResponse = found ?? { status: 404, body: { error: { type: 'resource_not_found_exception', reason: `no recorded answer for ${url.pathname}` }, status: 404 } };
    const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
    res.writeHead(r.status ?? 200, { 'content-type': typeof r.body === 'string' ? 'text/plain; charset=UTF-8' : 'application/json; charset=UTF-8', ...r.headers });
    res.end(text);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://${at.host}:${port}`,
    requests,
    answer: (more) => (table = { ...table, ...more }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
