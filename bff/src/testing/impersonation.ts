import { Secret, TOTP } from 'otpauth';
import { demoPassword, demoStaff } from '@portal/core/seed';
import type { TestClient, TestServer } from '../testing.ts';

/** A fresh code of the demo staff member's authenticator; the server's clock moves to a new 30-second step first (codes are single-use). */
export function staffCode(server: TestServer): string {
  server.clock.advance(30_000);
  return new TOTP({ secret: Secret.fromBase32(demoStaff.totpSecret), digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
}

/** A client in which the demo staff member signed in (with the second factor) and now acts as the user with this address. */
export async function impersonating(server: TestServer, email: string): Promise<TestClient> {
  const c = server.client();
  const first = await c.login(demoStaff.email, demoPassword);
  expect((await c.request('POST', '/api/v1/session/two-factor', { challenge: first.body.challenge, code: staffCode(server) })).status).toBe(200);
  const link = await c.request('POST', '/api/v1/impersonation/links', { email });
  expect(link.status).toBe(201);
  const [, , , userId, token] = (link.body.path as string).split('/');
  expect((await c.request('POST', '/api/v1/impersonation/start', { userId: Number(userId), token, code: staffCode(server) })).status).toBe(200);
  return c;
}
