import { Secret, TOTP } from 'otpauth';
import { Impersonation, Session, twoFactorSecretBox, User } from '@portal/core/accounts';
import { AuditLogEntry } from '@portal/core/platform';
import { demoInvitations, demoLogins, demoPassword, demoStaff, resealDemoStaffSecret } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  // The seed sealed the staff member's secret with the environment's key; this server has its own.
  await resealDemoStaffSecret(server.db.orm.em.fork(), twoFactorSecretBox(server.deps.config));
});
afterAll(() => server.stop());
beforeEach(async () => {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await server.deps.rateLimits.impersonationStartByClient.delete(ip);
  await server.deps.rateLimits.twoFactorByUser.delete(String(await staffId()));
});

const em = () => server.db.orm.em.fork();
const staffId = async () => (await em().findOneOrFail(User, { email: demoStaff.email })).id;
const userId = async (email: string) => (await em().findOneOrFail(User, { email })).id;
/** A code of the staff member's authenticator app; every use moves the clock to a fresh 30-second step (codes are single-use). */
const code = () => {
  server.clock.advance(30_000);
  return new TOTP({ secret: Secret.fromBase32(demoStaff.totpSecret), digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
};

async function signedIn(email: string): Promise<TestClient> {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
}

/** The staff member signs in: password, then the second factor. */
async function staffSignedIn(): Promise<TestClient> {
  const c = server.client();
  const first = await c.login(demoStaff.email, demoPassword);
  expect(first.body.twoFactorRequired).toBe(true);
  const second = await c.request('POST', '/api/v1/session/two-factor', { challenge: first.body.challenge, code: code() });
  expect(second.status).toBe(200);
  return c;
}

const createLink = (c: TestClient, email: string) => c.request('POST', '/api/v1/impersonation/links', { email });
const linkParts = (path: string) => {
  const [, , , id, token] = path.split('/');
  return { userId: Number(id), token };
};
const start = (c: TestClient, body: object) => c.request('POST', '/api/v1/impersonation/start', body);
const audit = (action: string) => em().find(AuditLogEntry, { action }, { orderBy: { id: 'asc' } });

/** A staff member's link to act as the manager, and the browser that holds it. */
async function managerLink() {
  const staff = await staffSignedIn();
  const res = await createLink(staff, demoLogins.manager);
  expect(res.status).toBe(201);
  return { staff, ...linkParts(res.body.path) };
}

describe('impersonation: the link (§6 impersonation through a two-factor challenge link)', () => {
  it('R6.001 R6.007 anonymous callers get 401; the public challenge refuses unknown links', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/v1/impersonation')).status).toBe(401);
    expect((await createLink(anonymous, demoLogins.manager)).status).toBe(401);
    expect((await anonymous.request('POST', '/api/v1/impersonation/end')).status).toBe(401);
    const res = await start(anonymous, { userId: 1, token: 'unknown-token-000000000', code: '123456' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('errors.invalid_impersonation_link');
  });

  it('R6.007 only staff members create links: a customer user gets 403 and no link', async () => {
    const manager = await signedIn(demoLogins.manager);
    const res = await createLink(manager, demoLogins.other);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('errors.staff_only');
    expect((await manager.get('/api/v1/impersonation')).body).toEqual({ active: false, impersonator: null, startedAt: null, canImpersonate: false });
  });

  it('R6.007 a staff member gets a single-use challenge link for a customer user, audited; not for themselves, other staff or unknown addresses', async () => {
    const staff = await staffSignedIn();
    expect((await staff.get('/api/v1/impersonation')).body).toMatchObject({ active: false, canImpersonate: true });
    const res = await createLink(staff, 'Manager@Demo.example');
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(new RegExp(`^/a/impersonate-two-factor-challenge/${await userId(demoLogins.manager)}/[A-Za-z0-9_-]{43}$`));
    expect(res.body.user).toEqual({ id: expect.any(Number), email: demoLogins.manager, firstname: 'Anna', surname: 'Berger' });
    expect(new Date(res.body.expiresAt).getTime() - server.clock.now().getTime()).toBe(10 * 60_000);
    expect((await audit('impersonation.link_created')).at(-1)).toMatchObject({ actorEmail: demoStaff.email, subjectEmail: demoLogins.manager });

    expect((await createLink(staff, demoStaff.email)).body.error.message).toBe('errors.impersonation_target_not_allowed');
    expect((await createLink(staff, 'nobody@demo.example')).body.error.message).toBe('errors.impersonation_user_not_found');
    expect((await createLink(staff, 'not-an-address')).body.error.fields).toEqual({ email: ['validation.format.email'] });
  });

  it('R6.007 other staff members cannot be impersonated', async () => {
    const e = em();
    const { passwordHash } = await e.findOneOrFail(User, { email: demoStaff.email }, { populate: ['passwordHash'] });
    e.create(User, { email: 'colleague.staff@demo.example', passwordHash, firstname: 'Kai', surname: 'Staff', isStaff: true } as User);
    await e.flush();
    const staff = await staffSignedIn();
    const res = await createLink(staff, 'colleague.staff@demo.example');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('errors.impersonation_target_not_allowed');
  });
});

describe('impersonation: the challenge, the session and its end (§6, audit log)', () => {
  it('R6.007 a wrong code is refused and audited; the right one starts a marked session for the user and ends the staff session', async () => {
    const { staff, userId: target, token } = await managerLink();
    const staffCookie = staff.cookies.get('portal_session')!;
    const wrong = await start(staff, { userId: target, token, code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ code: ['errors.two_factor_code_invalid'] });
    expect((await audit('impersonation.failed')).at(-1)).toMatchObject({ actorEmail: demoStaff.email, subjectEmail: demoLogins.manager });
    expect((await start(staff, { userId: target + 1, token, code: code() })).status).toBe(404);

    const res = await start(staff, { userId: target, token, code: code() });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: demoLogins.manager, firstname: 'Anna' });
    expect(staff.cookies.get('portal_session')).not.toBe(staffCookie);
    expect((await staff.get('/api/v1/me')).body.email).toBe(demoLogins.manager);
    expect((await staff.get('/api/v1/clusters')).body.data.map((c: { number: string }) => c.number)).toEqual(['20011', '20012']);
    const state = (await staff.get('/api/v1/impersonation')).body;
    expect(state).toEqual({
      active: true,
      impersonator: { firstname: demoStaff.firstname, surname: demoStaff.surname, email: demoStaff.email },
      startedAt: expect.any(String),
      canImpersonate: false,
    });
    // The session is marked with the staff member, lasts at most 2 hours, and the start is audited with the address.
    const sessions = await em().find(Session, { user: target, impersonator: { $ne: null } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].maxExpiresAt.getTime() - sessions[0].createdAt.getTime()).toBe(2 * 3_600_000);
    const started = (await audit('impersonation.started')).at(-1)!;
    expect(started).toMatchObject({ actorEmail: demoStaff.email, subjectEmail: demoLogins.manager, ip: expect.stringMatching(/127\.0\.0\.1|::1/) });
    // The staff member's own session is over.
    const old = server.client();
    old.cookies.set('portal_session', staffCookie);
    expect((await old.get('/api/v1/me')).status).toBe(401);
    // The link was used up.
    expect((await start(server.client(), { userId: target, token, code: code() })).status).toBe(404);
  });

  it('R6.002 R6.007 while impersonating, the user’s own permission changes and new links are refused with 403', async () => {
    const { staff, userId: target, token } = await managerLink();
    expect((await start(staff, { userId: target, token, code: code() })).status).toBe(200);
    const customers = (await staff.get('/api/v1/me/permissions/customers')).body.data;
    const revoke = await staff.request('POST', '/api/v1/me/permissions/customers/revoke', { email: demoLogins.manager, customer_id: customers[0].id });
    expect(revoke.status).toBe(403);
    expect(revoke.body.error.message).toBe('errors.refused_while_impersonating');
    const contracts = (await staff.get('/api/v1/me/permissions/contracts')).body.data;
    expect((await staff.request('POST', '/api/v1/me/permissions/contracts/revoke', { email: demoLogins.manager, contract_id: contracts[0].id })).status).toBe(403);
    const d = demoInvitations.newColleague;
    expect((await staff.request('POST', '/api/v1/invitations/accept', { token: d.token, email: d.email })).body.error.message).toBe(
      'errors.refused_while_impersonating',
    );
    expect((await createLink(staff, demoLogins.other)).body.error.message).toBe('errors.refused_while_impersonating');
  });

  it('R6.007 while impersonating, the user’s own security actions (password, e-mail, two-factor, tokens, sessions) answer 403; reading works', async () => {
    const { staff, userId: target, token } = await managerLink();
    expect((await start(staff, { userId: target, token, code: code() })).status).toBe(200);
    const refused = [
      await staff.request('PUT', '/api/v1/me/password', { password_old: demoPassword, password: 'Neues-Passwort-Sicher-2026', password_confirmation: 'Neues-Passwort-Sicher-2026' }),
      await staff.request('POST', '/api/v1/profile/email', { email: 'staff-was-here@demo.example', password: demoPassword }),
      await staff.request('POST', '/api/v1/me/two-factor', { password: demoPassword }),
      await staff.request('POST', '/api/v1/me/personal-access-tokens', { name: 'from support', expires: 0, expires_at: null, abilities: { global: true } }),
      await staff.request('DELETE', '/api/v1/me/sessions/others'),
    ];
    expect(refused.map((r) => [r.status, r.body?.error?.message])).toEqual(refused.map(() => [403, 'errors.refused_while_impersonating']));
    expect((await staff.get('/api/v1/me/personal-access-tokens')).status).toBe(200);
    // Nothing changed: the user still signs in with the old password.
    expect((await server.client().login(demoLogins.manager, demoPassword)).status).toBe(200);
  });

  it('R6.007 ending the impersonation ends the session and is audited', async () => {
    const { staff, userId: target, token } = await managerLink();
    expect((await start(staff, { userId: target, token, code: code() })).status).toBe(200);
    const res = await staff.request('POST', '/api/v1/impersonation/end');
    expect(res.status).toBe(204);
    expect(staff.cookies.has('portal_logged_in')).toBe(false);
    expect((await staff.get('/api/v1/me')).status).toBe(401);
    const ended = (await audit('impersonation.ended')).at(-1)!;
    expect(ended).toMatchObject({ actorEmail: demoStaff.email, subjectEmail: demoLogins.manager, details: { reason: 'ended' } });
    // An ordinary session has nothing to end.
    const manager = await signedIn(demoLogins.manager);
    const own = await manager.request('POST', '/api/v1/impersonation/end');
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe('errors.not_impersonating');
  });

  it('R6.007 an impersonation ended by signing out or by expiry is closed in the audit log too', async () => {
    const { staff, userId: target, token } = await managerLink();
    expect((await start(staff, { userId: target, token, code: code() })).status).toBe(200);
    const before = (await audit('impersonation.ended')).length;
    expect((await staff.request('DELETE', '/api/v1/session')).status).toBe(204);
    await (await signedIn(demoLogins.other)).get('/api/v1/impersonation');
    const after = await audit('impersonation.ended');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ subjectEmail: demoLogins.manager, details: { reason: 'session_ended' } });
    const [latest] = await em().find(Impersonation, {}, { orderBy: { id: 'desc' }, limit: 1 });
    expect(latest).toMatchObject({ status: 'ended', endReason: 'session_ended' });
  });

  it('R6.007 a link expires after 10 minutes and dies after 5 wrong codes', async () => {
    const first = await managerLink();
    server.clock.advance(10 * 60_000 + 1);
    expect((await start(first.staff, { userId: first.userId, token: first.token, code: code() })).body.error.message).toBe('errors.invalid_impersonation_link');

    const second = await managerLink();
    for (let i = 0; i < 5; i++) expect((await start(second.staff, { userId: second.userId, token: second.token, code: '000000' })).status).toBe(422);
    expect((await start(second.staff, { userId: second.userId, token: second.token, code: code() })).status).toBe(404);
  });

  it('R6.007 the challenge is rate limited per client address (10 per 15 minutes)', async () => {
    const anonymous = server.client();
    for (let i = 0; i < 10; i++) expect((await start(anonymous, { userId: 1, token: `unknown-token-${String(i).padStart(10, '0')}`, code: '1' })).status).toBe(404);
    const limited = await start(anonymous, { userId: 1, token: 'unknown-token-0000000099', code: '1' });
    expect(limited.status).toBe(429);
  });

  it('R6.007 validates the challenge input', async () => {
    const res = await start(server.client(), { userId: 0, token: 'short', code: '' });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ userId: ['validation.minimum'], token: ['validation.minLength'], code: ['validation.minLength'] });
  });
});

