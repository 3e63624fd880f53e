import { io as connect, type Socket } from 'socket.io-client';
import { createPersonalAccessToken, User } from '@portal/core/accounts';
import { Cluster } from '@portal/core/clusters';
import { demoLogins } from '@portal/core/seed';
import { socketPath } from '../realtime/gateway.ts';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';
import { brokenPlugin, contractWithFixtures, examplePlugin } from './__fixtures__/index.ts';
import { exampleLifecycle, writeOutside } from './__fixtures__/example/server.ts';
import { findTool } from '@portal/core/managed';

let server: TestServer;
let admin: TestClient;
let manager: TestClient;
let other: TestClient;
let shop: { id: number; servers: { id: number; name: string; role: string; services: string[] }[] };
let staging: { id: number; servers: { id: number }[] };
let lb: number; // the load balancer of cluster 20011 (runs nginx)
let db: number; // its database server (no nginx)
const hasNginx = !!(await findTool('nginx'));

const base = (clusterId: number, serverId: number) => `/api/v1/clusters/${clusterId}/servers/${serverId}`;

async function signedIn(email: string): Promise<TestClient> {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
}

async function clusterByNumber(c: TestClient, number: string) {
  const list = await c.get(`/api/v1/clusters?search=${number}`);
  const id = list.body.data.find((x: { number: string }) => x.number === number).id as number;
  return (await c.get(`/api/v1/clusters/${id}`)).body;
}

