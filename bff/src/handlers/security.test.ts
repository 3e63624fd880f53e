import { Secret, TOTP } from 'otpauth';
import { CustomerManager } from '@portal/core/customers';
import { User } from '@portal/core/accounts';
import { hashPassword, sha256 } from '@portal/core/platform';
import { demoPassword } from '@portal/core/seed';
import { createTestServer, TestClient, type TestResponse, type TestServer } from '../testing.ts';

let server: TestServer;
// A database and server of its own: slow on a loaded machine.
beforeAll(async () => {
  server = await createTestServer();
}, 180_000);
afterAll(() => server.stop());

/** Every response body of this file, to prove no secret or hash ever leaves the server. */
const seen: { label: string; text: string }[] = [];
/** Plain secrets the tests learned (TOTP secrets, recovery codes, passwords): their hashes must never show. */
const plainSecrets: string[] = [demoPassword];
const totpSecrets: string[] = [];

class RecordingClient extends TestClient {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies, as in TestClient
  override async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const res = await super.request<T>(method, path, body, headers);
    seen.push({ label: `${method} ${path}`, text: `${JSON.stringify(res.body) ?? ''} ${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}` });
    return res;
  }
}
const browser = () => new RecordingClient(server.url);

let counter = 0;
/** A fresh user (own rate-limit buckets), optionally manager of customer 10001. */
async function newUser(options: { manager?: boolean; language?: 'de' | 'en' } = {}): Promise<User> {
  const em = server.db.orm.em.fork();
  const user = em.create(User, {
    email: `security-${++counter}-${Date.now()}@test.example`,
    passwordHash: await hashPassword(demoPassword),
    firstname: 'Erika',
    surname: 'Muster',
    emailVerified: true,
    language: options.language ?? 'de',
  } as User);
  if (options.manager) em.create(CustomerManager, { customer: 1, user, active: true } as unknown as CustomerManager);
  await em.flush();
  return user;
}

const totpAt = (secret: string, at = server.clock.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });
/** Moves the test clock to the next 30-second step, so a fresh code is not a replay. */
const nextStep = () => server.clock.advance(30_000);

async function signedIn(user: User): Promise<RecordingClient> {
  const b = browser();
  const res = await b.login(user.email);
  expect(res.status).toBe(200);
  return b;
}

/** Activates two-factor authentication through the API; returns the secret and the recovery codes. */
async function activate(b: TestClient): Promise<{ secret: string; codes: string[] }> {
  const enable = await b.request('POST', '/api/v1/me/two-factor', { password: demoPassword });
  expect(enable.status).toBe(200);
  const secret = enable.body.secret as string;
  totpSecrets.push(secret);
  nextStep();
  const confirm = await b.request('POST', '/api/v1/me/two-factor/confirm', { code: totpAt(secret) });
  expect(confirm.status).toBe(200);
  plainSecrets.push(...confirm.body.recoveryCodes);
  return { secret, codes: confirm.body.recoveryCodes };
}

