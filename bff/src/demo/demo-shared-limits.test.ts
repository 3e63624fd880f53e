import { createTestServer, type TestServer } from '../testing.ts';

/** Two instances of the demo on one Redis (issue 13): the demo's rate limits are the portal's shared ones, not per process. */
let a: TestServer;
let b: TestServer;
const env = { DEMO: '1', DEMO_SESSION_LIMIT: '3', DEMO_CONTACT_LIMIT: '2', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
const clientAddresses = ['127.0.0.1', '::ffff:127.0.0.1', '::1'];

beforeAll(async () => {
  a = await createTestServer(env, { fixtures: false });
  b = await createTestServer(env, { fixtures: false });
  // Redis outlives test runs: start from a clean count for this client address.
  for (const ip of clientAddresses) {
    await a.deps.rateLimits.demoSessionByClient.delete(ip);
    await a.deps.rateLimits.demoContactByClient.delete(ip);
  }
}, 240_000);
afterAll(async () => {
  for (const ip of clientAddresses) {
    await a?.deps.rateLimits.demoSessionByClient.delete(ip);
    await a?.deps.rateLimits.demoContactByClient.delete(ip);
  }
  await a?.stop();
  await b?.stop();
});

describe('demo rate limits across instances (issue 13)', () => {
  it('R6.006 demo sessions of one client address are counted together by every instance', async () => {
    expect((await a.client().request('POST', '/api/v1/demo/session')).status).toBe(200);
    expect((await b.client().request('POST', '/api/v1/demo/session')).status).toBe(200);
    expect((await a.client().request('POST', '/api/v1/demo/session')).status).toBe(200);
    const refused = await b.client().request('POST', '/api/v1/demo/session');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('errors.too_many_attempts');
  });

  it('R2.096 contact messages of one client address are counted together by every instance', async () => {
    const message = { contactPerson: 'Erika Mustermann', company: 'Mustermann GmbH', email: 'erika@mustermann.example', phone: '030 1234567', message: 'Bitte rufen Sie mich an.' };
    expect((await a.client().request('POST', '/api/v1/demo/contact', message)).status).toBe(204);
    expect((await b.client().request('POST', '/api/v1/demo/contact', message)).status).toBe(204);
    expect((await a.client().request('POST', '/api/v1/demo/contact', message)).status).toBe(429);
  });
});