/** Polls a job until it finished. */
async function finished(c: TestClient, jobId: number, serverId = lb) {
  for (let i = 0; i < 200; i++) {
    const r = await c.get(`${base(shop.id, serverId)}/managed/jobs/${jobId}`);
    expect(r.status).toBe(200);
    if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function setGreeting(c: TestClient, text: string, extra: Record<string, unknown> = {}) {
  const r = await c.request('PUT', `${base(shop.id, lb)}/example/greeting`, { text, ...extra });
  expect(r.status).toBe(202);
  return finished(c, r.body.id);
}

async function served(): Promise<string | undefined> {
  if (!hasNginx) return undefined;
  const { port } = await server.managed.gateway(lb).listenAddress('nginx', 80);
  return (await fetch(`http://127.0.0.1:${port}/`)).text();
}

beforeAll(async () => {
  server = await createTestServer({}, { plugins: [examplePlugin, brokenPlugin], contract: contractWithFixtures() });
  admin = await signedIn(demoLogins.admin);
  manager = await signedIn(demoLogins.manager);
  other = await signedIn(demoLogins.other);
  shop = await clusterByNumber(admin, '20011');
  staging = await clusterByNumber(manager, '20012');
  lb = shop.servers.find((s) => s.role === 'loadbalancer')!.id;
  db = shop.servers.find((s) => s.role === 'database')!.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  expect(exampleLifecycle.stopped).toBe(true);
});

describe('Managed Center platform', () => {
  it('a plugin that throws while loading is degraded on /api/health, its operations answer 503, the rest works', async () => {
    const health = await server.client().get('/api/health');
    expect(health.body.status).toBe('degraded');
    expect(health.body.plugins).toEqual([
      { id: 'example', status: 'ok' },
      { id: 'broken', status: 'degraded', error: 'broken fixture: cannot load' },
    ]);
    const broken = await admin.get(`${base(shop.id, lb)}/broken/thing`);
    expect(broken.status).toBe(503);
    expect(broken.body.error.message).toBe('errors.plugin_unavailable');
    expect((await admin.get(`${base(shop.id, lb)}/example/greeting`)).status).toBe(200);
    expect((await admin.get('/api/v1/me')).status).toBe(200);
  });

  it('starts each plugin\'s background work with its ports (and stops it on shutdown)', () => {
    expect(exampleLifecycle.startedWith).toBe('example');
  });

  it('a plugin\'s operations exist only on servers that run one of its services (404 elsewhere)', async () => {
    const r = await admin.get(`${base(shop.id, db)}/example/greeting`);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe('errors.managed_plugin_not_found');
  });

  it('R2.024 getManagedServer: the server, its cluster\'s servers for the switcher, and only the sections that apply to it', async () => {
    const r = await admin.get(`${base(shop.id, lb)}/managed`);
    expect(r.status).toBe(200);
    expect(r.body.cluster).toEqual({ id: shop.id, number: '20011', name: 'Onlineshop Produktion' });
    expect(r.body.server).toMatchObject({ id: lb, role: 'loadbalancer', services: expect.arrayContaining(['nginx']) });
    expect(r.body.servers.map((s: { id: number }) => s.id).sort()).toEqual(shop.servers.map((s) => s.id).sort());
    expect(r.body.sections).toEqual([{ id: 'example', titleKey: 'title', icon: 'Extension', order: 50, stage: 'stable', status: 'ok' }]);
    expect(r.body.gateway).toBe('local');
    expect((await admin.get(`${base(shop.id, db)}/managed`)).body.sections).toEqual([]);
  });

  it('R2.024 getManagedDashboard: services with their state and plugin, real host figures, recent changes', async () => {
    const r = await admin.get(`${base(shop.id, lb)}/managed/dashboard`);
    expect(r.status).toBe(200);
    const nginx = r.body.services.find((s: { id: string }) => s.id === 'nginx');
    expect(nginx.pluginId).toBe('example');
    expect(['running', 'stopped', 'not_installed']).toContain(nginx.state);
    expect(r.body.services.find((s: { id: string }) => s.id === 'dns')).toEqual({ id: 'dns', pluginId: null, state: 'unknown' });
    expect(r.body.metrics.cpuCount).toBeGreaterThan(0);
    expect(r.body.metrics.memory.usedBytes).toBeGreaterThan(0);
    expect(r.body.metrics.disk.totalBytes).toBeGreaterThan(0);
    const m = await admin.get(`${base(shop.id, lb)}/managed/metrics`);
    expect(m.status).toBe(200);
    expect(m.body.load).toHaveLength(3);
  });

  it("a plugin's gateway is bound to the paths its programs declare: reads and writes elsewhere are refused with the path named", async () => {
    const gw = server.managed.pluginGateway('example', lb);
    await expect(gw.writeFile({ path: '/etc/nginx/conf.d/portal.conf', content: 'x' })).rejects.toThrow(
      'plugin example did not declare "/etc/nginx/conf.d/portal.conf" (write); declare it in the paths of its programs (server/program.ts)',
    );
    await expect(gw.readFile('/etc/passwd')).rejects.toThrow(/did not declare "\/etc\/passwd" \(read\)/);
    await expect(gw.removeFile('/var/log/nginx/example.access.log')).rejects.toThrow(/\(write\)/); // declared for reading only
    await expect(gw.listFiles('/etc/ssl/portal')).rejects.toThrow(/\(list\)/);
    await expect(gw.run({ tool: 'cat', args: [{ path: '/etc/shadow' }] })).rejects.toThrow(/\/etc\/shadow/);
    await expect(gw.service('dns').reload()).rejects.toThrow(/\(program\)/);
    expect(await gw.tail('/var/log/nginx/example.access.log', 1)).toEqual(expect.any(Array));
    expect(await gw.listFiles('/etc/nginx/conf.d')).toEqual(expect.any(Array));
  });

  it('a job whose plugin renders a file outside its paths fails before writing anything, and the server keeps its files', async () => {
    const job = await setGreeting(admin, writeOutside);
    expect(job).toMatchObject({ status: 'failed', validation: { status: 'failed', output: 'job.error.undeclared_path' } });
    expect(await server.managed.gateway(lb).readFile('/etc/nginx/conf.d/portal.conf')).toBeNull();
    expect((await server.managed.gateway(lb).readFile('/etc/nginx/conf.d/example.conf')) ?? '').not.toContain(writeOutside);
  });

  it('apply: stores the desired state, writes and validates the configuration, reloads, records who changed what', async () => {
    const job = await setGreeting(admin, 'Hello, world!');
    expect(job).toMatchObject({ pluginId: 'example', kind: 'apply', status: 'succeeded', step: 'done', progress: 100 });
    expect(job.log.map((l: { step: string }) => l.step)).toEqual(['queued', 'writing', 'validating', 'reloading', 'done']);
    if (hasNginx) {
      expect(job.validation).toMatchObject({ status: 'passed', tool: 'nginx' });
      expect(await served()).toBe('Hello, world!');
      const log = await server.managed.gateway(lb).tail('/var/log/nginx/example.access.log', 1);
      expect(log[0]).toContain('GET / HTTP/1.1');
    } else expect(job.validation).toMatchObject({ status: 'skipped', reason: 'tool_missing', tool: 'nginx' });
    expect((await admin.get(`${base(shop.id, lb)}/example/greeting`)).body).toEqual({ text: 'Hello, world!' });

    const changes = await admin.get(`${base(shop.id, lb)}/managed/changes`);
    const change = changes.body.data[0];
    expect(change).toMatchObject({ pluginId: 'example', kind: 'apply', status: 'applied', summary: { key: 'example:changes.greeting', values: { text: 'Hello, world!' } }, jobId: job.id });
    expect(change.user.name).toMatch(/\S/);
    expect(change.diff).toContain('+++ /etc/nginx/conf.d/example.conf');
    expect(change.diff).toContain('return 200 "Hello, world!"');
    const dashboard = await admin.get(`${base(shop.id, lb)}/managed/dashboard`);
    expect(dashboard.body.recentChanges[0].id).toBe(change.id);
    if (hasNginx) expect(dashboard.body.services.find((s: { id: string }) => s.id === 'nginx').state).toBe('running');
  });

  it.each([
    ['a quote and a new server block', 'Hi"; } server { listen 80; location / { return 200 "x', 'example:errors.unsafe_text'],
    ['a newline', 'Hi\nlisten 81;', 'example:errors.unsafe_text'],
    ['a semicolon', 'a;b', 'example:errors.unsafe_text'],
    ['more than 80 characters', 'x'.repeat(81), 'validation.maxLength'],
    ['nothing', '', 'validation.minLength'],
  ])('refuses %s with 422 on the field: nothing stored, nothing applied (no config injection)', async (_what, text, key) => {
    const before = (await admin.get(`${base(shop.id, lb)}/managed/changes`)).body.meta.total;
    const r = await admin.request('PUT', `${base(shop.id, lb)}/example/greeting`, { text });
    expect(r.status).toBe(422);
    expect(r.body.error.fields.text).toEqual([key]);
    expect((await admin.get(`${base(shop.id, lb)}/example/greeting`)).body).toEqual({ text: 'Hello, world!' });
    expect((await admin.get(`${base(shop.id, lb)}/managed/changes`)).body.meta.total).toBe(before);
  });

  it('refuses unknown body fields with 422 (the contract is checked before the plugin)', async () => {
    const r = await admin.request('PUT', `${base(shop.id, lb)}/example/greeting`, { text: 'ok', include: '/etc/passwd' });
    expect(r.status).toBe(422);
    expect(r.body.error.fields.include).toEqual(['validation.additionalProperties']);
  });

  (hasNginx ? it : it.skip)('a failed validation restores the previous files and desired state automatically; the change log says failed', async () => {
    const job = await setGreeting(admin, 'Broken on purpose', { broken: true });
    expect(job.status).toBe('failed');
    expect(job.validation.status).toBe('failed');
    expect(job.validation.output).toContain('bogus_directive');
    expect(job.log.map((l: { step: string }) => l.step)).toEqual(['queued', 'writing', 'validating', 'restoring', 'done']);
    expect((await admin.get(`${base(shop.id, lb)}/example/greeting`)).body).toEqual({ text: 'Hello, world!' });
    expect(await server.managed.gateway(lb).readFile('/etc/nginx/conf.d/example.conf')).toContain('Hello, world!');
    expect(await served()).toBe('Hello, world!');
    const change = (await admin.get(`${base(shop.id, lb)}/managed/changes?per_page=1`)).body.data[0];
    expect(change).toMatchObject({ status: 'failed', version: null, jobId: job.id });
  });

  it('rollBackManagedPlugin: back to the version before the current one (files, desired state), the undone change is marked', async () => {
    await setGreeting(admin, 'Second version');
    const undone = (await admin.get(`${base(shop.id, lb)}/managed/changes?per_page=1`)).body.data[0];
    const r = await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/example/rollback`);
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ kind: 'rollback', status: 'queued' });
    const job = await finished(admin, r.body.id);
    expect(job.status).toBe('succeeded');
    expect((await admin.get(`${base(shop.id, lb)}/example/greeting`)).body).toEqual({ text: 'Hello, world!' });
    if (hasNginx) expect(await served()).toBe('Hello, world!');
    const [rollback, second] = (await admin.get(`${base(shop.id, lb)}/managed/changes?plugin=example&per_page=2`)).body.data;
    expect(rollback).toMatchObject({ kind: 'rollback', status: 'applied', summary: { key: 'managed:changes.rolledBack' } });
    expect(second).toMatchObject({ id: undone.id, status: 'rolled_back' });
  });

  it('rollBackManagedPlugin: 409 before anything was applied; undoing the first change returns to the server before it (a file the portal created is removed)', async () => {
    const web = shop.servers.find((s) => s.role === 'web' && s.name.startsWith('web01'))!.id;
    const gw = server.managed.gateway(web);
    const nothing = await admin.request('POST', `${base(shop.id, web)}/managed/plugins/example/rollback`);
    expect(nothing.status).toBe(409);
    expect(nothing.body.error.message).toBe('errors.managed_no_previous_version');
    const first = await admin.request('PUT', `${base(shop.id, web)}/example/greeting`, { text: 'Only one' });
    expect((await finished(admin, first.body.id, web)).status).toBe('succeeded');
    expect(await gw.readFile('/etc/nginx/conf.d/example.conf')).toContain('Only one');

    const r = await admin.request('POST', `${base(shop.id, web)}/managed/plugins/example/rollback`);
    expect(r.status).toBe(202);
    const job = await finished(admin, r.body.id, web);
    expect(job).toMatchObject({ kind: 'rollback', status: 'succeeded' });
    expect(await gw.readFile('/etc/nginx/conf.d/example.conf')).toBeNull();
    expect((await admin.get(`${base(shop.id, web)}/example/greeting`)).body).toEqual({ text: 'Hello from the demo' });
    const [rollback, undone] = (await admin.get(`${base(shop.id, web)}/managed/changes?plugin=example&per_page=2`)).body.data;
    expect(rollback).toMatchObject({ kind: 'rollback', status: 'applied', summary: { key: 'managed:changes.rolledBack', values: { version: 0 } } });
    expect(rollback.diff).toContain('+++ /dev/null');
    expect(undone).toMatchObject({ id: first.body.changeId, status: 'rolled_back', summary: { values: { text: 'Only one' } } });
    expect((await admin.request('POST', `${base(shop.id, db)}/managed/plugins/example/rollback`)).status).toBe(404);
    expect((await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/nothing/rollback`)).status).toBe(404);
  });

  (hasNginx ? it : it.skip)('a file that was on the server before the first change: a failed first apply puts it back (not deleted), undoing the first change restores it', async () => {
    const web = shop.servers.find((s) => s.role === 'web' && s.name.startsWith('web02'))!.id;
    const gw = server.managed.gateway(web);
    const theirs = "# The hosting provider's own file, there before the portal.\n";
    await gw.writeFile({ path: '/etc/nginx/conf.d/example.conf', content: theirs });

    const broken = await admin.request('PUT', `${base(shop.id, web)}/example/greeting`, { text: 'Broken first', broken: true });
    const failed = await finished(admin, broken.body.id, web);
    expect(failed.status).toBe('failed');
    expect(failed.log.at(-1).detail).toBe('restored version 0');
    expect(await gw.readFile('/etc/nginx/conf.d/example.conf')).toBe(theirs);
    expect((await admin.get(`${base(shop.id, web)}/example/greeting`)).body).toEqual({ text: 'Hello from the demo' });

    const first = await admin.request('PUT', `${base(shop.id, web)}/example/greeting`, { text: 'First change' });
    expect((await finished(admin, first.body.id, web)).status).toBe('succeeded');
    expect(await gw.readFile('/etc/nginx/conf.d/example.conf')).toContain('First change');
    const undo = await admin.request('POST', `${base(shop.id, web)}/managed/plugins/example/rollback`);
    expect(undo.status).toBe(202);
    expect((await finished(admin, undo.body.id, web)).status).toBe('succeeded');
    expect(await gw.readFile('/etc/nginx/conf.d/example.conf')).toBe(theirs);
    expect((await admin.get(`${base(shop.id, web)}/example/greeting`)).body).toEqual({ text: 'Hello from the demo' });
    // Undo again: the first change is back (undo toggles between the last two versions).
    const redo = await admin.request('POST', `${base(shop.id, web)}/managed/plugins/example/rollback`);
    expect((await finished(admin, redo.body.id, web)).status).toBe('succeeded');
    expect(await gw.readFile('/etc/nginx/conf.d/example.conf')).toContain('First change');
    await gw.service('nginx').stop();
  });

  it('retryManagedPlugin: 409 when no change of the section is pending, 404 for a plugin that does not apply to the server', async () => {
    const r = await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/example/retry`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe('errors.managed_nothing_pending');
    expect((await admin.request('POST', `${base(shop.id, db)}/managed/plugins/example/retry`)).status).toBe(404);
  });

  it('drift (issue 24 §2): a file edited on the server stops the apply with the diff; keepManagedDrift records it, overwriteManagedDrift replaces it', async () => {
    const gw = server.managed.gateway(lb);
    const conf = '/etc/nginx/conf.d/example.conf';
    expect((await setGreeting(admin, 'Before the edit')).status).toBe('succeeded');
    const edited = `# edited by hand\n${await gw.readFile(conf)}`;
    await gw.writeFile({ path: conf, content: edited });

    const stopped = await setGreeting(admin, 'After the edit');
    expect(stopped).toMatchObject({ status: 'failed', validation: { output: 'job.drift' }, drift: { files: [{ path: conf }] } });
    expect(stopped.drift.files[0].diff).toContain('+# edited by hand');
    expect(await gw.readFile(conf)).toBe(edited);

    // Keep: the server's file is the applied version, nothing written, the change still pending.
    const kept = await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/example/drift/${stopped.id}/keep`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: 'applied', summary: { key: 'managed:changes.driftKept', values: { files: 1 } } });
    expect(await gw.readFile(conf)).toBe(edited);
    const again = await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/example/drift/${stopped.id}/keep`);
    expect([again.status, again.body.error.message]).toEqual([409, 'errors.managed_drift_outdated']);

    // Edited again, then overwritten: the portal's file replaces exactly that edit.
    await gw.writeFile({ path: conf, content: `# second edit\n${edited}` });
    const retried = await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/example/retry`);
    const second = await finished(admin, retried.body.id);
    expect(second.validation.output).toBe('job.drift');
    const overwrite = await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/example/drift/${second.id}/overwrite`);
    expect(overwrite.status).toBe(202);
    expect((await finished(admin, overwrite.body.id)).status).toBe('succeeded');
    expect(await gw.readFile(conf)).toContain('After the edit');
    expect(await gw.readFile(conf)).not.toContain('# ');
    expect((await admin.request('POST', `${base(shop.id, lb)}/managed/plugins/example/drift/${overwrite.body.id}/overwrite`)).status).toBe(404);
    expect((await admin.request('POST', `${base(shop.id, db)}/managed/plugins/example/drift/${second.id}/overwrite`)).status).toBe(404);
  });

  it('listManagedChanges pages and filters; getManagedJob of another server is 404', async () => {
    const page = await admin.get(`${base(shop.id, lb)}/managed/changes?per_page=2&page=2`);
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ page: 2, perPage: 2 });
    expect((await admin.get(`${base(shop.id, lb)}/managed/changes?plugin=Bad!`)).status).toBe(422);
    const jobId = page.body.data[0].jobId;
    expect((await admin.get(`${base(shop.id, db)}/managed/jobs/${jobId}`)).status).toBe(404);
  });
});