describe('two-factor activation (§4 state table)', () => {
  it('R2.065 R4.028 R4.029 R4.030 R4.031 R4.033 walks from deactivated over enabled to confirmed, with recovery codes and a mail', async () => {
    const user = await newUser();
    const b = await signedIn(user);
    expect((await b.get('/api/v1/me/two-factor')).body).toEqual({ enabled: false, confirmed: false, recoveryCodesLeft: 0, hasRecoveryPhone: false });

    const wrong = await b.request('POST', '/api/v1/me/two-factor', { password: 'not my password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ password: ['errors.invalid_password'] });

    const enable = await b.request('POST', '/api/v1/me/two-factor', { password: demoPassword });
    expect(enable.status).toBe(200);
    totpSecrets.push(enable.body.secret);
    expect(enable.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enable.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Kundenportal:security-.*\?.*secret=/);
    expect(enable.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enable.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect((await b.get('/api/v1/me/two-factor')).body).toMatchObject({ enabled: true, confirmed: false });
    expect((await b.get('/api/v1/me')).body).toMatchObject({ twoFactorEnabled: true, twoFactorConfirmed: false });

    // Enabled but not confirmed: the sign-in does not ask for a code yet.
    expect((await browser().login(user.email)).body.user).toBeDefined();

    const badCode = await b.request('POST', '/api/v1/me/two-factor/confirm', { code: '000000' === totpAt(enable.body.secret) ? '111111' : '000000' });
    expect(badCode.status).toBe(422);
    expect(badCode.body.error.fields).toEqual({ code: ['errors.two_factor_code_invalid'] });

    const confirm = await b.request('POST', '/api/v1/me/two-factor/confirm', { code: totpAt(enable.body.secret) });
    expect(confirm.status).toBe(200);
    plainSecrets.push(...confirm.body.recoveryCodes);
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    expect((await b.get('/api/v1/me/two-factor')).body).toEqual({ enabled: true, confirmed: true, recoveryCodesLeft: 10, hasRecoveryPhone: false });

    const mail = await server.mailbox.waitFor((m) => m.to.includes(user.email) && /Zwei-Faktor/.test(m.subject));
    expect(mail.text).toContain('Erika Muster');

    // Confirmed: activating again is refused (deactivate first).
    const again = await b.request('POST', '/api/v1/me/two-factor', { password: demoPassword });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('errors.two_factor_already_active');
  });

  it('R4.029 starting the activation again before confirming replaces the secret', async () => {
    const b = await signedIn(await newUser());
    const first = (await b.request('POST', '/api/v1/me/two-factor', { password: demoPassword })).body.secret;
    const second = (await b.request('POST', '/api/v1/me/two-factor', { password: demoPassword })).body.secret;
    totpSecrets.push(first, second);
    expect(second).not.toBe(first);
    nextStep();
    expect((await b.request('POST', '/api/v1/me/two-factor/confirm', { code: totpAt(first) })).status).toBe(422);
    expect((await b.request('POST', '/api/v1/me/two-factor/confirm', { code: totpAt(second) })).status).toBe(200);
  });

  it('confirming without a started activation is a conflict', async () => {
    const b = await signedIn(await newUser());
    const res = await b.request('POST', '/api/v1/me/two-factor/confirm', { code: '123456' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors.two_factor_not_pending');
  });

  it('R4.030 showing recovery codes needs the password and replaces the previous codes', async () => {
    const user = await newUser();
    const b = await signedIn(user);
    const { codes } = await activate(b);
    const wrong = await b.request('POST', '/api/v1/me/two-factor/recovery-codes', { password: 'wrong' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ password: ['errors.invalid_password'] });
    const renewed = await b.request('POST', '/api/v1/me/two-factor/recovery-codes', { password: demoPassword });
    expect(renewed.status).toBe(200);
    plainSecrets.push(...renewed.body.recoveryCodes);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(codes[0]);

    const login = await browser().login(user.email);
    const old = await browser().request('POST', '/api/v1/session/two-factor', { challenge: login.body.challenge, recoveryCode: codes[0] });
    expect(old.status).toBe(422);
    expect(old.body.error.fields).toEqual({ recoveryCode: ['errors.recovery_code_invalid'] });
    const fresh = await browser().request('POST', '/api/v1/session/two-factor', { challenge: login.body.challenge, recoveryCode: renewed.body.recoveryCodes[0] });
    expect(fresh.status).toBe(200);
  });

  it('R4.028 R4.031 deactivating needs the password and a current code (issue 31), removes everything and mails the user', async () => {
    const user = await newUser({ language: 'en' });
    const b = await signedIn(user);
    const { secret } = await activate(b);
    await b.request('PUT', '/api/v1/me/two-factor/phone', { phone_number: '+49 1511 2345678' });
    const wrong = await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: 'wrong' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ password: ['errors.invalid_password'] });
    // The password alone is no longer enough (issue 31, security 6h): a stolen session plus the password would switch 2FA off.
    const passwordOnly = await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: demoPassword });
    expect([passwordOnly.status, passwordOnly.body.error.fields]).toEqual([422, { code: ['errors.two_factor_code_required'] }]);
    const badCode = await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: demoPassword, code: totpAt(secret) === '000000' ? '111111' : '000000' });
    expect([badCode.status, badCode.body.error.fields]).toEqual([422, { code: ['errors.two_factor_code_invalid'] }]);
    const badRecovery = await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: demoPassword, recoveryCode: 'aaaa-bbbb-cccc-dddd' });
    expect([badRecovery.status, badRecovery.body.error.fields]).toEqual([422, { recoveryCode: ['errors.recovery_code_invalid'] }]);
    expect((await b.get('/api/v1/me/two-factor')).body.confirmed).toBe(true);
    nextStep();
    expect((await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: demoPassword, code: totpAt(secret) })).status).toBe(204);
    expect((await b.get('/api/v1/me/two-factor')).body).toEqual({ enabled: false, confirmed: false, recoveryCodesLeft: 0, hasRecoveryPhone: false });
    expect((await b.get('/api/v1/me/two-factor/phone')).status).toBe(409);
    const mail = await server.mailbox.waitFor((m) => m.to.includes(user.email) && /deactivated|disabled|switched off/i.test(m.subject));
    expect(mail.text).toContain('Hello Erika Muster');
    // Signing in needs the password only again.
    expect((await browser().login(user.email)).body.user).toBeDefined();
    expect((await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: demoPassword })).status).toBe(409);
  });

  it('R4.028 deactivating with a recovery code instead of the app (issue 31); a started but unconfirmed activation ends with the password alone', async () => {
    const user = await newUser();
    const b = await signedIn(user);
    const { codes } = await activate(b);
    expect((await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: demoPassword, recoveryCode: codes[3] })).status).toBe(204);
    expect((await b.get('/api/v1/me/two-factor')).body.enabled).toBe(false);
    expect((await b.request('POST', '/api/v1/me/two-factor', { password: demoPassword })).status).toBe(200);
    expect((await b.get('/api/v1/me/two-factor')).body).toMatchObject({ enabled: true, confirmed: false });
    expect((await b.request('POST', '/api/v1/me/two-factor/deactivate', { password: demoPassword })).status).toBe(204);
  });
});

