/**
 * Issue 8, defect 10: a change made while impersonating is recorded with the staff member too — the
 * audit log carries the acting user and, in `details.impersonator`, the staff member behind them.
 */
import { twoFactorSecretBox } from '@portal/core/accounts';
import { AuditLogEntry } from '@portal/core/platform';
import { demoLogins, demoStaff, resealDemoStaffSecret } from '@portal/core/seed';
import { brokenPlugin, contractWithFixtures, examplePlugin } from '../managed/__fixtures__/index.ts';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { impersonating as impersonatingAs } from '../testing/impersonation.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({}, { plugins: [examplePlugin, brokenPlugin], contract: contractWithFixtures() });
  await resealDemoStaffSecret(server.db.orm.em.fork(), twoFactorSecretBox(server.deps.config));
});
afterAll(() => server.stop());

const impersonating = (email: string): Promise<TestClient> => impersonatingAs(server, email);

describe('issue 8 defect 10: impersonated changes name the staff member', () => {
  it('a Managed Center change made while impersonating is in the audit log with the user and the staff member', async () => {
    const staff = await impersonating(demoLogins.admin);
    const list = await staff.get('/api/v1/clusters?search=20011');
    const shop = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
    const detail = (await staff.get(`/api/v1/clusters/${shop}`)).body;
    const lb = detail.servers.find((s: { role: string }) => s.role === 'loadbalancer').id as number;
    const res = await staff.request('PUT', `/api/v1/clusters/${shop}/servers/${lb}/example/greeting`, { text: 'Set by support' });
    expect(res.status).toBe(202);
    const entries = await server.db.orm.em.fork().find(AuditLogEntry, { action: 'managed.change' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: demoLogins.admin, details: { impersonator: { email: demoStaff.email }, serverId: lb, pluginId: 'example' } });
    // The change log names both too: the user, and the staff member behind them.
    const changes = await staff.get(`/api/v1/clusters/${shop}/servers/${lb}/managed/changes?plugin=example`);
    expect(changes.status).toBe(200);
    const change = (changes.body.data as { id: number; user: { name: string } | null; impersonator?: { name: string } | null }[]).find((c) => c.id === res.body.changeId);
    expect(change?.impersonator).toMatchObject({ name: `${demoStaff.firstname} ${demoStaff.surname}` });
    expect(change?.user?.name).toBeTruthy();
  });

  it('a change by the user themselves adds no impersonator', async () => {
    const admin = server.client();
    await admin.login(demoLogins.admin);
    const list = await admin.get('/api/v1/clusters?search=20011');
    const shop = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
    const lb = (await admin.get(`/api/v1/clusters/${shop}`)).body.servers.find((s: { role: string }) => s.role === 'loadbalancer').id as number;
    expect((await admin.request('PUT', `/api/v1/clusters/${shop}/servers/${lb}/example/greeting`, { text: 'Set by myself' })).status).toBe(202);
    const entries = await server.db.orm.em.fork().find(AuditLogEntry, { action: 'managed.change' });
    expect(entries).toHaveLength(1); // only the impersonated one is audited
    const changes = (await admin.get(`/api/v1/clusters/${shop}/servers/${lb}/managed/changes?plugin=example`)).body.data as { impersonator?: unknown }[];
    expect(changes[0].impersonator).toBeNull(); // newest first: the user's own change
  });
});
