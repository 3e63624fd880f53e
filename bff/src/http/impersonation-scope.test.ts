/**
 * Issue 31, probe 5: what staff acting as a customer may do is declared in the contract
 * (`x-impersonation: deny`) and refused by the router; every write they make is in the audit log with the
 * staff member's name.
 */
import { twoFactorSecretBox } from '@portal/core/accounts';
import { Invoice } from '@portal/core/billing';
import { Customer } from '@portal/core/customers';
import { AuditLogEntry } from '@portal/core/platform';
import { demoLogins, demoStaff, resealDemoStaffSecret } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { impersonating as impersonatingAs } from '../testing/impersonation.ts';

let server: TestServer;
let staff: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  await resealDemoStaffSecret(server.db.orm.em.fork(), twoFactorSecretBox(server.deps.config));
  staff = await impersonating(demoLogins.manager);
});
afterAll(() => server.stop());

const impersonating = (email: string): Promise<TestClient> => impersonatingAs(server, email);

const refusal = (r: { status: number; body: { error?: { message?: string } } }) => [r.status, r.body?.error?.message];

describe('issue 31 probe 5: what impersonation may do', () => {
  it("R6.007 acting as a customer, staff cannot download a certificate's private key (its own message)", async () => {
    const r = await staff.get('/api/v1/orders/certificate/Z2026000001/key');
    expect(refusal(r)).toEqual([403, 'errors.private_key_refused_while_impersonating']);
  });

  it('R6.007 acting as a customer, staff cannot invite external managers or create public invoice links', async () => {
    const em = server.db.orm.em.fork();
    const customer = await em.findOneOrFail(Customer, { number: 10001 });
    const invoice = await em.findOneOrFail(Invoice, { customer: customer.id }, { orderBy: { id: 'asc' } });
    const invite = await staff.request('POST', `/api/v1/customers/${customer.id}/invitations`, { email: 'outsider@agentur.example', role: 'manager' });
    expect(refusal(invite)).toEqual([403, 'errors.refused_while_impersonating']);
    expect(refusal(await staff.request('POST', `/api/v1/invoices/${invoice.id}/public-link`))).toEqual([403, 'errors.refused_while_impersonating']);
    // The manager themselves may.
    const manager = server.client();
    await manager.login(demoLogins.manager);
    expect((await manager.request('POST', `/api/v1/invoices/${invoice.id}/public-link`)).status).toBe(201);
  });

  it('R6.007 every write staff make as the customer is audited with the staff member; a refused one is not', async () => {
    const before = await server.db.orm.em.fork().count(AuditLogEntry, { action: 'impersonation.write' });
    const changed = await staff.request('PATCH', '/api/v1/me/settings', { darkMode: true });
    expect(changed.status).toBe(200);
    const entries = await server.db.orm.em.fork().find(AuditLogEntry, { action: 'impersonation.write' }, { orderBy: { id: 'asc' } });
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorEmail: demoLogins.manager,
      details: { operationId: 'updateUiSettings', staffName: `${demoStaff.firstname} ${demoStaff.surname}`, impersonator: { email: demoStaff.email } },
    });
    expect((await staff.request('PATCH', '/api/v1/me/settings', { darkMode: 'no' })).status).toBe(422);
    expect(await server.db.orm.em.fork().count(AuditLogEntry, { action: 'impersonation.write' })).toBe(before + 1);
  });
});