describe('recovery phone number', () => {
  it('R2.067 R2.068 R3.007 R4.032 R7.013 R8.030 is absent (409), added, changed and removed; only while 2FA is enabled', async () => {
    const b = await signedIn(await newUser());
    const before = await b.get('/api/v1/me/two-factor/phone');
    expect(before.status).toBe(409);
    expect(before.body.error.message).toBe('errors.recovery_phone_missing');
    const notEnabled = await b.request('PUT', '/api/v1/me/two-factor/phone', { phone_number: '+49 1511 2345678' });
    expect(notEnabled.status).toBe(409);
    expect(notEnabled.body.error.message).toBe('errors.two_factor_not_active');

    await b.request('POST', '/api/v1/me/two-factor', { password: demoPassword });
    const invalid = await b.request('PUT', '/api/v1/me/two-factor/phone', { phone_number: '12' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.fields).toEqual({ phone_number: ['errors.invalid_phone'] });
    const empty = await b.request('PUT', '/api/v1/me/two-factor/phone', { phone_number: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.phone_number).toEqual(['validation.minLength']);

    const added = await b.request('PUT', '/api/v1/me/two-factor/phone', { phone_number: '0151 1234 5678' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ phone_number: '+49 151 12345678' });
    expect((await b.get('/api/v1/me/two-factor/phone')).body).toEqual({ phone_number: '+49 151 12345678' });
    expect((await b.get('/api/v1/me/two-factor')).body.hasRecoveryPhone).toBe(true);
    expect((await b.request('PUT', '/api/v1/me/two-factor/phone', { phone_number: '+43 664 1234567' })).body).toEqual({ phone_number: '+43 664 1234567' });
    expect((await b.request('DELETE', '/api/v1/me/two-factor/phone')).status).toBe(204);
    expect((await b.get('/api/v1/me/two-factor/phone')).status).toBe(409);
    expect((await b.request('DELETE', '/api/v1/me/two-factor/phone')).status).toBe(409);
  });
});

describe('sign-in with two-factor authentication', () => {
  it('asks for a code after the password and signs in with a TOTP code; the code cannot be replayed', async () => {
    const user = await newUser();
    const { secret } = await activate(await signedIn(user));
    nextStep();
    const b = browser();
    const first = await b.login(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), expiresAt: expect.any(String) });
    expect(b.cookies.size).toBe(0);
    expect((await b.get('/api/v1/me')).status).toBe(401);

    const code = totpAt(secret);
    const done = await b.request('POST', '/api/v1/session/two-factor', { challenge: first.body.challenge, code });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(user.email);
    expect((await b.get('/api/v1/me')).body.email).toBe(user.email);

    // The same code in the same 30 seconds, for a new sign-in: refused.
    const other = browser();
    const second = await other.login(user.email);
    const replay = await other.request('POST', '/api/v1/session/two-factor', { challenge: second.body.challenge, code });
    expect(replay.status).toBe(422);
    expect(replay.body.error.fields).toEqual({ code: ['errors.two_factor_code_invalid'] });
    // A code from the previous step (inside the drift window, but older than the accepted one): refused too.
    const older = await other.request('POST', '/api/v1/session/two-factor', { challenge: second.body.challenge, code: totpAt(secret, new Date(server.clock.now().getTime() - 30_000)) });
    expect(older.status).toBe(422);
    nextStep();
    expect((await other.request('POST', '/api/v1/session/two-factor', { challenge: second.body.challenge, code: totpAt(secret) })).status).toBe(200);
  });

  it('each recovery code works once', async () => {
    const user = await newUser();
    const { codes } = await activate(await signedIn(user));
    const a = browser();
    const ca = (await a.login(user.email)).body.challenge;
    expect((await a.request('POST', '/api/v1/session/two-factor', { challenge: ca, recoveryCode: codes[3].toUpperCase() })).status).toBe(200);
    const b = browser();
    const cb = (await b.login(user.email)).body.challenge;
    const again = await b.request('POST', '/api/v1/session/two-factor', { challenge: cb, recoveryCode: codes[3] });
    expect(again.status).toBe(422);
    expect(again.body.error.fields).toEqual({ recoveryCode: ['errors.recovery_code_invalid'] });
    expect((await a.get('/api/v1/me/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('the challenge is single-use, bound to its user and expires after five minutes', async () => {
    const user = await newUser();
    const { secret, codes } = await activate(await signedIn(user));
    const b = browser();
    const challenge = (await b.login(user.email)).body.challenge;
    expect((await b.request('POST', '/api/v1/session/two-factor', { challenge, recoveryCode: codes[0] })).status).toBe(200);
    const reused = await browser().request('POST', '/api/v1/session/two-factor', { challenge, recoveryCode: codes[1] });
    expect(reused.status).toBe(422);
    expect(reused.body.error.fields).toEqual({ challenge: ['errors.two_factor_challenge_expired'] });

    // Another user's recovery code does not answer this user's challenge.
    const stranger = await newUser();
    const strangerCodes = (await activate(await signedIn(stranger))).codes;
    const c2 = (await browser().login(user.email)).body.challenge;
    expect((await browser().request('POST', '/api/v1/session/two-factor', { challenge: c2, recoveryCode: strangerCodes[0] })).status).toBe(422);

    const late = (await browser().login(user.email)).body.challenge;
    server.clock.advance(5 * 60_000 + 1000);
    const expired = await browser().request('POST', '/api/v1/session/two-factor', { challenge: late, code: totpAt(secret) });
    expect(expired.status).toBe(422);
    expect(expired.body.error.fields).toEqual({ challenge: ['errors.two_factor_challenge_expired'] });
  });

  it('allows 5 attempts per minute, then answers 429 with Retry-After', async () => {
    const user = await newUser();
    const { codes } = await activate(await signedIn(user));
    const b = browser();
    const challenge = (await b.login(user.email)).body.challenge;
    for (let i = 0; i < 5; i++) expect((await b.request('POST', '/api/v1/session/two-factor', { challenge, code: '000001' })).status).toBe(422);
    const blocked = await b.request('POST', '/api/v1/session/two-factor', { challenge, recoveryCode: codes[0] });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe('errors.too_many_attempts');
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(b.cookies.size).toBe(0);
  });

  it('needs either a code or a recovery code', async () => {
    const res = await browser().request('POST', '/api/v1/session/two-factor', { challenge: 'x'.repeat(43) });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({ code: ['validation.required'], recoveryCode: ['validation.required'] });
  });
});

describe('change password (§5)', () => {
  const put = (b: TestClient, body: unknown) => b.request('PUT', '/api/v1/me/password', body);
  const strong = 'Kastanienbaum-Regenschirm-47';

  it('R5.012 R5.014 old password and confirmation are required', async () => {
    const b = await signedIn(await newUser());
    const res = await put(b, { password: strong });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ password_old: ['validation.required'], password_confirmation: ['validation.required'] });
  });

  it('R5.013 R9.008 the new password has 12 to 255 characters', async () => {
    const b = await signedIn(await newUser());
    const short = await put(b, { password_old: demoPassword, password: 'Kurz-9x!', password_confirmation: 'Kurz-9x!' });
    expect(short.status).toBe(422);
    expect(short.body.error.fields).toEqual({ password: ['validation.minLength'] });
    const long = 'Ab1-'.repeat(64);
    const tooLong = await put(b, { password_old: demoPassword, password: long, password_confirmation: long });
    expect(tooLong.body.error.fields).toMatchObject({ password: ['validation.maxLength'] });
  });

  it('R5.013 R5.021 a guessable password breaks the strength rule (password-rule message)', async () => {
    const b = await signedIn(await newUser());
    const res = await put(b, { password_old: demoPassword, password: 'passwort1234', password_confirmation: 'passwort1234' });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ password: ['errors.password_rule'] });
    const personal = await put(b, { password_old: demoPassword, password: 'Erika-Muster-Sommer-2031', password_confirmation: 'Erika-Muster-Sommer-2031' });
    expect(personal.body.error.fields).toEqual({ password: ['errors.password_personal'] });
  });

  it('R5.014 the confirmation must equal the new password', async () => {
    const b = await signedIn(await newUser());
    const res = await put(b, { password_old: demoPassword, password: strong, password_confirmation: `${strong}x` });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ password_confirmation: ['errors.password_confirmation'] });
  });

  it('R5.020 a wrong old password becomes the invalid-password message', async () => {
    const b = await signedIn(await newUser());
    const res = await put(b, { password_old: 'Falsches-Passwort-1', password: strong, password_confirmation: strong });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ password_old: ['errors.invalid_password'] });
  });

  it('R7.012 changes the password, ends the other sessions and keeps this one', async () => {
    const user = await newUser();
    const b = await signedIn(user);
    const elsewhere = await signedIn(user);
    const res = await put(b, { password_old: demoPassword, password: strong, password_confirmation: strong });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ otherSessionsEnded: 1, tokensRevoked: 0 });
    plainSecrets.push(strong);
    expect((await b.get('/api/v1/me')).status).toBe(200);
    expect((await elsewhere.get('/api/v1/me')).status).toBe(401);
    expect((await browser().login(user.email)).status).toBe(422);
    expect((await browser().login(user.email, strong)).status).toBe(200);
  });

  it('allows 10 password attempts per 15 minutes, then 429', async () => {
    const b = await signedIn(await newUser());
    for (let i = 0; i < 10; i++) expect((await put(b, { password_old: `wrong-${i}`, password: strong, password_confirmation: strong })).status).toBe(422);
    const blocked = await put(b, { password_old: demoPassword, password: strong, password_confirmation: strong });
    expect(blocked.status).toBe(429);
  });
});

