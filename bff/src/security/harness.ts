/**
 * The security suites' portal: a real test server whose every log line is captured (the secrets check
 * greps them), the demo personas signed in as a browser would, personal access tokens of every kind,
 * and the demo's customers and clusters with the markers that give away their data.
 */
import { Secret, TOTP } from 'otpauth';
import { io as connect, type Socket } from 'socket.io-client';
import {
  createPersonalAccessToken,
  deletePersonalAccessToken,
  PersonalAccessToken,
  twoFactorSecretBox,
  User,
} from '@portal/core/accounts';
import { Cluster, Server } from '@portal/core/clusters';
import { demoLogins, demoPassword, demoStaff, resealDemoStaffSecret } from '@portal/core/seed';
import { socketPath } from '../realtime/gateway.ts';
import { createTestServer, type TestClient, type TestResponse, type TestServer, type TestServerOptions } from '../testing.ts';

/** Every log line a suite's server wrote, and every secret the suite used (none may appear in a line). */
export class LogCapture {
  readonly lines: string[] = [];
  readonly secrets = new Set<string>();
  readonly destination = { write: (line: string) => void this.lines.push(line) };

  /** Remembers a secret (ignores short or empty values that would match by chance). */
  secret(value: string | undefined | null): void {
    if (value && value.length >= 6) this.secrets.add(value);
  }

  /** Remembers the secrets a client holds: its session and CSRF cookies. */
  client(c: TestClient): void {
    for (const [name, value] of c.cookies) if (name !== 'portal_logged_in') this.secret(decodeURIComponent(value));
  }

  /** `[secret, line]` for every log line that contains a secret. */
  leaks(): [string, string][] {
    const hits: [string, string][] = [];
    for (const line of this.lines) for (const s of this.secrets) if (line.includes(s)) hits.push([s, line.slice(0, 300)]);
    return hits;
  }
}

export interface ClusterInfo {
  id: number;
  number: string;
  name: string;
  customerId: number;
  customerNumber: number;
  company: string;
  /** server id by service (the first server of the cluster that runs it). */
  serverFor: Map<string, number>;
  anyServer: number;
}