describe('Managed Center access', () => {
  const operations = (clusterId: number, serverId: number): [string, string][] => [
    ['GET', `${base(clusterId, serverId)}/managed`],
    ['GET', `${base(clusterId, serverId)}/managed/dashboard`],
    ['GET', `${base(clusterId, serverId)}/managed/metrics`],
    ['GET', `${base(clusterId, serverId)}/managed/changes`],
    ['GET', `${base(clusterId, serverId)}/managed/jobs/1`],
    ['POST', `${base(clusterId, serverId)}/managed/plugins/example/rollback`],
    ['POST', `${base(clusterId, serverId)}/managed/plugins/example/retry`],
    ['POST', `${base(clusterId, serverId)}/managed/plugins/example/drift/1/overwrite`],
    ['POST', `${base(clusterId, serverId)}/managed/plugins/example/drift/1/keep`],
    ['GET', `${base(clusterId, serverId)}/example/greeting`],
    ['PUT', `${base(clusterId, serverId)}/example/greeting`],
  ];
  const call = (c: TestClient, [method, url]: [string, string]) => c.request(method, url, method === 'PUT' ? { text: 'Nope' } : undefined);

  it('R6.004 anonymous callers get 401 for every platform and plugin operation', async () => {
    for (const op of operations(shop.id, lb)) expect([op[1], (await call(server.client(), op)).status]).toEqual([op[1], 401]);
  });

  it('R6.004 the administrator of another cluster gets 404 (the cluster is not visible)', async () => {
    for (const op of operations(shop.id, lb)) {
      const r = await call(other, op);
      expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 404, 'errors.cluster_not_found']);
    }
  });

  it('R6.004 a manager of the customer without the administrator role gets 403', async () => {
    for (const op of operations(staging.id, staging.servers[0].id)) {
      const r = await call(manager, op);
      expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 403, 'errors.managed_administrators_only']);
    }
  });

  it('R6.004 a personal access token for another cluster gets 403; one for this cluster or with full access works', async () => {
    const em = server.db.orm.em.fork();
    const owner = await em.findOneOrFail(User, { email: demoLogins.manager });
    const token = async (access: { global: boolean; clusters?: number[] }) =>
      (await createPersonalAccessToken(em, owner, { name: `t${Math.random()}`, expires: 0, access }, server.clock)).plainTextToken;
    const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
    const elsewhere = await token({ global: false, clusters: [staging.id] });
    for (const [method, url] of operations(shop.id, lb)) {
      const r = await server.client().request(method, url, method === 'PUT' ? { text: 'Nope' } : undefined, bearer(elsewhere));
      expect([url, r.status, r.body.error.message]).toEqual([url, 403, 'errors.token_not_allowed']);
    }
    for (const t of [await token({ global: false, clusters: [shop.id] }), await token({ global: true })])
      expect((await server.client().request('GET', `${base(shop.id, lb)}/managed`, undefined, bearer(t))).body).toMatchObject({ server: { id: lb } });
  });

  it('a server of another cluster is 404 even for an administrator', async () => {
    for (const op of operations(shop.id, staging.servers[0].id)) expect([op[1], (await call(admin, op)).status]).toEqual([op[1], 404]);
  });

  it('R4.024 when the cluster requires two-factor authentication, an administrator without it gets 403 two_factor_required', async () => {
    const em = server.db.orm.em.fork();
    await em.nativeUpdate(Cluster, { id: shop.id }, { forceTwoFactor: true });
    try {
      for (const op of operations(shop.id, lb)) {
        const r = await call(admin, op);
        expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 403, 'errors.two_factor_required']);
      }
      await em.nativeUpdate(User, { email: demoLogins.admin }, { twoFactorEnabled: true, twoFactorConfirmed: true });
      expect((await admin.get(`${base(shop.id, lb)}/managed`)).status).toBe(200);
    } finally {
      await em.nativeUpdate(Cluster, { id: shop.id }, { forceTwoFactor: false });
      await em.nativeUpdate(User, { email: demoLogins.admin }, { twoFactorEnabled: false, twoFactorConfirmed: false });
    }
  });
});