describe('sessions', () => {
  it('lists the live sessions with the current one marked, and logs out all others', async () => {
    const user = await newUser();
    const a = await signedIn(user);
    const other = new RecordingClient(server.url);
    await other.request('POST', '/api/v1/session', { email: user.email, password: demoPassword }, { 'User-Agent': 'Firefox/140 on Linux' });
    const list = await a.get('/api/v1/me/sessions');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.body.data.map((s: { userAgent: string }) => s.userAgent)).toContain('Firefox/140 on Linux');
    for (const s of list.body.data) expect(s.id).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const ended = await a.request('DELETE', '/api/v1/me/sessions/others');
    expect(ended.body).toEqual({ ended: 1 });
    expect((await other.get('/api/v1/me')).status).toBe(401);
    expect((await a.get('/api/v1/me/sessions')).body.data).toHaveLength(1);
  });

  it('mails a sign-in notice when a browser without a session of the user signs in', async () => {
    const user = await newUser();
    const b = browser();
    await b.request('POST', '/api/v1/session', { email: user.email, password: demoPassword }, { 'User-Agent': 'Safari/18 on macOS' });
    const notice = await server.mailbox.waitFor((m) => m.to.includes(user.email) && m.text.includes('Safari/18 on macOS'));
    expect(notice.subject).toMatch(/Anmeldung/);
    const count = server.mailbox.to(user.email).length;
    // The same browser again, while its session lives: no news.
    await browser().request('POST', '/api/v1/session', { email: user.email, password: demoPassword }, { 'User-Agent': 'Safari/18 on macOS' });
    await new Promise((r) => setTimeout(r, 200));
    expect(server.mailbox.to(user.email)).toHaveLength(count);
  });
});

