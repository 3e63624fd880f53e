import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** One envelope as it arrived: its header, its items (header and parsed payload) and the raw text. */
export interface ReceivedEnvelope {
  project: string;
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: unknown }[];
  raw: string;
}

export interface SentryReceiver {
  /** A DSN pointing at this receiver (`http://<key>@127.0.0.1:<port>/<project>`). */
  dsn: string;
  envelopes: ReceivedEnvelope[];
  /** The error events received so far (items of type `event`). */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}

/** Splits a Sentry envelope: a header line, then per item a header line and a payload (`length` bytes or one line). */
export function parseEnvelope(body: Buffer): Omit<ReceivedEnvelope, 'project'> {
  const raw = body.toString('utf8');
  let at = body.indexOf(10);
  const header = JSON.parse(body.subarray(0, at < 0 ? body.length : at).toString('utf8')) as Record<string, unknown>;
  const items: ReceivedEnvelope['items'] = [];
  while (at >= 0 && at < body.length - 1) {
    const start = at + 1;
    const end = body.indexOf(10, start);
    const itemHeader = JSON.parse(body.subarray(start, end < 0 ? body.length : end).toString('utf8')) as Record<string, unknown>;
    const from = end + 1;
    const length = typeof itemHeader.length === 'number' ? itemHeader.length : undefined;
    const to = length !== undefined ? from + length : body.indexOf(10, from) < 0 ? body.length : body.indexOf(10, from);
    const text = body.subarray(from, to).toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      /* an attachment or another binary item */
    }
    items.push({ header: itemHeader, payload });
    at = to < body.length && body[to] === 10 ? to : -1;
  }
  return { header, items, raw };
}

/**
 * A local receiver of the Sentry protocol for tests (issue 31): accepts envelopes at `/api/<project>/envelope/`
 * (plain, gzip or deflate, as the SDKs send them) and keeps them for the test to inspect. Anything else is a 404.
 */
export async function startSentryReceiver(project = '42', key = 'publictestkey'): Promise<SentryReceiver> {
  const envelopes: ReceivedEnvelope[] = [];
  const server = http.createServer((req, res) => {
    // Browser SDKs post from another origin (the jsdom tests): answer the preflight like a Sentry server.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const match = /^\/api\/([^/]+)\/envelope\/?(\?.*)?$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      const encoding = req.headers['content-encoding'];
      if (encoding === 'gzip') body = zlib.gunzipSync(body);
      else if (encoding === 'deflate') body = zlib.inflateSync(body);
      try {
        envelopes.push({ project: match[1], ...parseEnvelope(body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://${key}@127.0.0.1:${port}/${project}`,
    envelopes,
    events: () => envelopes.flatMap((e) => e.items.filter((i) => i.header.type === 'event').map((i) => i.payload as Record<string, unknown>)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