export interface Suite {
  server: TestServer;
  logs: LogCapture;
  clusters: Map<string, ClusterInfo>;
  /** A browser signed in as a demo user (password only). */
  signIn(email: string, password?: string): Promise<TestClient>;
  /** The demo staff member, signed in with password and a code from the authenticator app. */
  signInStaff(): Promise<TestClient>;
  /** The staff member's browser after starting to act as `email` (impersonation). */
  impersonate(email: string): Promise<TestClient>;
  /** A personal access token of a user with exactly these abilities (optionally already expired or deleted). */
  token(email: string, abilities: string[], state?: 'live' | 'expired' | 'deleted'): Promise<string>;
  /** A socket of a signed-in browser. */
  socket(c: TestClient): Promise<Socket>;
  /** Lets a test make many sign-ins without tripping the rate limits. */
  resetRateLimits(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the suite's portal (logging at `debug` into the capture) over its own seeded database. */
export async function startSuite(env: Record<string, string> = {}, options: Pick<TestServerOptions, 'webhookResolver'> = {}): Promise<Suite> {
  const logs = new LogCapture();
  logs.secret(demoPassword);
  logs.secret(demoStaff.totpSecret);
  const server = await createTestServer({ LOGIN_RATE_LIMIT: '10000', INVITATION_LIMIT: '10000', ...env }, { ...options, log: { level: 'debug', destination: logs.destination } });
  try {
    return await prepare(server, logs);
  } catch (e) {
    await server.stop();
    throw e;
  }
}

async function prepare(server: TestServer, logs: LogCapture): Promise<Suite> {
  await resealDemoStaffSecret(server.db.orm.em.fork(), twoFactorSecretBox(server.deps.config));
  const em = () => server.db.orm.em.fork();

  const clusters = new Map<string, ClusterInfo>();
  const allServers = (await em().find(Server, {}, { orderBy: { id: 'asc' } })) as unknown as { id: number; services: string[]; cluster: { id: number } }[];
  for (const c of await em().find(Cluster, {}, { populate: ['customer'] })) {
    const serverFor = new Map<string, number>();
    const servers = allServers.filter((s) => s.cluster.id === c.id);
    for (const s of servers) for (const svc of s.services) if (!serverFor.has(svc)) serverFor.set(svc, s.id);
    clusters.set(c.number, {
      id: c.id,
      number: c.number,
      name: c.name,
      customerId: c.customer.id,
      customerNumber: c.customer.number,
      company: c.customer.company,
      serverFor,
      anyServer: servers[0]?.id ?? 1,
    });
  }

  const resetRateLimits = async () => {
    const limits = server.deps.rateLimits as unknown as Record<string, { delete(key: string): Promise<unknown> }>;
    const users = await em().find(User, {}, { fields: ['id', 'email'] });
    const keys = ['127.0.0.1', '::ffff:127.0.0.1', '::1', ...users.flatMap((u) => [String(u.id), u.email])];
    for (const limiter of Object.values(limits)) for (const key of keys) await limiter.delete(key).catch(() => undefined);
  };

  const code = () => {
    server.clock.advance(30_000);
    return new TOTP({ secret: Secret.fromBase32(demoStaff.totpSecret), digits: 6, period: 30 }).generate({ timestamp: server.clock.now().getTime() });
  };

  const signIn = async (email: string, password = demoPassword) => {
    const c = server.client();
    const res = await c.login(email, password);
    if (res.status !== 200 || res.body.twoFactorRequired) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    logs.client(c);
    return c;
  };

  const signInStaff = async () => {
    const c = server.client();
    const first = await c.login(demoStaff.email, demoPassword);
    logs.secret(first.body.challenge);
    const totp = code();
    const second = await c.request('POST', '/api/v1/session/two-factor', { challenge: first.body.challenge, code: totp });
    if (second.status !== 200) throw new Error(`staff sign-in failed: ${second.status} ${JSON.stringify(second.body)}`);
    logs.client(c);
    return c;
  };

  const impersonate = async (email: string) => {
    const staff = await signInStaff();
    const link = await staff.request('POST', '/api/v1/impersonation/links', { email });
    if (link.status !== 201) throw new Error(`impersonation link failed: ${link.status} ${JSON.stringify(link.body)}`);
    const [, , , userId, token] = (link.body.path as string).split('/');
    logs.secret(token);
    const started = await staff.request('POST', '/api/v1/impersonation/start', { userId: Number(userId), token, code: code() });
    if (started.status !== 200) throw new Error(`impersonation failed: ${started.status} ${JSON.stringify(started.body)}`);
    logs.client(staff);
    return staff;
  };

  const token = async (email: string, abilities: string[], state: 'live' | 'expired' | 'deleted' = 'live') => {
    const tem = em();
    const user = await tem.findOneOrFail(User, { email });
    const created = await createPersonalAccessToken(tem, user, { name: `suite ${abilities.join(' ')} ${state}`, expires: 0, access: { global: true } }, server.clock);
    await tem.nativeUpdate(PersonalAccessToken, { id: created.token.id }, { abilities, ...(state === 'expired' ? { expiresOn: '2000-01-01' } : {}) });
    if (state === 'deleted') await deletePersonalAccessToken(tem, user.id, created.token.id);
    logs.secret(created.plainTextToken);
    logs.secret(created.plainTextToken.split('|')[1]);
    return created.plainTextToken;
  };

  const socket = (c: TestClient) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(server.url, {
        path: socketPath,
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });

  return {
    server,
    logs,
    clusters,
    signIn,
    signInStaff,
    impersonate,
    token,
    socket,
    resetRateLimits,
    stop: () => server.stop(),
  };
}

/** A request with a bearer token instead of cookies. */
export async function withBearer(c: TestClient, token: string, method: string, path: string, body?: unknown): Promise<TestResponse> {
  return c.request(method, path, body, { Authorization: `Bearer ${token}` });
}

export { demoLogins, demoPassword };