describe('authorization of the security operations', () => {
  const operations: [string, string, unknown?][] = [
    ['PUT', '/api/v1/me/password', { password_old: 'x', password: 'y'.repeat(12), password_confirmation: 'y'.repeat(12) }],
    ['GET', '/api/v1/me/two-factor', undefined],
    ['POST', '/api/v1/me/two-factor', { password: 'x' }],
    ['POST', '/api/v1/me/two-factor/confirm', { code: '123456' }],
    ['POST', '/api/v1/me/two-factor/recovery-codes', { password: 'x' }],
    ['POST', '/api/v1/me/two-factor/deactivate', { password: 'x' }],
    ['GET', '/api/v1/me/two-factor/phone', undefined],
    ['PUT', '/api/v1/me/two-factor/phone', { phone_number: '+49 1511 2345678' }],
    ['DELETE', '/api/v1/me/two-factor/phone', undefined],
    ['GET', '/api/v1/me/sessions', undefined],
    ['DELETE', '/api/v1/me/sessions/others', undefined],
  ];

  it.each(operations)('anonymous %s %s → 401', async (method, path, body) => {
    const res = await browser().request(method, path, body);
    expect(res.status).toBe(401);
  });

  it.each(operations)('a personal access token (even with full access) %s %s → 403', async (method, path, body) => {
    const owner = await signedIn(await newUser());
    const created = await owner.request('POST', '/api/v1/me/personal-access-tokens', { name: 'full', expires: 0, abilities: { global: true } });
    plainSecrets.push(created.body.plainTextToken.split('|')[1]);
    const res = await browser().request(method, path, body, { Authorization: `Bearer ${created.body.plainTextToken}` });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('errors.token_not_allowed');
  });

  it("another customer's user sees only their own sessions and 2FA state", async () => {
    const mine = await signedIn(await newUser({ manager: true }));
    const theirs = await signedIn(await newUser());
    await activate(mine);
    expect((await theirs.get('/api/v1/me/two-factor')).body.enabled).toBe(false);
    const mySessions = (await mine.get('/api/v1/me/sessions')).body.data.map((s: { id: string }) => s.id);
    const theirSessions = (await theirs.get('/api/v1/me/sessions')).body.data.map((s: { id: string }) => s.id);
    expect(theirSessions.some((id: string) => mySessions.includes(id))).toBe(false);
    // Logging out "all other sessions" never touches another user's sessions.
    await theirs.request('DELETE', '/api/v1/me/sessions/others');
    expect((await mine.get('/api/v1/me')).status).toBe(200);
  });
});

