/**
 * Issue 28: the modules apply to a real server over SSH. A real portal with every plugin; the shop cluster's
 * servers are switched to the `ssh` gateway the way an administrator does it (connection settings, a key
 * pair the portal generates whose public key goes into the server's `authorized_keys`, the host key's
 * fingerprint confirmed after the first contact). The "server" is an unprivileged OpenSSH server on a
 * loopback port of this machine, each server's files in a sandbox directory on that far side.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hasSshd, startSshd, type TestSshd } from '@portal/core/managed/testing';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

const maybe = hasSshd() ? describe : describe.skip;

let sshd: TestSshd;
let server: TestServer;
let admin: TestClient;
let shop: { id: number; servers: { id: number; name: string; role: string; services: string[] }[] };

const base = (serverId: number) => `/api/v1/clusters/${shop.id}/servers/${serverId}`;
const far = (serverId: number, p: string) => path.join(sshd.root(serverId), p);
const serverRunning = (service: string, name?: string) => shop.servers.find((s) => s.services.includes(service) && (!name || s.name.startsWith(name)))!.id;

async function finished(serverId: number, jobId: number) {
  for (let i = 0; i < 1200; i++) {
    const r = await admin.get(`${base(serverId)}/managed/jobs/${jobId}`);
    if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function applied(serverId: number, method: string, url: string, body?: unknown) {
  const r = await admin.request(method, url, body);
  expect([r.status, r.body?.error]).toEqual([202, undefined]);
  return finished(serverId, r.body.id);
}

/** What an administrator does on the connection page: settings, key pair, authorized_keys, confirm the fingerprint. */
const connected = new Set<number>();
async function connect(serverId: number): Promise<void> {
  if (connected.has(serverId)) return;
  connected.add(serverId);
  const url = `${base(serverId)}/managed/connection`;
  const put = await admin.request('PUT', url, { override: 'ssh', host: '127.0.0.1', port: sshd.port, username: sshd.settings.username });
  expect([put.status, put.body.state]).toEqual([200, 'not_configured']);
  // The far side's sandbox directory is a development and test setting, not part of the API.
  await server.managed.gateways.configure(serverId, { root: sshd.root(serverId) });
  const key = await admin.request('POST', `${url}/key`);
  expect(key.status).toBe(200);
  expect(key.body.publicKey).toMatch(/^ssh-ed25519 AAAA\S+ portal-managed-server-\d+$/);
  fs.appendFileSync(path.join(sshd.dir, 'authorized_keys'), `${key.body.publicKey}\n`);
  // First contact: refused, the fingerprint shown for confirmation.
  const first = await admin.request('POST', `${url}/test`);
  expect(first.body).toMatchObject({ ok: false, reason: 'host_key_unknown', connection: { state: 'unconfirmed', hostKey: { fingerprint: sshd.fingerprint, confirmed: false } } });
  expect((await admin.request('POST', `${url}/host-key`, { fingerprint: 'SHA256:Nv8za401X4p50L0nPrW4rGukg24LyFx/EA3njFbgp3Q' })).status).toBe(409);
  expect((await admin.request('POST', `${url}/host-key`, { fingerprint: sshd.fingerprint })).body).toMatchObject({ hostKey: { confirmed: true } });
  expect((await admin.request('POST', `${url}/test`)).body).toMatchObject({ ok: true, connection: { state: 'ready', gateway: 'ssh', lastContactAt: expect.any(String) } });
  const view = (await admin.get(url)).body;
  expect(view.sudoers).toContain(`${sshd.settings.username} ALL=(root) NOPASSWD: PORTAL_MANAGED`);
  expect(view.sudoers).toContain('/usr/bin/systemctl reload nginx');
}

