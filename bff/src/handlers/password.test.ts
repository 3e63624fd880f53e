import { PasswordResetToken, User } from '@portal/core/accounts';
import { hashPassword, sha256 } from '@portal/core/platform';
import { demoPassword } from '@portal/core/seed';
import { createTestServer, type TestResponse, type TestServer } from '../testing.ts';
import { linkIn } from '../testing/mailbox.ts';

let server: TestServer;
const seen: string[] = [];
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.stop());

const newPassword = 'Lampe Regen Fahrrad 7';
let serial = 0;
async function newUser(extra: Partial<User> = {}): Promise<string> {
  const em = server.db.orm.em.fork();
  const email = `reset-${++serial}-${Date.now()}@example.com`;
  em.create(User, { email, passwordHash: await hashPassword(demoPassword), firstname: 'Rita', surname: 'Reset', emailVerified: true, ...extra } as User);
  await em.flush();
  return email;
}

/** Each call from its own client address, so the per-client limits do not mix tests (TRUST_PROXY is on). */
let ip = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++ip}` });
async function call(path: string, body: unknown, headers = from()): Promise<TestResponse> {
  const res = await server.client().request('POST', path, body, headers);
  seen.push(JSON.stringify(res.body ?? ''));
  return res;
}
const forgot = (email: string, headers = from()) => call('/api/v1/password/forgot', { email }, headers);
const reset = (body: unknown) => call('/api/v1/password/reset', body);
const tokenOf = (link: string) => link.split('/a/password/reset/')[1];
const fieldsOf = (res: TestResponse) => res.body?.error?.fields;

async function resetToken(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(204);
  return tokenOf(linkIn(await server.mailbox.next(email, 'passwordReset')));
}

beforeAll(async () => {
  await server.stop();
  server = await createTestServer({ TRUST_PROXY: '1' });
});

describe('forgotten password', () => {
  it('R2.003 mails a reset link in the user\'s language to a known address; an unknown address gets the same answer and no mail', async () => {
    const email = await newUser({ language: 'en' });
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(known.body).toEqual(unknown.body);
    const mail = await server.mailbox.next(email, 'passwordReset');
    expect(mail.subject).toBe('Reset your password');
    const link = linkIn(mail);
    expect(link).toMatch(new RegExp(`^${server.deps.config.PUBLIC_URL}/a/password/reset/[\\w-]{43,}$`));
    await new Promise((r) => setTimeout(r, 300));
    expect(server.mailbox.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('R2.003 the token has at least 128 bits and is stored only as its SHA-256', async () => {
    const email = await newUser();
    const token = await resetToken(email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await server.db.orm.em.fork().find(PasswordResetToken, { user: { email } });
    expect(rows.map((r) => r.id)).toEqual([sha256(token)]);
  });

  it('R2.003 is rate limited per address, known or not (the 4th request within an hour gets 429)', async () => {
    const email = await newUser();
    for (const address of [email, 'unknown-limit@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await forgot(address)).status);
      expect(statuses).toEqual([204, 204, 204, 429]);
    }
  });

  it('R2.003 is rate limited per client address (the 11th request within 15 minutes gets 429)', async () => {
    const headers = from();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forgot(`client-limit-${i}@example.com`, headers)).status);
    expect(statuses.slice(0, 10).every((s) => s === 204)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('R5.018 asks for a valid e-mail address', async () => {
    expect(fieldsOf(await forgot('not-an-address'))).toEqual({ email: ['validation.format.email'] });
    expect(fieldsOf(await call('/api/v1/password/forgot', {}))).toEqual({ email: ['validation.required'] });
  });
});

describe('reset password', () => {
  it('R2.002 checks a link without using it; unknown links are invalid', async () => {
    const email = await newUser();
    const token = await resetToken(email);
    expect((await call('/api/v1/password/reset/validation', { token })).status).toBe(204);
    expect((await call('/api/v1/password/reset/validation', { token })).status).toBe(204);
    expect(fieldsOf(await call('/api/v1/password/reset/validation', { token: 'made-up' }))).toEqual({ token: ['errors.reset_token_invalid'] });
  });

  it('R5.013 R9.008 R5.021 applies the password policy and needs a matching confirmation', async () => {
    const email = await newUser();
    const token = await resetToken(email);
    expect(fieldsOf(await reset({ token, password: 'Kurz-1!', password_confirmation: 'Kurz-1!' }))).toEqual({ password: ['errors.password_length'] });
    expect(fieldsOf(await reset({ token, password: 'passwort1234', password_confirmation: 'passwort1234' }))).toEqual({ password: ['errors.password_rule'] });
    expect(fieldsOf(await reset({ token, password: `${email}!`, password_confirmation: `${email}!` }))).toEqual({ password: ['errors.password_personal'] });
    expect(fieldsOf(await reset({ token, password: newPassword, password_confirmation: 'something else' }))).toEqual({ password_confirmation: ['errors.password_confirmation'] });
    expect(fieldsOf(await reset({ token, password: newPassword, password_confirmation: '' }))).toEqual({ password_confirmation: ['validation.required'] });
    // Nothing was used up by the refused attempts.
    expect((await call('/api/v1/password/reset/validation', { token })).status).toBe(204);
  });

  it('R2.002 sets the new password once, ends every session, and signs nobody in', async () => {
    const email = await newUser();
    const browser = server.client();
    expect((await browser.login(email)).status).toBe(200);
    expect((await browser.get('/api/v1/me')).status).toBe(200);

    const token = await resetToken(email);
    const res = await reset({ token, password: newPassword, password_confirmation: newPassword });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('portal_session='))).toEqual([]);

    expect((await browser.get('/api/v1/me')).status).toBe(401);
    expect((await server.client().login(email, demoPassword)).status).toBe(422);
    expect((await server.client().login(email, newPassword)).status).toBe(200);

    expect(fieldsOf(await reset({ token, password: 'Andere Lampe Regen 8', password_confirmation: 'Andere Lampe Regen 8' }))).toEqual({
      token: ['errors.reset_token_invalid'],
    });
  });

  it('R2.002 a link issued before the password is changed no longer works after the change (issue 31, security 6d)', async () => {
    const email = await newUser();
    const token = await resetToken(email);
    const browser = server.client();
    expect((await browser.login(email)).status).toBe(200);
    const changed = await browser.request('PUT', '/api/v1/me/password', { password_old: demoPassword, password: newPassword, password_confirmation: newPassword });
    expect(changed.status).toBe(200);
    expect(fieldsOf(await call('/api/v1/password/reset/validation', { token }))).toEqual({ token: ['errors.reset_token_invalid'] });
    expect(fieldsOf(await reset({ token, password: 'Andere Lampe Regen 8', password_confirmation: 'Andere Lampe Regen 8' }))).toEqual({ token: ['errors.reset_token_invalid'] });
    expect((await server.client().login(email, newPassword)).status).toBe(200);
  });

  it('R2.002 a link expires after 60 minutes, and a newer request replaces older links', async () => {
    const email = await newUser();
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect(fieldsOf(await call('/api/v1/password/reset/validation', { token: first }))).toEqual({ token: ['errors.reset_token_invalid'] });
    server.clock.advance(61 * 60_000);
    try {
      expect(fieldsOf(await reset({ token: second, password: newPassword, password_confirmation: newPassword }))).toEqual({ token: ['errors.reset_token_invalid'] });
    } finally {
      server.clock.advance(-61 * 60_000);
    }
  });

  it('R6.001 the reset operations are open to visitors who are not signed in (and are rate limited per client)', async () => {
    const headers = from();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('/api/v1/password/reset/validation', { token: `x${i}` }, headers)).status);
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('no answer carries a token, a hash or a password', () => {
    const all = seen.join('\n');
    expect(all).not.toMatch(/\$argon2id\$|passwordHash|password_hash/);
    for (const m of server.mailbox.messages.filter((x) => x.kind === 'passwordReset')) expect(all).not.toContain(tokenOf(linkIn(m)));
  });
});