describe('no secrets in responses', () => {
  it('no response contains a password hash, a TOTP secret (except its activation response), a recovery code hash or a token hash', async () => {
    expect(seen.length).toBeGreaterThan(50);
    const em = server.db.orm.em.fork();
    const conn = em.getConnection();
    const rows = async (sql: string) => (await conn.execute(sql)) as Record<string, string>[];
    const hashes = [
      ...(await rows('select password_hash as h from users')).map((r) => r.h),
      ...(await rows('select code_hash as h from two_factor_recovery_codes')).map((r) => r.h),
      ...(await rows('select secret_hash as h from personal_access_tokens')).map((r) => r.h),
      ...(await rows('select id as h from sessions')).map((r) => r.h),
      ...(await rows('select id as h from two_factor_challenges')).map((r) => r.h),
      ...(await rows('select secret_encrypted as h from two_factor_authentications')).map((r) => r.h),
      ...plainSecrets.map((s) => sha256(s)),
    ];
    expect(hashes.length).toBeGreaterThan(20);
    for (const { label, text } of seen) {
      expect(text).not.toContain('$argon2id$');
      for (const h of hashes) if (text.includes(h)) throw new Error(`${label} leaks a hash`);
      if (label !== 'POST /api/v1/me/two-factor') for (const s of totpSecrets) if (text.includes(s)) throw new Error(`${label} leaks a TOTP secret`);
    }
    expect(seen.filter((s) => s.label === 'POST /api/v1/me/two-factor' && totpSecrets.some((t) => s.text.includes(t))).length).toBeGreaterThan(0);
  });
});
