import { Invitation } from '@portal/core/accounts';
import { sha256 } from '@portal/core/platform';
import { demoInvitations, demoLogins } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let admin: TestClient;
let other: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  admin = new TestClient(server.url);
  await admin.login(demoLogins.admin);
  other = new TestClient(server.url);
  await other.login(demoLogins.other);
}, 180_000);
afterAll(() => server.stop());

/** Domain events are delivered after the request; the notice is written by the centre's listener. */
const eventually = async <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
  for (let i = 0; i < 50; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
};

describe('notification centre API', () => {
  it('R2.103 R3.009 R4.007 lists the ten built-in notices and the sign-in from an unknown browser, with the unread count', async () => {
    const res = await eventually(
      () => admin.get('/api/v1/notifications'),
      (r) => r.body.data.some((n: { kind: string }) => n.kind === 'new_sign_in'),
    );
    expect(res.status).toBe(200);
    const kinds = res.body.data.map((n: { kind: string }) => n.kind);
    expect(kinds.filter((k: string) => k === 'built_in')).toHaveLength(10);
    expect(kinds).toContain('new_sign_in');
    expect(res.body.meta.unread).toBe(11);
  });

  it('R4.006 marks one read, refuses another user\'s (404) and a malformed id (400/422), then all', async () => {
    const list = (await admin.get('/api/v1/notifications')).body;
    const signIn = list.data.find((n: { kind: string }) => n.kind === 'new_sign_in');
    expect((await other.request('POST', `/api/v1/notifications/${signIn.id}/read`)).status).toBe(404);
    expect([400, 422]).toContain((await admin.request('POST', '/api/v1/notifications/x1/read')).status);
    expect((await admin.request('POST', `/api/v1/notifications/${signIn.id}/read`)).status).toBe(204);
    expect((await admin.request('POST', '/api/v1/notifications/0/read')).status).toBe(204);
    expect((await admin.get('/api/v1/notifications')).body.meta.unread).toBe(9);
    expect((await admin.request('POST', '/api/v1/notifications/read-all')).status).toBe(204);
    expect((await admin.get('/api/v1/notifications')).body.meta.unread).toBe(0);
    // The other user's state is their own.
    expect((await other.get('/api/v1/notifications')).body.meta.unread).toBeGreaterThanOrEqual(10);
  });

  it('R2.103 an accepted invitation becomes a notice of the inviting user, at once and only theirs', async () => {
    const d = demoInvitations.otherAdministrator;
    const invitation = await server.db.orm.em.fork().findOneOrFail(Invitation, { email: d.email, tokenHash: sha256(d.token) });
    const manager = new TestClient(server.url);
    await manager.login(demoLogins.manager);
    const accepted = await other.request('POST', '/api/v1/invitations/accept', { token: d.token, email: d.email, type: 'administrator', id: invitation.id });
    expect(accepted.status).toBe(200);
    const kinds = (r: { body: { data: { kind: string }[] } }) => r.body.data.map((n) => n.kind);
    const list = await eventually(
      () => manager.get('/api/v1/notifications'),
      (r) => kinds(r).includes('invitation_accepted'),
    );
    const notice = list.body.data.find((n: { kind: string }) => n.kind === 'invitation_accepted');
    expect(notice).toMatchObject({ isRead: false, link: null, title: { de: 'Lukas Fischer hat Ihre Einladung angenommen', en: 'Lukas Fischer accepted your invitation' } });
    expect(notice.message.en).toContain('20012');
    expect(kinds(await other.get('/api/v1/notifications'))).not.toContain('invitation_accepted');
  });

  it('a guest gets 401', async () => {
    expect((await new TestClient(server.url).get('/api/v1/notifications')).status).toBe(401);
  });
});
