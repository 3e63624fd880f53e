import { Cluster } from '@portal/core/clusters';
import { providerDate } from '@portal/core/accounts';
import { sha256 } from '@portal/core/platform';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, TestClient, type TestResponse, type TestServer } from '../testing.ts';

let server: TestServer;
let manager: TestClient;
let other: TestClient;
/** Cluster ids by number. */
const clusters: Record<string, number> = {};
beforeAll(async () => {
  server = await createTestServer();
  manager = new RecordingClient(server.url);
  await manager.login(demoLogins.manager);
  other = new RecordingClient(server.url);
  await other.login(demoLogins.other);
  for (const c of await server.db.orm.em.fork().find(Cluster, {})) clusters[c.number] = c.id;
}, 180_000);
afterAll(() => server.stop());

const seen: { label: string; text: string }[] = [];
const plainTokens: string[] = [];
class RecordingClient extends TestClient {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies, as in TestClient
  override async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const res = await super.request<T>(method, path, body, headers);
    seen.push({ label: `${method} ${path}`, text: JSON.stringify(res.body) ?? '' });
    return res;
  }
}

const today = () => providerDate(server.clock.now());
const dayOffset = (days: number) => providerDate(new Date(server.clock.now().getTime() + days * 86_400_000));
const create = (b: TestClient, body: unknown) => b.request('POST', '/api/v1/me/personal-access-tokens', body);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A client without cookies, as a third party calling the API. */
const api = () => new RecordingClient(server.url);

async function token(b: TestClient, abilities: unknown, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await create(b, { name: 'Token', expires: 0, abilities, ...extra });
  expect(res.status).toBe(201);
  plainTokens.push(res.body.plainTextToken);
  return res.body.plainTextToken;
}

describe('token creation (§5)', () => {
  it('R5.015 the name is required', async () => {
    const empty = await create(manager, { name: '', expires: 0, abilities: { global: true } });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual({ name: ['validation.minLength'] });
    const blank = await create(manager, { name: '   ', expires: 0, abilities: { global: true } });
    expect(blank.body.error.fields).toEqual({ name: ['validation.required'] });
    const missing = await create(manager, { expires: 0, abilities: { global: true } });
    expect(missing.body.error.fields).toEqual({ name: ['validation.required'] });
  });

  it('R5.016 the expiry date is required unless unlimited, is a day, and may not be before today', async () => {
    const body = (expires: number, expires_at?: string | null) => ({ name: 'n', expires, expires_at, abilities: { global: true } });
    expect((await create(manager, body(1))).body.error.fields).toEqual({ expires_at: ['validation.required'] });
    expect((await create(manager, body(1, null))).body.error.fields).toEqual({ expires_at: ['validation.required'] });
    expect((await create(manager, body(1, '2026-02-30'))).body.error.fields).toEqual({ expires_at: ['validation.format.date'] });
    expect((await create(manager, body(1, '2026-12-01T10:00'))).body.error.fields).toEqual({ expires_at: ['validation.maxLength'] });
    const past = await create(manager, body(1, dayOffset(-1)));
    expect(past.status).toBe(422);
    expect(past.body.error.fields).toEqual({ expires_at: ['errors.token_expiry_in_past'] });
    const todayToken = await create(manager, body(1, today()));
    expect(todayToken.status).toBe(201);
    expect(todayToken.body.token.expiresAt).toBe(today());
    const unlimited = await create(manager, body(0, dayOffset(3)));
    expect(unlimited.status).toBe(201);
    expect(unlimited.body.token.expiresAt).toBeNull();
  });

  it('R5.017 R4.036 limited access needs at least one of the user’s active clusters', async () => {
    const none = await create(manager, { name: 'n', expires: 0, abilities: { global: false } });
    expect(none.status).toBe(422);
    expect(none.body.error.fields).toEqual({ 'abilities.clusters': ['errors.token_cluster_required'] });
    const areasOnly = await create(manager, { name: 'n', expires: 0, abilities: { global: false, clusters: [], areas: ['profile'] } });
    expect(areasOnly.body.error.fields).toEqual({ 'abilities.clusters': ['errors.token_cluster_required'] });
    const foreign = await create(manager, { name: 'n', expires: 0, abilities: { global: false, clusters: [clusters['20011'], clusters['20031']] } });
    expect(foreign.body.error.fields).toEqual({ 'abilities.clusters': ['errors.token_cluster_invalid'] });
    const unknown = await create(manager, { name: 'n', expires: 0, abilities: { global: false, clusters: [999999] } });
    expect(unknown.body.error.fields).toEqual({ 'abilities.clusters': ['errors.token_cluster_invalid'] });

    const em = server.db.orm.em.fork();
    await em.nativeUpdate(Cluster, { id: clusters['20032'] }, { status: 'terminated' });
    const inactive = await create(other, { name: 'n', expires: 0, abilities: { global: false, clusters: [clusters['20032']] } });
    expect(inactive.body.error.fields).toEqual({ 'abilities.clusters': ['errors.token_cluster_invalid'] });
    await em.nativeUpdate(Cluster, { id: clusters['20032'] }, { status: 'active' });
  });

  it('R3.017 R3.018 R3.019 R7.009 answers the token once: `<id>|<secret>` with a 256-bit secret; abilities follow the access mode', async () => {
    const full = await create(manager, { name: 'Monitoring', expires: 1, expires_at: dayOffset(30), abilities: { global: true } });
    expect(full.status).toBe(201);
    plainTokens.push(full.body.plainTextToken);
    const [id, secret] = full.body.plainTextToken.split('|');
    expect(Number(id)).toBe(full.body.token.id);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // base64url of 32 bytes
    expect(full.body.token).toEqual({ id: Number(id), name: 'Monitoring', abilities: ['*'], clusters: [], expiresAt: dayOffset(30), lastUsedAt: null, createdAt: expect.any(String) });

    const limited = await create(manager, {
      name: 'Deploy',
      expires: 0,
      abilities: { global: false, clusters: [clusters['20012'], clusters['20011'], clusters['20011']], areas: ['accounting', 'profile'] },
    });
    plainTokens.push(limited.body.plainTextToken);
    expect(limited.body.token.abilities).toEqual([`cluster:${clusters['20011']}`, `cluster:${clusters['20012']}`, 'profile', 'accounting']);
    expect(limited.body.token.clusters.map((c: { number: string }) => c.number)).toEqual(['20011', '20012']);

    const all = await create(manager, { name: 'All', expires: 0, abilities: { global: false, allClusters: true, clusters: [clusters['20011']] } });
    plainTokens.push(all.body.plainTextToken);
    expect(all.body.token.abilities).toEqual(['clusters:*']);

    // The list never shows the secret again.
    const list = await manager.get('/api/v1/me/personal-access-tokens?per_page=100');
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });
});

