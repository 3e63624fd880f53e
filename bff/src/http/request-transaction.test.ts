/**
 * Issue 8, defect 5: every write request is one transaction with its answer — an error answer stores
 * nothing (and queues no apply job), while deliberate writes of a refused request (failed attempts and
 * their audit) are kept.
 */
import { Secret, TOTP } from 'otpauth';
import { twoFactorSecretBox, Impersonation } from '@portal/core/accounts';
import { ManagedChange, ManagedJob } from '@portal/core/managed';
import { AuditLogEntry } from '@portal/core/platform';
import { demoLogins, demoPassword, demoStaff, resealDemoStaffSecret } from '@portal/core/seed';
import { failAfterStoring } from '../managed/__fixtures__/example/server.ts';
import { brokenPlugin, contractWithFixtures, examplePlugin } from '../managed/__fixtures__/index.ts';
import { createTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({}, { plugins: [examplePlugin, brokenPlugin], contract: contractWithFixtures() });
  await resealDemoStaffSecret(server.db.orm.em.fork(), twoFactorSecretBox(server.deps.config));
});
afterAll(() => server.stop());

const code = () => {
  server.clock.advance(30_000);
  return new TOTP({ secret: Secret.fromBase32(demoStaff.totpSecret), digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
};

describe('issue 8 defect 5: an error answer stores nothing', () => {
  it('a handler that fails after its write answers 500, and neither the write, the change nor a job was stored', async () => {
    const admin = server.client();
    await admin.login(demoLogins.admin);
    const shop = (await admin.get('/api/v1/clusters?search=20011')).body.data.find((x: { number: string }) => x.number === '20011').id as number;
    const lb = (await admin.get(`/api/v1/clusters/${shop}`)).body.servers.find((s: { role: string }) => s.role === 'loadbalancer').id as number;
    const url = `/api/v1/clusters/${shop}/servers/${lb}/example/greeting`;
    const before = (await admin.get(url)).body.text as string;
    const em = server.db.orm.em.fork();
    const [changes, jobs] = [await em.count(ManagedChange, {}), await em.count(ManagedJob, {})];

    const failed = await admin.request('PUT', url, { text: failAfterStoring });
    expect(failed.status).toBe(500);
    expect((await admin.get(url)).body.text).toBe(before);
    const after = server.db.orm.em.fork();
    expect(await after.count(ManagedChange, {})).toBe(changes);
    expect(await after.count(ManagedJob, {})).toBe(jobs);

    // The same operation without the failure still stores, records and queues (commit, then the job).
    const ok = await admin.request('PUT', url, { text: 'Stored once' });
    expect(ok.status).toBe(202);
    expect((await admin.get(url)).body.text).toBe('Stored once');
    expect(await server.db.orm.em.fork().count(ManagedChange, {})).toBe(changes + 1);
    const job = await admin.get(`/api/v1/clusters/${shop}/servers/${lb}/managed/jobs/${ok.body.id}`);
    expect(job.status).toBe(200);
  });

  it('a refused impersonation code is still counted and audited (a deliberate write of a refused request)', async () => {
    const c = server.client();
    const first = await c.login(demoStaff.email, demoPassword);
    expect((await c.request('POST', '/api/v1/session/two-factor', { challenge: first.body.challenge, code: code() })).status).toBe(200);
    const link = await c.request('POST', '/api/v1/impersonation/links', { email: demoLogins.manager });
    expect(link.status).toBe(201);
    const [, , , userId, token] = (link.body.path as string).split('/');
    const refused = await c.request('POST', '/api/v1/impersonation/start', { userId: Number(userId), token, code: '000000' });
    expect(refused.status).toBe(422);
    const em = server.db.orm.em.fork();
    const impersonation = await em.findOneOrFail(Impersonation, { target: Number(userId) }, { orderBy: { id: 'desc' } });
    expect(impersonation.failedAttempts).toBe(1);
    expect(await em.count(AuditLogEntry, { action: 'impersonation.failed', subjectEmail: demoLogins.manager })).toBe(1);
  });
});
