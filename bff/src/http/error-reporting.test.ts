import { User } from '@portal/core/accounts';
import { loadConfig, createLogger } from '@portal/core/platform';
import { demoLogins, demoPassword } from '@portal/core/seed';
import { createTestServer, type TestServer } from '../testing.ts';
import { startSentryReceiver, type SentryReceiver } from '../testing/sentryReceiver.ts';
import { createErrorReporter } from './error-reporting.ts';

/**
 * Issue 31: the BFF reports errors over the Sentry protocol to `SENTRY_DSN`. A local receiver takes the
 * envelopes the official SDK sends; the tests assert what arrives and what does not.
 */
let receiver: SentryReceiver;
let server: TestServer;
beforeAll(async () => {
  receiver = await startSentryReceiver('42');
  server = await createTestServer({ SENTRY_DSN: receiver.dsn, SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'portal@2026.11.1' });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const flush = () => server.deps.errorReporter!.flush(5000);

describe('error reporting of the BFF', () => {
  it('R8.034 R5.042 the TEST_SENTRY department arrives with user id, release and environment; 422, 404, 403 and 401 never do; no e-mail, password, cookie or token', async () => {
    const client = server.client();
    expect((await client.login(demoLogins.manager)).status).toBe(200);
    const userId = (await server.db.orm.em.fork().findOneOrFail(User, { email: demoLogins.manager })).id;

    // The four ignored statuses, each from a real request.
    expect((await server.client().get('/api/v1/profile')).status).toBe(401);
    expect((await client.get('/api/v1/clusters/999999')).status).toBe(404);
    expect((await client.request('POST', '/api/v1/me/permissions/customers/revoke', { email: 'someone.else@example.com', customer_id: 10001 })).status).toBe(403);
    expect((await client.request('PATCH', '/api/v1/profile', { gender: 'other' })).status).toBe(422);
    await flush();
    expect(receiver.events()).toEqual([]);

    const res = await client.request('PATCH', '/api/v1/profile', { department: 'TEST_SENTRY' });
    expect(res.status).toBe(500);
    await flush();

    const events = receiver.events();
    expect(events).toHaveLength(1);
    const [event] = events as [Record<string, any>]; // eslint-disable-line @typescript-eslint/no-explicit-any -- a received JSON event
    expect(receiver.envelopes.at(-1)?.project).toBe('42');
    expect(event.exception.values[0]).toMatchObject({ type: 'DeliberateTestError', value: 'errors.test_error' });
    expect(event.user).toEqual({ id: String(userId) });
    expect(event.release).toBe('portal@2026.11.1');
    expect(event.environment).toBe('staging');
    expect(event.tags).toMatchObject({ status: '500', operation: 'updateProfile', method: 'PATCH', test_error: 'true' });
    expect(event.request).toBeUndefined();

    const everything = receiver.envelopes.map((e) => e.raw).join('\n');
    expect(everything).not.toContain(demoLogins.manager);
    expect(everything).not.toContain(demoPassword);
    const secrets = [...client.cookies.values()].filter((v) => v.length >= 16); // session and CSRF tokens (not the flag `portal_logged_in=1`)
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const value of secrets) expect(everything).not.toContain(value);
    expect(everything).not.toMatch(/ip_address|cookie/i);
  });
});

describe('the web app\'s run-time configuration', () => {
  it('R7.019 R8.034 getClientConfig hands the web app the DSN with the same release and environment; the CSP lets it post there; analytics unset is absent', async () => {
    const res = await server.client().get('/api/v1/client-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errorReporting: { dsn: receiver.dsn, release: 'portal@2026.11.1', environment: 'staging' } });
    const origin = new URL(receiver.dsn).origin;
    expect(res.headers.get('content-security-policy')).toMatch(new RegExp(`connect-src 'self' \\S+ ${origin.replace(/[.]/g, '\\.')}(;|$)`));
  });
});

describe('the reporter', () => {
  it('R8.034 drops captured errors of 422, 404, 403 and 401; a 500 arrives with secrets redacted by the log rules', async () => {
    const own = await startSentryReceiver('7');
    const reporter = createErrorReporter(loadConfig({ NODE_ENV: 'test', SENTRY_DSN: own.dsn }), createLogger({ level: 'silent' }));
    try {
      for (const status of [422, 404, 403, 401]) reporter.capture(new Error(`refused ${status}`), { status, userId: 3 });
      const secret = Object.assign(new Error("insert into users (email, password_hash) values ('erika@example.com', 'argon2-hash') - duplicate key"), {
        password: 'Geheim-Passwort-1',
        token: 'pat_abcdef',
      });
      reporter.capture(secret, { status: 500, userId: 3 });
      await reporter.flush(5000);
      const events = own.events() as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- received JSON
      expect(events.map((e) => e.tags.status)).toEqual(['500']);
      expect(events[0].environment).toBe('test');
      expect(events[0].release).toMatch(/^portal@/);
      const raw = own.envelopes.map((e) => e.raw).join('\n');
      expect(raw).toContain("values ('[redacted]', '[redacted]')");
      for (const leaked of ['erika@example.com', 'argon2-hash', 'Geheim-Passwort-1', 'pat_abcdef', 'refused 4']) expect(raw).not.toContain(leaked);
    } finally {
      await reporter.close();
      await own.close();
    }
  });

  it('R7.019 without SENTRY_DSN nothing is reported', async () => {
    const reporter = createErrorReporter(loadConfig({ NODE_ENV: 'production' }), createLogger({ level: 'silent' }));
    expect(reporter.enabled).toBe(false);
  });
});