describe('token list', () => {
  it('R2.069 R7.008 searches by name, sorts and pages', async () => {
    const b = new RecordingClient(server.url);
    await b.login(demoLogins.partner);
    // Two unlimited tokens, four with an expiry day each.
    await token(b, { global: true });
    await token(b, { global: true });
    const named = ['Backup', 'Alpha', 'Deploy staging', 'deploy production'];
    for (const name of named) plainTokens.push((await create(b, { name, expires: 1, expires_at: dayOffset(named.indexOf(name) + 1), abilities: { global: true } })).body.plainTextToken);
    const search = await b.get('/api/v1/me/personal-access-tokens?search=deploy&sort=name&order=asc');
    expect(search.body.data.map((t: { name: string }) => t.name)).toEqual(['deploy production', 'Deploy staging']);
    expect(search.body.meta).toEqual({ page: 1, perPage: 25, total: 2, lastPage: 1 });

    const byExpiry = await b.get('/api/v1/me/personal-access-tokens?sort=expiresAt&order=asc&per_page=3');
    expect(byExpiry.body.data.map((t: { name: string }) => t.name)).toEqual(['Backup', 'Alpha', 'Deploy staging']);
    expect(byExpiry.body.meta).toEqual({ page: 1, perPage: 3, total: 6, lastPage: 2 });
    const page2 = await b.get('/api/v1/me/personal-access-tokens?sort=expiresAt&order=asc&per_page=3&page=2');
    expect(page2.body.data.map((t: { expiresAt: string | null }) => t.expiresAt)).toEqual([dayOffset(4), null, null]);

    const newestFirst = await b.get('/api/v1/me/personal-access-tokens');
    const ids = newestFirst.body.data.map((t: { id: number }) => t.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));

    expect((await b.get('/api/v1/me/personal-access-tokens?sort=secret')).status).toBe(422);
    expect((await b.get('/api/v1/me/personal-access-tokens?per_page=101')).status).toBe(422);
  });

  it("lists only the user's own tokens", async () => {
    await token(manager, { global: true });
    const list = await other.get('/api/v1/me/personal-access-tokens?per_page=100');
    const mine = await manager.get('/api/v1/me/personal-access-tokens?per_page=100');
    const otherIds = new Set(list.body.data.map((t: { id: number }) => t.id));
    expect(mine.body.data.some((t: { id: number }) => otherIds.has(t.id))).toBe(false);
  });
});