maybe('issue 28: modules apply over the ssh gateway (real sshd)', () => {
  beforeAll(async () => {
    sshd = await startSshd();
    server = await createTestServer({ JOB_POLL_SECONDS: '0.5' });
    admin = server.client();
    expect((await admin.login(demoLogins.admin)).status).toBe(200);
    const list = await admin.get('/api/v1/clusters?search=20011');
    const id = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
    shop = (await admin.get(`/api/v1/clusters/${id}`)).body;
  }, 180_000);

  afterAll(async () => {
    // The far side's private instances (a real server's services keep running, of course).
    for (const id of connected) for (const program of ['nginx', 'redis', 'memcached', 'mysql']) await server?.managed.gateway(id).service(program).stop().catch(() => undefined);
    await server?.stop();
    await sshd?.stop();
  });

  it('the private key is stored sealed, never in plain text', async () => {
    const web = serverRunning('nginx', 'web01');
    await connect(web);
    const rows = await server.db.orm.em.fork().getConnection().execute(`select private_key, public_key from managed_server_connections where server_id = ${web}`);
    expect(rows[0].private_key).toMatch(/^v1\./);
    expect(rows[0].private_key).not.toContain('PRIVATE KEY');
    expect(server.managed.gateway(web).kind).toBe('ssh');
    // Cluster administrators only.
    const other = server.client();
    expect((await other.login(demoLogins.other)).status).toBe(200);
    expect([403, 404]).toContain((await other.get(`${base(web)}/managed/connection`)).status);
  });

  it('R2.030 nginx: applied on the far side, checked there with nginx -t, served by the far side nginx', async () => {
    const web = serverRunning('nginx', 'web01');
    await connect(web);
    const job = await applied(web, 'POST', `${base(web)}/nginx/apply`);
    expect([job.status, job.validation.output]).toEqual(['succeeded', expect.stringContaining('syntax is ok')]);
    expect(fs.readFileSync(far(web, '/etc/nginx/conf.d/portal.conf'), 'utf8')).toContain('include');
    if (fs.existsSync('/usr/sbin/nginx')) {
      expect(job.validation).toMatchObject({ status: 'passed', tool: 'nginx' });
      // Checked as a whole in the staging copy before the swap.
      expect(job.validation.output).toContain(`${far(web, '/.portal/staging/nginx/etc/nginx/nginx.conf')} syntax is ok`);
    }
  });

  it('R2.029 cronjobs: the cron file lands on the far side', async () => {
    const web = serverRunning('cronjobs', 'web01');
    await connect(web);
    const job = await applied(web, 'POST', `${base(web)}/cronjobs/apply`);
    expect(job.status).toBe('succeeded');
    expect(fs.readFileSync(far(web, '/etc/cron.d/portal'), 'utf8')).toMatch(/^# /m);
  });

  it('R2.031 ssh keys: authorized_keys on the far side, checked there with ssh-keygen -l', async () => {
    const web = serverRunning('ssh', 'web01');
    await connect(web);
    const job = await applied(web, 'POST', `${base(web)}/ssh/apply`);
    expect(job.status).toBe('succeeded');
    const keys = fs.readFileSync(far(web, '/home/deploy/.ssh/authorized_keys'), 'utf8');
    expect(keys).toMatch(/^ssh-ed25519 AAAA/m);
    if (fs.existsSync('/usr/bin/ssh-keygen')) expect(job.validation).toMatchObject({ status: 'passed', tool: 'ssh-keygen' });
  });

  it('R2.027 dns: a record lands in the zone file on the far side, checked there with named-checkzone', async () => {
    const lb = serverRunning('dns');
    await connect(lb);
    const zones = (await admin.get(`${base(lb)}/dns/zones`)).body.data as { id: number; name: string }[];
    const zone = zones[0]!;
    const job = await applied(lb, 'POST', `${base(lb)}/dns/zones/${zone.id}/records`, { name: 'sshgw', type: 'A', ttl: 600, value: '203.0.113.28' });
    expect(job.status).toBe('succeeded');
    const file = fs.readdirSync(far(lb, '/etc/bind/zones')).find((f) => f.startsWith('db.'))!;
    expect(fs.readFileSync(far(lb, `/etc/bind/zones/${file}`), 'utf8')).toMatch(/sshgw\s+600\s+IN\s+A\s+203\.0\.113\.28/);
    if (fs.existsSync('/usr/bin/named-checkzone')) expect(job.validation).toMatchObject({ status: 'passed', tool: 'named-checkzone' });
  });

  it('R2.024 redis (config family): redis.conf on the far side, loaded there by redis-server, the instance started', async () => {
    const db = serverRunning('redis');
    await connect(db);
    const job = await applied(db, 'POST', `${base(db)}/redis/apply`);
    expect(job.status).toBe('succeeded');
    expect(fs.readFileSync(far(db, '/etc/redis/redis.conf'), 'utf8')).toContain(`dir ${far(db, '/var/lib/redis')}`);
    if (fs.existsSync('/usr/bin/redis-server')) {
      // The default instance's file first, then each named instance's (the demo seed has `sessions`).
      expect(job.validation).toMatchObject({ status: 'passed', tool: 'redis-server' });
      expect(job.validation?.output).toMatch(/^configuration loaded(\ninstance [a-z0-9-]+: configuration loaded)*$/);
      expect((await server.managed.gateway(db).service('redis').status()).state).toBe('running');
      await server.managed.gateway(db).service('redis').stop();
      // The named instances run as slot programs `redis-<n>` (the demo's `sessions` in slot 1): stopped too, or their
      // redis-server outlives the test's sshd.
      for (const slot of [1, 2, 3, 4, 5, 6, 7, 8]) await server.managed.gateway(db).service(`redis-${slot}`).stop();
    }
  });

  it('a save that has to read from a server that cannot be reached answers 503 with the reason, and stores nothing', async () => {
    const web = shop.servers.find((s) => s.services.includes('nginx') && !s.name.startsWith('web01'))!.id;
    const vhosts = (await admin.get(`${base(web)}/nginx/vhosts`)).body.data as { id: number; serverNames: string[]; documentRoot: string; backend: string; certificate: string | null; directives: { name: string; value: string }[] }[];
    const v = vhosts[0]!;
    // Connection settings to a port where nothing listens.
    const url = `${base(web)}/managed/connection`;
    expect((await admin.request('PUT', url, { override: 'ssh', host: '127.0.0.1', port: 9, username: 'portal' })).status).toBe(200);
    expect((await admin.request('POST', `${url}/key`)).status).toBe(200);
    const { id: _id, ...body } = v as typeof v & Record<string, unknown>;
    const editable = Object.fromEntries(Object.entries(body).filter(([k]) => !['status', 'createdAt', 'updatedAt', 'redirectCount', 'authenticationCount', 'tls'].includes(k)));
    const r = await admin.request('PUT', `${base(web)}/nginx/vhosts/${v.id}`, { ...editable, directives: [...v.directives.filter((d) => d.name !== 'expires'), { name: 'expires', value: '9d' }] });
    if (r.status === 503) {
      expect(r.body.error).toEqual({ code: 'unavailable', message: 'errors.server_unreachable' });
      expect(r.headers.get('retry-after')).toBe('30');
    } else {
      // A save that needs nothing from the server is stored and applied later (the change stays pending).
      expect([r.status, r.body.error]).toEqual([200, undefined]);
    }
    expect((await admin.request('PUT', url, { override: 'local', host: '127.0.0.1', port: 9, username: 'portal' })).status).toBe(200);
    if (r.status === 503) expect((await admin.get(`${base(web)}/nginx/vhosts`)).body.data.find((x: { id: number }) => x.id === v.id)).toMatchObject({ directives: v.directives, updatedAt: (v as unknown as { updatedAt: string }).updatedAt });
  });

  it('R2.024 R7.018 memcached (config + stats family): options checked on the far side by starting memcached, the instance restarted there, its figures read through a port forwarded over ssh', async () => {
    if (!fs.existsSync('/usr/bin/memcached')) return;
    const id = serverRunning('memcached');
    await connect(id);
    const url = `${base(id)}/memcached/settings`;
    const { settings } = (await admin.get(url)).body;
    const job = await applied(id, 'PUT', url, { ...settings, memoryMb: 24, maxConnections: 321 });
    expect([job.status, job.validation]).toEqual(['succeeded', expect.objectContaining({ status: 'passed', tool: 'memcached' })]);
    expect(fs.readFileSync(far(id, '/etc/memcached.conf'), 'utf8')).toContain('\n-m 24\n-c 321\n');
    // Read from the running far-side instance (`stats settings` over the forwarded port).
    const instance = (await admin.get(`${base(id)}/memcached/instance`)).body;
    expect(instance).toMatchObject({ running: true, settings: { maxbytes: String(24 * 1024 * 1024), maxconns: '321' } });
    // The stats family: a watch samples the far-side instance (`stats` over the forwarded port) and answers its figures.
    const watch = await admin.request('POST', `${base(id)}/memcached/watch`);
    expect(watch.status).toBe(200);
    expect(watch.body.sample.figures).toMatchObject({ items: 0, connections: expect.any(Number), memoryBytes: expect.any(Number) });
    await server.managed.gateway(id).service('memcached').stop();
  });

  it('R2.024 rabbitmq (a private node configured by its environment, started off PATH): a virtual host created on the far side through the management API forwarded over ssh', async () => {
    if (!fs.existsSync('/usr/lib/rabbitmq/bin/rabbitmq-server')) return;
    const id = serverRunning('rabbitmq');
    await connect(id);
    const gw = server.managed.gateway(id);
    try {
      const job = await applied(id, 'POST', `${base(id)}/rabbitmq/vhosts`, { name: 'over_ssh', description: 'Created over ssh' });
      expect([job.status, job.validation]).toEqual(['succeeded', expect.objectContaining({ status: 'passed', tool: 'erl' })]);
      expect((await gw.service('rabbitmq').status()).state).toBe('running');
      // The running broker answers through its management API on the far side's loopback, forwarded.
      const queues = await admin.get(`${base(id)}/rabbitmq/queues?vhost=over_ssh`);
      expect([queues.status, queues.body.running]).toEqual([200, true]);
    } finally {
      const epmd = String((await gw.listenAddress('rabbitmq-epmd', 4369)).port);
      await gw.service('rabbitmq').stop();
      await gw.run({ tool: 'epmd', args: ['-port', epmd, '-kill'] }).catch(() => undefined);
    }
  }, 120_000);

  it('R2.024 mysql (resources on a private instance): a database created on the far side\'s MariaDB through its socket forwarded over ssh, its size listed', async () => {
    if (!fs.existsSync('/usr/sbin/mariadbd')) return;
    const id = serverRunning('mysql');
    await connect(id);
    const job = await applied(id, 'POST', `${base(id)}/mysql/databases`, { name: 'over_ssh', charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' });
    expect([job.status, job.validation]).toEqual(['succeeded', expect.objectContaining({ status: 'passed', tool: 'mariadbd' })]);
    expect((await server.managed.gateway(id).service('mysql').status()).state).toBe('running');
    // The list asks the running server (information_schema) through the forwarded socket.
    const listed = (await admin.get(`${base(id)}/mysql/databases`)).body.data as { name: string; sizeBytes: number | null }[];
    expect(listed.find((d) => d.name === 'over_ssh')).toMatchObject({ sizeBytes: expect.any(Number) });
    expect(fs.existsSync(far(id, '/var/lib/mysql/over_ssh'))).toBe(true);
    await server.managed.gateway(id).service('mysql').stop();
  }, 120_000);
});
