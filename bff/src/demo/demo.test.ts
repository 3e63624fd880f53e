import { Cluster, Server } from '@portal/core/clusters';
import { createTestServer, type TestServer } from '../testing.ts';

let demo: TestServer;
let live: TestServer;

beforeAll(async () => {
  demo = await createTestServer({ DEMO: '1', DEMO_CONTACT_EMAIL: 'sales@portal.example', DEMO_CONTACT_LIMIT: '3' });
  live = await createTestServer();
}, 240_000);
afterAll(async () => {
  await demo?.stop();
  await live?.stop();
});

describe('demo mode (issue 13)', () => {
  it('R4.010 R9.015 names cluster 42 and its server as the demo target; the live portal is not a demo', async () => {
    const em = demo.db.orm.em.fork();
    const cluster = await em.findOneOrFail(Cluster, { number: '42' });
    const server = await em.findOneOrFail(Server, { cluster }, { orderBy: { id: 'asc' } });
    expect(cluster.id).toBe(42);
    expect((await demo.client().get('/api/v1/demo')).body).toEqual({ enabled: true, clusterId: 42, serverId: server.id });
    expect((await live.client().get('/api/v1/demo')).body).toEqual({ enabled: false });
    expect((await live.client().request('POST', '/api/v1/demo/session')).status).toBe(404);
  });

  it('R6.006 signs each visitor in as the demo user with a session of their own, who sees cluster 42 in the Managed Center', async () => {
    const a = demo.client();
    const b = demo.client();
    expect((await a.request('POST', '/api/v1/demo/session')).status).toBe(200);
    expect((await b.request('POST', '/api/v1/demo/session')).status).toBe(200);
    expect(a.cookies.get('portal_session')).not.toEqual(b.cookies.get('portal_session'));
    expect((await a.get('/api/v1/me')).body).toMatchObject({ email: 'demo@demo.example' });
    const target = (await a.get('/api/v1/demo')).body;
    const view = await a.get(`/api/v1/clusters/${target.clusterId}/servers/${target.serverId}/managed`);
    expect(view.status).toBe(200);
  });

  it('R2.097 the demo server runs Memcached, RabbitMQ and Sphinx: their modules are sections with demo state, readable by the visitor', async () => {
    const a = demo.client();
    expect((await a.request('POST', '/api/v1/demo/session')).status).toBe(200);
    const target = (await a.get('/api/v1/demo')).body;
    const server = `/api/v1/clusters/${target.clusterId}/servers/${target.serverId}`;
    const sections = ((await a.get(`${server}/managed`)).body.sections as { id: string; status: string }[]).filter((s) => ['memcached', 'rabbitmq', 'sphinx'].includes(s.id));
    expect(sections.map((s) => [s.id, s.status]).sort()).toEqual([
      ['memcached', 'ok'],
      ['rabbitmq', 'ok'],
      ['sphinx', 'ok'],
    ]);
    for (const id of ['memcached', 'rabbitmq', 'sphinx']) expect((await a.get(`${server}/${id}/settings`)).status).toBe(200);
    // The plugins' fixtures: RabbitMQ's virtual hosts and Sphinx's indexes of a demo server.
    expect(((await a.get(`${server}/rabbitmq/vhosts`)).body.data as { name: string }[]).map((v) => v.name)).toContain('shop');
    expect(((await a.get(`${server}/sphinx/indexes`)).body.data as { name: string }[]).map((i) => i.name).sort()).toEqual(['articles', 'live']);
  });

  it("R6.006 a visitor's session list shows only their own session, never another visitor's address or browser (issue 31)", async () => {
    const a = demo.client();
    const b = demo.client();
    expect((await a.request('POST', '/api/v1/demo/session', undefined, { 'User-Agent': 'Visitor-A-Browser/1.0' })).status).toBe(200);
    expect((await b.request('POST', '/api/v1/demo/session', undefined, { 'User-Agent': 'Visitor-B-Browser/2.0' })).status).toBe(200);
    const listed = await a.request('GET', '/api/v1/me/sessions', undefined, { 'User-Agent': 'Visitor-A-Browser/1.0' });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ current: true });
    expect(JSON.stringify(listed.body)).not.toContain('Visitor-B-Browser');
  });

  it('R1.002 R6.006 refuses every write with 403 errors.demo_read_only, but signing out works', async () => {
    const a = demo.client();
    await a.request('POST', '/api/v1/demo/session');
    const write = await a.request('PATCH', '/api/v1/me/settings', { darkMode: true });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe('errors.demo_read_only');
    // Even a real login is refused in the demo.
    expect((await demo.client().login('manager@demo.example')).status).toBe(403);
    expect((await a.request('DELETE', '/api/v1/session')).status).toBe(204);
    expect((await a.get('/api/v1/me')).status).toBe(401);
  });

  it('R2.096 mails the contact form to the configured address, answers bad input with 422 per field, and limits the rate', async () => {
    const a = demo.client();
    const bad = await a.request('POST', '/api/v1/demo/contact', { contactPerson: ' ', company: 'ACME', email: 'nope', phone: '123', message: 'Hallo' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({
      contactPerson: ['errors.validationField.required'],
      email: ['errors.validationField.format.email'],
      phone: ['errors.invalid_phone'],
    });
    const ok = await a.request('POST', '/api/v1/demo/contact', { contactPerson: 'Erika Mustermann', company: 'Mustermann GmbH', email: 'erika@mustermann.example', phone: '030 1234567', message: 'Bitte rufen Sie mich an.' });
    expect(ok.status).toBe(204);
    const mail = await demo.mailbox.next('sales@portal.example', 'demoContact');
    expect(mail.subject).toBe('Demo-Anfrage von Mustermann GmbH');
    expect(mail.text).toContain('Erika Mustermann');
    expect(mail.text).toContain('030 1234567');
    const valid = { contactPerson: 'E', company: 'C', email: 'e@x.example', phone: '+49 30 1234567', message: 'm' };
    await a.request('POST', '/api/v1/demo/contact', valid);
    await a.request('POST', '/api/v1/demo/contact', valid);
    expect((await a.request('POST', '/api/v1/demo/contact', valid)).status).toBe(429);
  });
});