describe('calling the API with a token', () => {
  it('R6.008 a token limited to one cluster reads that cluster and gets 403 on another', async () => {
    const t = await token(manager, { global: false, clusters: [clusters['20011']] });
    const own = await api().request('GET', `/api/v1/clusters/${clusters['20011']}`, undefined, bearer(t));
    expect(own.status).toBe(200);
    expect(own.body.number).toBe('20011');
    const sibling = await api().request('GET', `/api/v1/clusters/${clusters['20012']}`, undefined, bearer(t));
    expect(sibling.status).toBe(403);
    expect(sibling.body.error.message).toBe('errors.token_not_allowed');
    const list = await api().request('GET', '/api/v1/clusters', undefined, bearer(t));
    expect(list.body.data.map((c: { number: string }) => c.number)).toEqual(['20011']);
    // No profile ability: the profile area is closed.
    expect((await api().request('GET', '/api/v1/me', undefined, bearer(t))).status).toBe(403);
  });

  it('R3.019 full access reaches all clusters and the profile, but only what the user may see', async () => {
    const t = await token(manager, { global: true });
    expect((await api().request('GET', `/api/v1/clusters/${clusters['20012']}`, undefined, bearer(t))).status).toBe(200);
    expect((await api().request('GET', '/api/v1/me', undefined, bearer(t))).body.email).toBe(demoLogins.manager);
    // Another customer's cluster: the user has no role there, so a token cannot reach it either.
    expect((await api().request('GET', `/api/v1/clusters/${clusters['20031']}`, undefined, bearer(t))).status).toBe(404);
  });

  it('R3.019 limited access to all clusters, and to the profile area, as chosen', async () => {
    const allClusters = await token(manager, { global: false, allClusters: true });
    expect((await api().request('GET', `/api/v1/clusters/${clusters['20012']}`, undefined, bearer(allClusters))).status).toBe(200);
    expect((await api().request('GET', '/api/v1/me', undefined, bearer(allClusters))).status).toBe(403);
    const profile = await token(manager, { global: false, clusters: [clusters['20011']], areas: ['profile'] });
    expect((await api().request('GET', '/api/v1/me', undefined, bearer(profile))).status).toBe(200);
    // A token needs no CSRF header for a state-changing call.
    const patched = await api().request('PATCH', '/api/v1/me/settings', { container: 'wrapped' }, bearer(profile));
    expect(patched.status).toBe(200);
    await api().request('PATCH', '/api/v1/me/settings', { container: 'fluid' }, bearer(profile));
  });

  it('a token can never manage tokens, sessions or the password', async () => {
    const t = await token(manager, { global: true });
    expect((await api().request('POST', '/api/v1/me/personal-access-tokens', { name: 'x', expires: 0, abilities: { global: true } }, bearer(t))).status).toBe(403);
    expect((await api().request('GET', '/api/v1/me/personal-access-tokens', undefined, bearer(t))).status).toBe(403);
    expect((await api().request('DELETE', `/api/v1/me/personal-access-tokens/${t.split('|')[0]}`, undefined, bearer(t))).status).toBe(403);
    expect((await api().request('POST', '/api/v1/session/refresh', undefined, bearer(t))).status).toBe(403);
  });

  it('records the last use, at most once a minute', async () => {
    const t = await token(manager, { global: true });
    const id = Number(t.split('|')[0]);
    const lastUsed = async () =>
      (await manager.get('/api/v1/me/personal-access-tokens?per_page=100')).body.data.find((x: { id: number }) => x.id === id).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await api().request('GET', '/api/v1/me', undefined, bearer(t));
    const first = await lastUsed();
    expect(first).toBe(server.clock.now().toISOString());
    server.clock.advance(61_000);
    await api().request('GET', '/api/v1/clusters', undefined, bearer(t));
    expect(new Date(await lastUsed()).getTime()).toBeGreaterThan(new Date(first).getTime());
  });

  it('R7.010 a deleted token gets 401 on its next request; only its owner can delete it', async () => {
    const t = await token(manager, { global: true });
    const id = t.split('|')[0];
    expect((await api().request('GET', '/api/v1/me', undefined, bearer(t))).status).toBe(200);
    const foreign = await other.request('DELETE', `/api/v1/me/personal-access-tokens/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('errors.token_not_found');
    expect((await api().request('GET', '/api/v1/me', undefined, bearer(t))).status).toBe(200);
    expect((await manager.request('DELETE', `/api/v1/me/personal-access-tokens/${id}`)).status).toBe(204);
    const after = await api().request('GET', '/api/v1/me', undefined, bearer(t));
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('errors.token_invalid');
    expect((await manager.request('DELETE', `/api/v1/me/personal-access-tokens/${id}`)).status).toBe(404);
  });

  it('R9.012 a token works through its last day and gets 401 from the next day on', async () => {
    const res = await create(manager, { name: 'short', expires: 1, expires_at: today(), abilities: { global: true } });
    const t = res.body.plainTextToken;
    plainTokens.push(t);
    expect((await api().request('GET', '/api/v1/me', undefined, bearer(t))).status).toBe(200);
    const saved = server.clock.now();
    server.clock.advance(86_400_000);
    try {
      expect((await api().request('GET', '/api/v1/me', undefined, bearer(t))).status).toBe(401);
    } finally {
      server.clock.set(saved);
    }
  });

  it('refuses malformed, unknown and wrong-secret tokens with 401 and WWW-Authenticate', async () => {
    const t = await token(manager, { global: true });
    const [id] = t.split('|');
    for (const header of ['Bearer', 'Bearer nonsense', `Bearer ${id}|${'A'.repeat(43)}`, `Bearer 999999|${'A'.repeat(43)}`, 'Basic abc', `Bearer ${t}x`]) {
      const res = await api().request('GET', '/api/v1/me', undefined, { Authorization: header });
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    }
  });

  it('a token wins over a session cookie sent along', async () => {
    const t = await token(manager, { global: false, clusters: [clusters['20011']] });
    expect((await manager.request('GET', '/api/v1/me', undefined, bearer(t))).status).toBe(403);
  });

  it("a token stops reaching a cluster when its user loses the role there", async () => {
    const admin = new RecordingClient(server.url);
    await admin.login(demoLogins.admin);
    const t = await token(admin, { global: false, clusters: [clusters['20011']] });
    expect((await api().request('GET', `/api/v1/clusters/${clusters['20011']}`, undefined, bearer(t))).status).toBe(200);
    const conn = server.db.orm.em.fork().getConnection();
    await conn.execute(`delete from cluster_administrators where cluster_id = ${clusters['20011']} and user_id = (select id from users where email = '${demoLogins.admin}')`);
    expect((await api().request('GET', `/api/v1/clusters/${clusters['20011']}`, undefined, bearer(t))).status).toBe(404);
  });
});

describe('authorization of the token operations', () => {
  const operations: [string, string, unknown][] = [
    ['GET', '/api/v1/me/personal-access-tokens', undefined],
    ['POST', '/api/v1/me/personal-access-tokens', { name: 'x', expires: 0, abilities: { global: true } }],
    ['DELETE', '/api/v1/me/personal-access-tokens/1', undefined],
  ];
  it.each(operations)('anonymous %s %s → 401', async (method, path, body) => {
    expect((await api().request(method, path, body)).status).toBe(401);
  });
});

describe('no secrets in responses', () => {
  it('R3.018 no response contains a token hash, and the plain token appears only in its creation response', async () => {
    const rows = (await server.db.orm.em.fork().getConnection().execute('select secret_hash from personal_access_tokens')) as { secret_hash: string }[];
    const hashes = [...rows.map((r) => r.secret_hash), ...plainTokens.map((t) => sha256(t.split('|')[1]))];
    expect(hashes.length).toBeGreaterThan(10);
    for (const { label, text } of seen) {
      expect(text).not.toContain('$argon2id$');
      for (const h of hashes) if (text.includes(h)) throw new Error(`${label} leaks a token hash`);
      if (label !== 'POST /api/v1/me/personal-access-tokens')
        for (const t of plainTokens) if (text.includes(t.split('|')[1])) throw new Error(`${label} leaks a token`);
    }
  });
});
