/**
 * The client package as a third party uses it: a personal access token against a real portal (its own database,
 * demo data, the `local` gateway), no cookie, no CSRF header — the three README examples, the error model,
 * pagination and webhook verification.
 */
import { Webhook } from 'standardwebhooks';
import { Cluster, Server } from '@portal/core/clusters';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestServer } from '@portal/bff/testing';
import { createPortalClient, followJob, paginate, PortalApiError, unwrap, verifyWebhook, WebhookVerificationError, type PortalClient } from './src/index.ts';

let server: TestServer;
let manager: PortalClient;
let admin: PortalClient;
let cluster: { id: number };
let web01: { id: number };

async function tokenFor(email: string): Promise<string> {
  const browser = server.client();
  expect((await browser.login(email)).status).toBe(200);
  const res = await browser.request('POST', '/api/v1/me/personal-access-tokens', { name: 'Integration', expires: 0, abilities: { global: true } });
  expect(res.status).toBe(201);
  return res.body.plainTextToken as string;
}

beforeAll(async () => {
  server = await createTestServer();
  manager = createPortalClient({ baseUrl: server.url, token: await tokenFor(demoLogins.manager), userAgent: 'client-test' });
  admin = createPortalClient({ baseUrl: server.url, token: await tokenFor(demoLogins.admin) });
  const em = server.db.orm.em.fork();
  cluster = await em.findOneOrFail(Cluster, { number: '20011' });
  web01 = (await em.find(Server, { cluster: cluster.id }, { orderBy: { id: 'asc' } })).find((s) => s.name.startsWith('web01'))!;
}, 180_000);
afterAll(() => server?.stop());

describe('@portal/client against a running portal', () => {
  it('lists every invoice page by page with the cursor and downloads one as PDF', async () => {
    const numbers: string[] = [];
    for await (const invoice of paginate(({ cursor }) => manager.GET('/api/v1/invoices', { params: { query: { per_page: 2, cursor } } }).then(unwrap))) {
      numbers.push(invoice.number);
    }
    const all = unwrap(await manager.GET('/api/v1/invoices', { params: { query: { per_page: 100 } } }));
    expect(numbers.length).toBeGreaterThan(2);
    expect(numbers).toEqual(all.data.map((i) => i.number));

    const first = all.data[0];
    const pdf = await manager.GET('/api/v1/invoices/{invoiceId}/pdf', { params: { path: { invoiceId: first.id }, query: {} }, parseAs: 'arrayBuffer' });
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(pdf.data as ArrayBuffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pages through a page-numbered list (the clusters)', async () => {
    const numbers: string[] = [];
    for await (const c of paginate(({ page }) => manager.GET('/api/v1/clusters', { params: { query: { page, per_page: 1 } } }).then(unwrap))) {
      numbers.push(c.number);
    }
    const all = unwrap(await manager.GET('/api/v1/clusters', { params: { query: { per_page: 100 } } }));
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual(all.data.map((c) => c.number));
  });

  it('creates a cron job and follows its apply job until the cron file is on the server', async () => {
    const path = { clusterId: cluster.id, serverId: web01.id };
    const started = unwrap(
      await admin.POST('/api/v1/clusters/{clusterId}/servers/{serverId}/cronjobs', {
        params: { path },
        body: { schedule: '15 3 * * *', command: 'php /var/www/app/artisan backup:run', user: 'www-data', enabled: true },
      }),
    );
    const seen: string[] = [];
    const done = await followJob(admin, { ...path, jobId: started.id }, { intervalMs: 100, onProgress: (j) => seen.push(j.status) });
    expect(done.status).toBe('succeeded');
    expect(seen.at(-1)).toBe('succeeded');
    const jobs = unwrap(await admin.GET('/api/v1/clusters/{clusterId}/servers/{serverId}/cronjobs', { params: { path } }));
    expect(jobs.data.map((j) => j.command)).toContain('php /var/www/app/artisan backup:run');
  });

  it('turns an error answer into a PortalApiError with the code, the message key and the fields', async () => {
    const path = { clusterId: cluster.id, serverId: web01.id };
    const bad = await admin.POST('/api/v1/clusters/{clusterId}/servers/{serverId}/cronjobs', {
      params: { path },
      body: { schedule: '0 0 31 2 *', command: 'echo never', user: 'www-data', enabled: true },
    });
    let error: unknown;
    try {
      unwrap(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PortalApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation', fields: { schedule: ['cronjobs:errors.schedule_never'] } });
    expect((error as PortalApiError).requestId).toBeTruthy();

    // Another customer's token does not reach this customer's server.
    const other = createPortalClient({ baseUrl: server.url, token: await tokenFor(demoLogins.other) });
    const denied = await other.GET('/api/v1/clusters/{clusterId}/servers/{serverId}/cronjobs', { params: { path } });
    expect(() => unwrap(denied)).toThrow(PortalApiError);
    expect([403, 404]).toContain(denied.response.status);

    const anonymous = createPortalClient({ baseUrl: server.url, token: '1|not-a-real-token' });
    const refused = await anonymous.GET('/api/v1/me');
    expect(refused.response.status).toBe(401);
    expect(() => unwrap(refused)).toThrow(expect.objectContaining({ code: 'unauthenticated' }));
  });
});

describe('verifyWebhook (Standard Webhooks)', () => {
  const secret = 'whsec_' + Buffer.from('a secret of thirty-two bytes!!!!').toString('base64');
  const body = JSON.stringify({ type: 'invoice.issued', timestamp: '2026-11-28T10:00:00.000Z', data: { invoiceId: 7 } });
  const signed = (payload: string, at = new Date()) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_1', at, payload),
  });

  it('returns the payload of a correctly signed delivery (plain object or Headers)', () => {
    expect(verifyWebhook(secret, body, signed(body))).toMatchObject({ type: 'invoice.issued', data: { invoiceId: 7 } });
    expect(verifyWebhook(secret, Buffer.from(body), new Headers(signed(body)))).toMatchObject({ type: 'invoice.issued' });
  });

  it('refuses a changed body, another secret and an old delivery', () => {
    expect(() => verifyWebhook(secret, body.replace('7', '8'), signed(body))).toThrow(WebhookVerificationError);
    const other = 'whsec_' + Buffer.from('another secret of 32 bytes!!!!!!').toString('base64');
    expect(() => verifyWebhook(other, body, signed(body))).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, body, signed(body, new Date(Date.now() - 10 * 60_000)))).toThrow(WebhookVerificationError);
  });
});
