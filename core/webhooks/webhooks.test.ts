import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DEFAULT_RETRY_SCHEDULE, eventIdOf, guardedPost, isPublicAddress, newWebhookSecret, nextAttemptDelay, resolveTarget, signWebhook, TargetRefused, urlFormError, webhookFactOf } from './index.ts';

/** A local HTTP receiver that records what it got and answers with `answer`. */
async function receiver(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const got: { headers: http.IncomingHttpHeaders; body: string; url: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body, url: req.url ?? '' });
      answer(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { got, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('Standard Webhooks signatures (issue 30)', () => {
  it('a delivery verifies with the standardwebhooks package, with the new and, during a rotation, the previous secret', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const body = JSON.stringify({ type: 'invoice.issued', timestamp: '2026-11-28T10:00:00.000Z', data: { invoiceId: 77, number: 'RE202611-10077', customerId: 1 } });
    const headers = signWebhook([current, previous], 'msg_abc', new Date(), body);
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    // A receiver that still has the old secret and one that already has the new one both accept it.
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ type: 'invoice.issued' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ data: { invoiceId: 77 } });
    // A changed body or another secret does not verify.
    expect(() => new Webhook(current).verify(body.replace('77', '78'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('an event announced twice has one event id (idempotent), different facts have different ids', () => {
    const job = (status: string) => ({ type: 'managed.job', payload: { id: 12, kind: 'apply', status, serverId: 3, pluginId: 'cronjobs' }, audience: { servers: [3] }, occurredAt: new Date().toISOString() });
    expect(webhookFactOf(job('running'))).toBeNull();
    const a = webhookFactOf(job('succeeded'))!;
    const b = webhookFactOf({ ...job('succeeded'), occurredAt: new Date(Date.now() + 1000).toISOString() })!;
    expect(a.type).toBe('managed.apply.succeeded');
    expect(eventIdOf(a)).toBe(eventIdOf(b));
    expect(eventIdOf(a)).not.toBe(eventIdOf(webhookFactOf(job('failed'))!));
    expect(eventIdOf(a)).toMatch(/^msg_[0-9a-f]{40}$/);
  });
});

describe('back-off schedule', () => {
  it('eight attempts with growing pauses over about a day', () => {
    const pauses = [1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptDelay(DEFAULT_RETRY_SCHEDULE, n)!);
    for (let i = 1; i < pauses.length; i++) expect(pauses[i]).toBeGreaterThanOrEqual(pauses[i - 1]!);
    expect(pauses[0]).toBeLessThanOrEqual(10);
    const total = pauses.reduce((s, p) => s + p, 0);
    expect(total / 3600).toBeGreaterThan(20);
    expect(total / 3600).toBeLessThan(30);
    // After the eighth attempt there is none.
    expect(nextAttemptDelay(DEFAULT_RETRY_SCHEDULE, 8)).toBeNull();
  });
});

describe('SSRF guard', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and IPv6 unique-local/link-local addresses, also IPv4-mapped', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fc12::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::10.0.0.1'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['93.184.216.34', '1.1.1.1', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8']) expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('only https, no credentials, no private address literal; allowed hosts may use http', () => {
    const none = { allowedHosts: [] };
    expect(urlFormError('http://hooks.example.com/x', none)).toBe('errors.webhook_url_not_https');
    expect(urlFormError('https://user:pw@hooks.example.com/x', none)).toBe('errors.webhook_url_invalid');
    expect(urlFormError('https://127.0.0.1/x', none)).toBe('errors.webhook_url_not_public');
    expect(urlFormError('https://[::1]/x', none)).toBe('errors.webhook_url_not_public');
    expect(urlFormError('https://hooks.example.com/x', none)).toBeNull();
    expect(urlFormError('http://127.0.0.1:8080/x', { allowedHosts: ['127.0.0.1'] })).toBeNull();
    expect(urlFormError('http://127.0.0.1:8080/x', { allowedHosts: ['127.0.0.1:9090'] })).toBe('errors.webhook_url_not_https');
  });

  it('a name that resolves to 127.0.0.1 is refused after resolution, and nothing is sent', async () => {
    const local = await receiver((_req, res) => res.end('ok'));
    try {
      // "localhost" resolves to the loopback; a public-looking name resolving there (DNS rebinding) alike.
      await expect(resolveTarget(new URL(`https://localhost:${local.port}/`), { allowedHosts: [] })).rejects.toThrow(TargetRefused);
      const rebinding = async () => [{ address: '127.0.0.1', family: 4 }];
      await expect(resolveTarget(new URL('https://hooks.customer.example/'), { allowedHosts: [] }, rebinding)).rejects.toMatchObject({ key: 'webhook.error.not_public' });
      const sent = await guardedPost(`https://hooks.customer.example:${local.port}/`, '{}', {}, { allowedHosts: [] }, { resolve: rebinding });
      expect(sent).toMatchObject({ status: null, error: 'webhook.error.not_public' });
      // One public and one private address: refused as well.
      const mixed = async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }];
      await expect(resolveTarget(new URL('https://hooks.customer.example/'), { allowedHosts: [] }, mixed)).rejects.toThrow(TargetRefused);
      expect(local.got).toHaveLength(0);
    } finally {
      await local.close();
    }
  });

  it('connects to the address that was checked, not to what a second lookup would say', async () => {
    const local = await receiver((_req, res) => res.end('received'));
    try {
      // The name is allowed by configuration; the resolver's answer is the one connected to.
      const sent = await guardedPost(`http://receiver.test:${local.port}/hook`, '{"a":1}', { 'webhook-id': 'msg_1' }, { allowedHosts: ['receiver.test'] }, { resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
      expect(sent).toMatchObject({ status: 200, body: 'received', error: null });
      expect(local.got[0]).toMatchObject({ body: '{"a":1}', url: '/hook' });
      expect(local.got[0]!.headers['webhook-id']).toBe('msg_1');
    } finally {
      await local.close();
    }
  });

  it('a redirect is not followed (it counts as a failed attempt)', async () => {
    const inner = await receiver((_req, res) => res.end('metadata'));
    const redirecting = await receiver((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${inner.port}/latest/meta-data` });
      res.end();
    });
    try {
      const sent = await guardedPost(`http://127.0.0.1:${redirecting.port}/`, '{}', {}, { allowedHosts: [`127.0.0.1:${redirecting.port}`] });
      expect(sent).toMatchObject({ status: 302, error: 'webhook.error.redirect' });
      expect(inner.got).toHaveLength(0);
    } finally {
      await inner.close();
      await redirecting.close();
    }
  });

  it('keeps only the first 500 characters of an answer', async () => {
    const local = await receiver((_req, res) => {
      res.writeHead(500);
      res.end('x'.repeat(10_000));
    });
    try {
      const sent = await guardedPost(`http://127.0.0.1:${local.port}/`, '{}', {}, { allowedHosts: ['127.0.0.1'] });
      expect(sent.status).toBe(500);
      expect(sent.body).toHaveLength(500);
    } finally {
      await local.close();
    }
  });
});
