/**
 * Invitations go to any address under the portal's sender (issue 31, security 6e): they are limited per
 * inviter (INVITATION_LIMIT per hour, resends included), and the inviter's name in the mail cannot carry a
 * link or an address.
 */
import { User } from '@portal/core/accounts';
import { Customer, inviterNameForMail } from '@portal/core/customers';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let manager: TestClient;
let customerId: number;
beforeAll(async () => {
  server = await createTestServer({ INVITATION_LIMIT: '3' }, { fixtures: false });
  manager = server.client();
  await manager.login(demoLogins.manager);
  customerId = (await server.db.orm.em.fork().findOneOrFail(Customer, { number: 10001 })).id;
}, 180_000);
afterAll(() => server.stop());

const invite = (client: TestClient, email: string) => client.request('POST', `/api/v1/customers/${customerId}/invitations`, { email, role: 'manager' });

describe('invitations (issue 31, security 6e)', () => {
  it('R2.090 the inviter\'s name in the mail is a name only: no link, domain or address from the free-text name fields', async () => {
    const em = server.db.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: demoLogins.manager });
    const [firstname, surname] = [user.firstname, user.surname];
    user.firstname = 'Anna Visit https://evil.example/login or www.evil.example';
    user.surname = 'Schmidt write to help@evil.example';
    await em.flush();
    try {
      const res = await invite(manager, 'phish.target@example.org');
      expect(res.status).toBe(201);
      const mail = await server.mailbox.next('phish.target@example.org', 'invitation');
      expect(mail.text).toContain('Anna Visit or Schmidt write to');
      for (const text of [mail.text, mail.html]) expect(text).not.toMatch(/evil\.example/);
    } finally {
      user.firstname = firstname;
      user.surname = surname;
      await em.flush();
    }
  });

  it('R2.090 names: titles, hyphens and umlauts stay; a name that is nothing but links gives way to the inviter\'s address; long names are cut', () => {
    expect(inviterNameForMail({ firstname: 'Dr. Anna-Lena', surname: 'Müller-Lüdenscheidt', email: 'a@x.example' })).toBe('Dr. Anna-Lena Müller-Lüdenscheidt');
    expect(inviterNameForMail({ firstname: 'https://evil.example', surname: 'evil.example', email: 'a@x.example' })).toBe('a@x.example');
    expect(inviterNameForMail({ firstname: 'Anna\u202e\n\rBerta', surname: 'x'.repeat(255), email: 'a@x.example' })).toBe('Anna Berta');
    expect(inviterNameForMail({ firstname: 'Anna', surname: 'javascript:alert(1) 10.0.0.1', email: 'a@x.example' })).toBe('Anna');
  });

  it('R2.090 invitations and resends count together per inviter: the fourth within the hour is refused with 429 and sends nothing', async () => {
    // The first test used one of the three.
    const second = await invite(manager, 'limit.one@example.org');
    expect(second.status).toBe(201);
    const resent = await manager.request('POST', `/api/v1/customers/${customerId}/invitations/${second.body.id}/resend`);
    expect(resent.status).toBe(200);
    const refused = await invite(manager, 'limit.two@example.org');
    expect([refused.status, refused.body.error.message]).toEqual([429, 'errors.too_many_attempts']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await manager.request('POST', `/api/v1/customers/${customerId}/invitations/${second.body.id}/resend`)).status).toBe(429);
    expect(server.mailbox.messages.filter((m) => m.to.includes('limit.two@example.org'))).toEqual([]);
    // Another manager of the customer has an allowance of their own.
    const colleague = server.client();
    await colleague.login('lena.wolf@mueller-schmidt.example');
    expect((await invite(colleague, 'limit.three@example.org')).status).toBe(201);
  });
});
