/**
 * The graceful shutdown's drain phase (issue 14): while draining, a new request is answered 503 before
 * it reaches the application (so a proxy may resend even a POST elsewhere), requests in flight finish,
 * the liveness check still answers, and the drain ends once requests stop coming.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainGate } from './server.ts';

test('while draining, new requests get 503 without reaching the application; requests in flight finish; /api/health still answers', async () => {
  const reached: string[] = [];
  let releaseSlow = () => {};
  const server = http.createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    if (req.url === '/slow') releaseSlow = () => res.end('slow done');
    else res.end('ok');
  });
  const gate = drainGate(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    expect(await (await fetch(`${base}/api/v1/me`)).text()).toBe('ok');
    const slow = fetch(`${base}/slow`).then((r) => r.text());
    while (!reached.includes('GET /slow')) await new Promise((r) => setTimeout(r, 10));

    const started = Date.now();
    const drained = gate.run({ quietMs: 300, maxMs: 5_000 });
    const post = await fetch(`${base}/api/v1/me/personal-access-tokens`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(503);
    expect(post.headers.get('retry-after')).toBe('1');
    expect(post.headers.get('connection')).toBe('close');
    expect(await post.json()).toEqual({ error: { code: 'unavailable', message: 'errors.shutting_down' } });
    expect(reached).not.toContain('POST /api/v1/me/personal-access-tokens');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    releaseSlow();
    expect(await slow).toBe('slow done');
    await drained;
    // Ended by the quiet period, not by the upper bound.
    expect(Date.now() - started).toBeLessThan(4_000);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