describe('Managed Center real-time', () => {
  const open = (c: TestClient): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(server.url, {
        path: socketPath,
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const subscribe = (s: Socket, clusterId: number, serverId: number) =>
    s.emitWithAck('managed:subscribe', { clusterId, serverId }) as Promise<{ ok: boolean; error?: string }>;

  it('an administrator follows a server\'s room and sees the apply job\'s progress; others are refused', async () => {
    const socket = await open(admin);
    const steps: string[] = [];
    socket.on('managed.job', (e: { payload: { step: string } }) => steps.push(e.payload.step));
    expect(await subscribe(socket, shop.id, lb)).toEqual({ ok: true });
    const job = await setGreeting(admin, 'Live progress');
    await new Promise((r) => setTimeout(r, 100));
    expect(job.status).toBe('succeeded');
    expect(steps).toEqual(['queued', 'writing', 'validating', 'reloading', 'done']);
    socket.close();

    const managerSocket = await open(manager);
    expect(await subscribe(managerSocket, staging.id, staging.servers[0].id)).toEqual({ ok: false, error: 'errors.managed_administrators_only' });
    expect(await subscribe(managerSocket, shop.id, staging.servers[0].id)).toEqual({ ok: false, error: 'errors.server_not_found' });
    expect(await subscribe(managerSocket, 'x' as never, 1)).toEqual({ ok: false, error: 'errors.bad_request' });
    let leaked = false;
    managerSocket.on('managed.job', () => (leaked = true));
    const otherSocket = await open(other);
    expect(await subscribe(otherSocket, shop.id, lb)).toEqual({ ok: false, error: 'errors.cluster_not_found' });
    otherSocket.on('managed.job', () => (leaked = true));
    await setGreeting(admin, 'Nobody else sees this');
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
    managerSocket.close();
    otherSocket.close();
  });
});