describe('impersonation: the staff e-mail domain (§6 R6.010)', () => {
  const withStaffDomain = async (domain: string, run: () => Promise<void>) => {
    const before = server.deps.config.STAFF_EMAIL_DOMAIN;
    server.deps.config.STAFF_EMAIL_DOMAIN = domain;
    try {
      await run();
    } finally {
      server.deps.config.STAFF_EMAIL_DOMAIN = before;
    }
  };

  it('R6.010 a staff account outside the staff e-mail domain has no staff rights: no links, no challenge for a link made before', async () => {
    const { staff, userId: target, token } = await managerLink();
    await withStaffDomain('hosting.example', async () => {
      expect((await staff.get('/api/v1/impersonation')).body.canImpersonate).toBe(false);
      const res = await createLink(staff, demoLogins.manager);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('errors.staff_only');
      // A link created while the address still counted is dead once it no longer does.
      const refused = await start(server.client(), { userId: target, token, code: code() });
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe('errors.invalid_impersonation_link');
    });
  });

  it('R6.010 at the staff e-mail domain staff keep their rights, and accounts at that domain cannot be acted as', async () => {
    await withStaffDomain('demo.example, @hosting.example', async () => {
      const staff = await staffSignedIn();
      expect((await staff.get('/api/v1/impersonation')).body.canImpersonate).toBe(true);
      // manager@demo.example is at the staff domain now: refused like another staff member.
      const res = await createLink(staff, demoLogins.manager);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('errors.impersonation_target_not_allowed');
      // A customer's user elsewhere can be acted as.
      const other = await createLink(staff, 'lena.wolf@mueller-schmidt.example');
      expect(other.status).toBe(201);
    });
  });
});
