/**
 * Outgoing webhooks through the API (issue 30), against a real portal and real local HTTP receivers
 * (allowed by `WEBHOOK_ALLOWED_HOSTS`; every other private target is refused): a signed
 * `managed.apply.succeeded` after a cron change, a signed `invoice.issued`, the test event, redelivery,
 * secret rotation, and a failing receiver retried until the endpoint is switched off with a notice.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@portal/client';
import { Invoice } from '@portal/core/billing';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function receiver(status = 200) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { got, url: `http://127.0.0.1:${port}/hooks/portal`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const headersOf = (r: Received) => ({ 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) });
const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;

let server: TestServer;
let admin: TestClient;
let manager: TestClient;
let other: TestClient;
let clusterId: number;
let customerId: number;
let web: number;
let ok: Awaited<ReturnType<typeof receiver>>;
let failing: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  server = await createTestServer({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1', JOB_POLL_SECONDS: '0.5' });
  ok = await receiver(200);
  failing = await receiver(500);
  admin = server.client();
  manager = server.client();
  other = server.client();
  expect((await admin.login(demoLogins.admin)).status).toBe(200);
  expect((await manager.login(demoLogins.manager)).status).toBe(200);
  expect((await other.login(demoLogins.other)).status).toBe(200);
  const list = await admin.get('/api/v1/clusters?search=20011');
  clusterId = list.body.data.find((x: { number: string }) => x.number === '20011').id;
  const cluster = (await admin.get(`/api/v1/clusters/${clusterId}`)).body;
  web = cluster.servers.find((s: { role: string; name: string }) => s.role === 'web' && s.name.startsWith('web01')).id;
  const customers = await manager.get('/api/v1/customers');
  customerId = customers.body.data.find((c: { number: number | string }) => String(c.number) === '10001').id;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await ok?.close();
  await failing?.close();
}, 180_000);

describe('outgoing webhooks (issue 30)', () => {
  let clusterSecret = '';
  let clusterHook = 0;

  it('a cluster administrator registers an endpoint; the secret is shown once; other users cannot see it', async () => {
    const created = await admin.request('POST', `/api/v1/clusters/${clusterId}/webhooks`, { url: ok.url, description: 'Deployment pipeline', events: ['managed.apply.succeeded', 'managed.apply.failed'] });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    clusterSecret = created.body.secret;
    clusterHook = created.body.webhook.id;
    const listed = await admin.get(`/api/v1/clusters/${clusterId}/webhooks`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: clusterHook, url: ok.url, enabled: true, lastDelivery: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(clusterSecret);
    // The secret is stored sealed, not as it was shown.
    const row = await server.db.orm.em.fork().getConnection().execute<{ secret_sealed: string }[]>('select secret_sealed from webhook_endpoints where id = ?', [clusterHook]);
    expect(row[0]!.secret_sealed).not.toContain(clusterSecret.slice(6));
    expect((await other.get(`/api/v1/clusters/${clusterId}/webhooks`)).status).toBe(404);
  });

  it('a cron change sends a signed managed.apply.succeeded that verifies with the secret', async () => {
    const r = await admin.request('POST', `/api/v1/clusters/${clusterId}/servers/${web}/cronjobs`, { schedule: '*/15 * * * *', command: 'php /var/www/app/artisan webhooks:probe --quiet', user: 'www-data', enabled: true });
    expect([r.status, r.body?.error]).toEqual([202, undefined]);
    const jobId = r.body.id as number;
    const got = await until('managed.apply.succeeded', () => ok.got.find((g) => typeOf(g) === 'managed.apply.succeeded' && JSON.parse(g.body).data.jobId === jobId));
    const event = verifyWebhook(clusterSecret, got.body, headersOf(got)) as { type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ type: 'managed.apply.succeeded', data: { jobId, status: 'succeeded', pluginId: 'cronjobs', serverId: web, clusterId, reason: null } });
    // The job's repeated final progress events make one delivery.
    await new Promise((res) => setTimeout(res, 500));
    expect(ok.got.filter((g) => g.headers['webhook-id'] === got.headers['webhook-id'])).toHaveLength(1);
    const log = await admin.get(`/api/v1/clusters/${clusterId}/webhooks/${clusterHook}/deliveries`);
    expect(log.body.data[0]).toMatchObject({ eventType: 'managed.apply.succeeded', status: 'succeeded', attempts: [{ responseStatus: 200, responseBody: 'thanks', error: null }] });
  });

  let customerSecret = '';
  let customerHook = 0;
  let invoice: { id: number; number: string };

  it('a manager registers a customer endpoint; an issued invoice arrives signed as invoice.issued, a public link as invoice.public_link.created', async () => {
    const created = await manager.request('POST', `/api/v1/customers/${customerId}/webhooks`, { url: ok.url, description: 'ERP invoice import', events: ['invoice.issued', 'invoice.public_link.created'] });
    expect(created.status).toBe(201);
    customerSecret = created.body.secret;
    customerHook = created.body.webhook.id;
    const row = await server.db.orm.em.fork().findOneOrFail(Invoice, { customer: customerId }, { orderBy: { id: 'desc' } });
    invoice = { id: row.id, number: row.number };
    // What billing publishes after an invoice's commit (the notification centre's `invoice.issued`).
    await server.deps.events.publish('invoice.issued', { invoiceId: invoice.id, number: invoice.number }, { customers: [customerId] });
    const got = await until('invoice.issued', () => ok.got.find((g) => typeOf(g) === 'invoice.issued'));
    expect(verifyWebhook(customerSecret, got.body, headersOf(got))).toMatchObject({ type: 'invoice.issued', data: { invoiceId: invoice.id, number: invoice.number, customerId } });
    expect(() => verifyWebhook(clusterSecret, got.body, headersOf(got))).toThrow();

    expect((await manager.request('POST', `/api/v1/invoices/${invoice.id}/public-link`)).status).toBe(201);
    const link = await until('invoice.public_link.created', () => ok.got.find((g) => typeOf(g) === 'invoice.public_link.created'));
    expect(verifyWebhook(customerSecret, link.body, headersOf(link))).toMatchObject({ data: { invoiceId: invoice.id, customerId } });
    expect(link.body).not.toContain('/invoice/public/');
  });

  it('send test event, redeliver with the same webhook-id, rotate the secret (both sign during the overlap)', async () => {
    const base = `/api/v1/customers/${customerId}/webhooks/${customerHook}`;
    const test = await manager.request('POST', `${base}/test`);
    expect(test.status).toBe(202);
    const got = await until('webhook.test', () => ok.got.find((g) => typeOf(g) === 'webhook.test'));
    expect(verifyWebhook(customerSecret, got.body, headersOf(got))).toMatchObject({ type: 'webhook.test', data: { webhookId: customerHook } });

    const log = (await manager.get(`${base}/deliveries`)).body.data as { id: number; eventType: string; eventId: string }[];
    const issued = log.find((d) => d.eventType === 'invoice.issued')!;
    const before = ok.got.length;
    expect((await manager.request('POST', `${base}/deliveries/${issued.id}/redeliver`)).status).toBe(202);
    const again = await until('redelivery', () => ok.got.slice(before).find((g) => g.headers['webhook-id'] === issued.eventId));
    expect(typeOf(again)).toBe('invoice.issued');

    const rotated = await manager.request('POST', `${base}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(customerSecret);
    expect(rotated.body.webhook.previousSecretValidUntil).not.toBeNull();
    const count = ok.got.length;
    expect((await manager.request('POST', `${base}/test`)).status).toBe(202);
    const signed = await until('test after rotation', () => ok.got.slice(count).find((g) => typeOf(g) === 'webhook.test'));
    expect(String(signed.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWebhook(rotated.body.secret, signed.body, headersOf(signed))).toBeTruthy();
    expect(verifyWebhook(customerSecret, signed.body, headersOf(signed))).toBeTruthy();
  });

  it('SSRF: private targets and plain http are refused (422)', async () => {
    const base = `/api/v1/customers/${customerId}/webhooks`;
    for (const [url, key] of [
      ['https://localhost/hooks', 'errors.webhook_url_not_public'],
      ['https://10.0.0.1/hooks', 'errors.webhook_url_not_public'],
      ['https://169.254.169.254/latest/meta-data', 'errors.webhook_url_not_public'],
      ['https://[::1]/hooks', 'errors.webhook_url_not_public'],
      ['http://hooks.example.com/', 'errors.webhook_url_not_https'],
    ]) {
      const r = await manager.request('POST', base, { url, events: ['invoice.issued'] });
      expect([url, r.status, r.body?.error?.fields?.url]).toEqual([url, 422, [key]]);
    }
  });

  it('a failing receiver (500) gets retries, shown in the delivery log; after the last one the endpoint is switched off and its owners told', async () => {
    const created = await manager.request('POST', `/api/v1/customers/${customerId}/webhooks`, { url: failing.url, events: ['invoice.issued'] });
    expect(created.status).toBe(201);
    const id = created.body.webhook.id as number;
    await server.deps.events.publish('invoice.issued', { invoiceId: invoice.id + 100000, number: 'RE-WEBHOOK-FAIL' }, { customers: [customerId] });
    // Three attempts: the first and two retries (WEBHOOK_RETRY_SCHEDULE=1,1).
    await until('three attempts', () => failing.got.length >= 3 || undefined, 150_000);
    const delivery = await until('the delivery failed', async () => {
      const log = await manager.get(`/api/v1/customers/${customerId}/webhooks/${id}/deliveries`);
      const d = log.body.data[0];
      return d?.status === 'failed' ? d : undefined;
    }, 60_000);
    expect(delivery.attempts).toHaveLength(3);
    for (const a of delivery.attempts) expect(a).toMatchObject({ responseStatus: 500, responseBody: 'receiver is down', error: null });
    // Every attempt carries the same webhook-id.
    expect(new Set(failing.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const endpoint = await until('switched off', async () => (await manager.get(`/api/v1/customers/${customerId}/webhooks`)).body.data.find((e: { id: number; enabled: boolean }) => e.id === id && !e.enabled));
    expect(endpoint).toMatchObject({ disabledReason: 'failing' });
    const notices = await until('the notice', async () => (await manager.get('/api/v1/notifications')).body.data.find((n: { kind: string }) => n.kind === 'webhook_disabled'));
    expect(notices.message.en).toContain(failing.url);
    // Switched on again by the owner.
    const on = await manager.request('PATCH', `/api/v1/customers/${customerId}/webhooks/${id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await manager.request('DELETE', `/api/v1/customers/${customerId}/webhooks/${id}`)).status).toBe(204);
  }, 360_000);

  it('test events are rate-limited per endpoint', async () => {
    const base = `/api/v1/clusters/${clusterId}/webhooks/${clusterHook}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await admin.request('POST', `${base}/test`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  }, 180_000);
});
