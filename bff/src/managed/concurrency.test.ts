/**
 * Apply jobs under load (issue 7 §1): 50 changes to one server at the same time, through four
 * plugins, each answered 202 — every one of them must be stored, applied and present in the files on
 * the server, and no job may fail. A DNS zone and a record in it are created right after each other.
 * Runs against PostgreSQL (DATABASE_URL) and the embedded PGlite.
 */
import { generateKeyPairSync } from 'node:crypto';
import { Server } from '@portal/core/clusters';
import { ManagedChange, ManagedConfigVersion, ManagedJob } from '@portal/core/managed';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let admin: TestClient;
let clusterId: number;
let web: number;

const base = () => `/api/v1/clusters/${clusterId}/servers/${web}`;

/** A fresh ed25519 public key in OpenSSH format. */
function sshKey(): string {
  const x = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const part = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([part(Buffer.from('ssh-ed25519')), part(x)]).toString('base64')}`;
}

async function finished(jobId: number) {
  for (let i = 0; i < 1200; i++) {
    const r = await admin.get(`${base()}/managed/jobs/${jobId}`);
    expect(r.status).toBe(200);
    if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

beforeAll(async () => {
  server = await createTestServer();
  admin = server.client();
  expect((await admin.login(demoLogins.admin)).status).toBe(200);
  const list = await admin.get('/api/v1/clusters?search=20011');
  clusterId = list.body.data.find((x: { number: string }) => x.number === '20011').id;
  const cluster = (await admin.get(`/api/v1/clusters/${clusterId}`)).body;
  web = cluster.servers.find((s: { role: string; name: string }) => s.role === 'web' && s.name.startsWith('web01')).id;
  // One server that runs all four services.
  const em = server.db.orm.em.fork();
  const s = await em.findOneOrFail(Server, { id: web });
  s.services = [...new Set([...s.services, 'dns'])];
  await em.flush();
});

afterAll(async () => {
  await server?.stop();
});

describe('Managed Center apply jobs under concurrency', () => {
  it('50 concurrent changes to one server through cronjobs, ssh, nginx and dns: every change stored, applied and in the files, no job failed', async () => {
    const commands = Array.from({ length: 14 }, (_, i) => `php /var/www/app/artisan report:${i} --quiet`);
    const keys = Array.from({ length: 14 }, () => sshKey());
    const domains = Array.from({ length: 10 }, (_, i) => `concurrent-${i}.mueller-schmidt-shop.example`);
    const zones = Array.from({ length: 6 }, (_, i) => `concurrent-${i}.example.`);

    const jobIds: number[] = [];
    const accepted = async (method: string, path: string, body?: unknown) => {
      const r = await admin.request(method, `${base()}${path}`, body);
      expect([r.status, r.body?.error]).toEqual([202, undefined]);
      jobIds.push(r.body.id);
      return r;
    };
    const tasks: Promise<unknown>[] = [
      ...commands.map((command) => accepted('POST', '/cronjobs', { schedule: '*/5 * * * *', command, user: 'www-data', enabled: true })),
      ...keys.map((publicKey, i) => accepted('POST', '/ssh/keys', { user: 'deploy', label: `concurrent ${i}`, publicKey })),
      // A domain and the apply of nginx right after it.
      ...domains.map(async (name, i) => {
        const r = await admin.request('POST', `${base()}/nginx/vhosts`, { serverNames: [name], documentRoot: `concurrent-${i}/public`, backend: 'static' });
        expect(r.status).toBe(201);
        await accepted('POST', '/nginx/apply');
      }),
      // A zone and a record in it right after each other (the record's request does not wait for the zone's job).
      ...zones.map(async (origin, i) => {
        await accepted('POST', '/dns/zones', { origin, primaryNs: 'ns1.managed-hosting.example', hostmaster: `hostmaster@concurrent-${i}.example` });
        const zone = (await admin.get(`${base()}/dns/zones`)).body.data.find((z: { origin: string }) => z.origin.replace(/\.$/, '') === origin.replace(/\.$/, ''));
        await accepted('POST', `/dns/zones/${zone.id}/records`, { name: 'www', type: 'A', ttl: 600, value: `203.0.113.${10 + i}` });
      }),
    ];
    await Promise.all(tasks);
    expect(jobIds).toHaveLength(14 + 14 + 10 + 12);

    const jobs = await Promise.all(jobIds.map(finished));
    expect(jobs.filter((j) => j.status !== 'succeeded').map((j) => ({ id: j.id, plugin: j.pluginId, log: j.log }))).toEqual([]);

    const em = server.db.orm.em.fork();
    expect(await em.count(ManagedChange, { server: web, status: { $ne: 'applied' } })).toBe(0);
    expect(await em.count(ManagedJob, { server: web, status: { $ne: 'succeeded' } })).toBe(0);

    // The newest version of each plugin is what the server has, and it holds every change.
    const gw = server.managed.gateway(web);
    const rendered: Record<string, string> = {};
    for (const pluginId of ['cronjobs', 'ssh', 'nginx', 'dns']) {
      const [last] = await em.find(ManagedConfigVersion, { server: web, pluginId }, { orderBy: { version: 'desc' }, limit: 1 });
      expect(last).toBeDefined();
      for (const f of last.files) expect([f.path, await gw.readFile(f.path)]).toEqual([f.path, f.content]);
      rendered[pluginId] = last.files.map((f) => f.content).join('\n');
    }
    for (const c of commands) expect(rendered.cronjobs).toContain(c);
    for (const k of keys) expect(rendered.ssh).toContain(k.split(' ')[1]);
    for (const d of domains) expect(rendered.nginx).toContain(d);
    zones.forEach((origin, i) => {
      expect(rendered.dns).toContain(`$ORIGIN ${origin}`);
      expect(rendered.dns).toMatch(new RegExp(`www\\s+600\\s+IN\\s+A\\s+203\\.0\\.113\\.${10 + i}`));
    });
  }, 600_000);
});
