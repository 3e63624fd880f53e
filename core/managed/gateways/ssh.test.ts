/**
 * The `ssh` gateway against a real OpenSSH server (issue 28): sshd runs unprivileged on a loopback port with
 * its own host key; the far side is this machine, each server's files in a sandbox directory there
 * (sshd.testing.ts). Apply jobs run through the real job runner; nginx (nginx-light) checks and serves on the
 * far side.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ConfigFile } from '@portal/plugin-sdk/gateway';
import type { ProgramDescriptor } from '@portal/plugin-sdk/program';
import { Server } from '../../clusters/index.ts';
import { User } from '../../accounts/index.ts';
import { createLogger, systemClock } from '../../platform/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { ManagedChange, type ManagedJob } from '../entities/index.ts';
import { jobFinished } from '../jobFinished.testing.ts';
import { JobRunner, type ManagedPluginRef } from '../jobs.ts';
import { findTool } from './programs.ts';
import { SshGateway, sudoersDropIn } from './ssh.ts';
import { memoryHostKeys, SshPool } from './sshConnection.ts';
import { hasSshd, startSshd, TEST_USER, type TestSshd } from './sshd.testing.ts';
import { testNginx } from './testProgram.testing.ts';

const maybe = hasSshd() ? describe : describe.skip;

let sshd: TestSshd;
let db: TestDatabase;
let runner: JobRunner;
let pool: SshPool;
let hostKeys: ReturnType<typeof memoryHostKeys>;
let servers: number[];
let userId: number;
const gateways = new Map<number, SshGateway>();
let hasNginx = false;

/** What the test plugin renders next (two files: a drop in the middle leaves a half-written set otherwise). */
let site = 'ok';
/** Set: the second file's write drops the connection while the file is in flight. */
let dropOnSecondWrite = false;
/** Serial-check bookkeeping: writes in flight per server. */
const inFlight = new Map<number, number>();
const overlaps: number[] = [];

class TestSshGateway extends SshGateway {
  override async writeFile(file: ConfigFile): Promise<void> {
    const n = (inFlight.get(this.serverId) ?? 0) + 1;
    inFlight.set(this.serverId, n);
    if (n > 1) overlaps.push(this.serverId);
    try {
      if (dropOnSecondWrite && file.path.endsWith('b.conf')) {
        dropOnSecondWrite = false;
        const writing = super.writeFile(file);
        // The connection goes away while the file is in flight.
        setImmediate(() => pool.dropForTest(this.serverId));
        return await writing;
      }
      return await super.writeFile(file);
    } finally {
      inFlight.set(this.serverId, (inFlight.get(this.serverId) ?? 1) - 1);
    }
  }
}

const conf = (name: string, port: number) => `server { listen 127.0.0.1:${port}; server_name ${name}.example; location / { return 200 "${name}-${site}\\n"; } }\n`;

const plugin: ManagedPluginRef = {
  id: 'sites',
  server: {
    handlers: () => ({}),
    programs: [testNginx],
    render: async (c) => {
      const port = (await gatewayOf(c.server.id).listenAddress('nginx', 80)).port;
      return [
        { path: '/etc/nginx/conf.d/a.conf', content: conf('a', port) },
        { path: '/etc/nginx/conf.d/b.conf', content: site === 'broken' ? 'server { listen nonsense; }\n' : `# ${site}\n` },
      ];
    },
  },
};

const gatewayOf = (serverId: number) => {
  let gw = gateways.get(serverId);
  if (!gw) {
    gw = new TestSshGateway({ serverId, pool, hostKeys, settings: async () => sshd.settings, root: sshd.root(serverId), programs: [testNginx as ProgramDescriptor] });
    gateways.set(serverId, gw);
  }
  return gw;
};

const far = (serverId: number, p: string) => path.join(sshd.root(serverId), p);
const apply = async (serverId: number) => jobFinished(db.orm, (await runner.apply(plugin.id, { serverId, userId }, { key: 'sites:changes.applied' })).id);
const changeOf = async (job: ManagedJob) => db.orm.em.fork().findOneOrFail(ManagedChange, { id: job.changeId! });

maybe('ssh gateway (issue 28, real sshd)', () => {
  beforeAll(async () => {
    hasNginx = !!(await findTool('nginx'));
    sshd = await startSshd();
    pool = new SshPool({ idleMs: 2000 });
    hostKeys = memoryHostKeys();
    db = await createTestDatabase();
    await seedDemo(db.orm.em.fork());
    const em = db.orm.em.fork();
    servers = (await em.find(Server, {}, { orderBy: { id: 'asc' }, limit: 2 })).map((s) => s.id);
    userId = (await em.findOneOrFail(User, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
    // The administrator confirmed the fingerprint the connection page showed.
    for (const id of servers) await hostKeys.seen(id, sshd.fingerprint, true);
    runner = new JobRunner({ orm: db.orm, clock: systemClock, logger: createLogger({ level: 'silent' }), gateway: (id) => gatewayOf(id), plugin: (id) => (id === plugin.id ? plugin : undefined) });
    await runner.start();
  }, 180_000);

  afterAll(async () => {
    await runner?.stop();
    for (const [, gw] of gateways) await gw.service('nginx').stop().catch(() => undefined);
    pool?.dispose();
    await db?.close();
    await sshd?.stop();
  });

  it('an unconfirmed host key is refused and its fingerprint recorded for confirmation', async () => {
    const keys = memoryHostKeys();
    const gw = new SshGateway({ serverId: 999, pool: new SshPool(), hostKeys: keys, settings: async () => sshd.settings, root: sshd.root(999) });
    await expect(gw.readFile('/etc/x')).rejects.toMatchObject({ name: 'ServerUnreachable', reason: 'host_key_unknown' });
    expect(keys.pins.get(999)).toEqual({ fingerprint: sshd.fingerprint, confirmed: false });
    keys.pins.set(999, { fingerprint: sshd.fingerprint, confirmed: true });
    expect(await gw.readFile('/etc/x')).toBeNull();
  });

  it('a key the server does not accept: auth_refused', async () => {
    const other = (await import('./sshConnection.ts')).generateKeyPair('stranger');
    const gw = new SshGateway({ serverId: servers[0], pool: new SshPool(), hostKeys, settings: async () => ({ ...sshd.settings, privateKey: other.privateKey }), root: sshd.root(servers[0]) });
    await expect(gw.readFile('/etc/x')).rejects.toMatchObject({ name: 'ServerUnreachable', reason: 'auth_refused' });
  });

  it('applies over SFTP: the files land on the far side, nginx checks and serves them there', async () => {
    const [id] = servers;
    site = 'one';
    const job = await apply(id);
    expect(job.status).toBe('succeeded');
    expect(fs.readFileSync(far(id, '/etc/nginx/conf.d/b.conf'), 'utf8')).toBe('# one\n');
    if (hasNginx) {
      expect(job.validation).toMatchObject({ status: 'passed', tool: 'nginx' });
      expect(job.validation?.output).toMatch(/syntax is ok/);
      const { port } = await gatewayOf(id).listenAddress('nginx', 80);
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: 'a.example' } });
      expect(await res.text()).toBe('a-one\n');
    }
    // No stray temporary files.
    expect(fs.readdirSync(far(id, '/etc/nginx/conf.d')).sort()).toEqual(['a.conf', 'b.conf']);
  });

  it('the whole set is checked in a staging copy on the far side before the swap', async () => {
    if (!hasNginx) return;
    const [id] = servers;
    const job = await apply(id);
    expect(job.status).toBe('succeeded');
    // nginx read the staged main configuration, which includes the staged conf.d (the new set over a copy of the live tree).
    expect(job.validation?.output).toContain(`${far(id, '/.portal/staging/nginx/etc/nginx/nginx.conf')} syntax is ok`);
    expect(fs.readFileSync(far(id, '/.portal/staging/nginx/etc/nginx/nginx.conf'), 'utf8')).toContain(`include ${far(id, '/.portal/staging/nginx/etc/nginx/conf.d')}/*.conf;`);
    expect(job.log.map((l) => l.step)).toEqual(expect.arrayContaining(['writing', 'validating', 'reloading', 'done']));
  });

  it('a configuration nginx refuses in the staging copy fails with its output and never touches the live files', async () => {
    if (!hasNginx) return;
    const [id] = servers;
    const live = far(id, '/etc/nginx/conf.d/b.conf');
    const before = fs.statSync(live);
    site = 'broken';
    const job = await apply(id);
    expect(job.status).toBe('failed');
    expect(job.validation?.output).toMatch(/invalid|host not found|emerg/);
    expect(job.validation?.output).toContain('/.portal/staging/nginx/');
    // The live file is the very same file: not rewritten and put back, never replaced.
    const after = fs.statSync(live);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(fs.readFileSync(live, 'utf8')).toBe('# one\n');
    expect(fs.readFileSync(far(id, '/.portal/staging/nginx/etc/nginx/conf.d/b.conf'), 'utf8')).toBe('server { listen nonsense; }\n');
    site = 'one';
  });

  it('a file edited by hand on the far side is reported as drift, nothing is written', async () => {
    const [id] = servers;
    fs.writeFileSync(far(id, '/etc/nginx/conf.d/b.conf'), '# edited on the server\n');
    site = 'two';
    const job = await apply(id);
    expect(job.status).toBe('failed');
    expect(job.drift?.files.map((f) => f.path)).toEqual(['/etc/nginx/conf.d/b.conf']);
    expect(fs.readFileSync(far(id, '/etc/nginx/conf.d/a.conf'), 'utf8')).toContain('a-one');
    fs.writeFileSync(far(id, '/etc/nginx/conf.d/b.conf'), '# one\n');
    expect((await apply(id)).status).toBe('succeeded');
  });

  it('a connection dropped in the middle of an apply: previous version in place, job failed with the reason, the change kept for a retry', async () => {
    const [id] = servers;
    site = 'three';
    const before = fs.readFileSync(far(id, '/etc/nginx/conf.d/a.conf'), 'utf8');
    dropOnSecondWrite = true;
    const job = await apply(id);
    expect(job.status).toBe('failed');
    expect(job.validation?.output).toBe('job.unreachable');
    expect(job.log.at(-1)?.detail).toBe('job.unreachableReason.connection_lost');
    expect((await changeOf(job)).status).toBe('pending');
    // What the server runs is still the previous version (the half-written set was put back).
    expect(fs.readFileSync(far(id, '/etc/nginx/conf.d/a.conf'), 'utf8')).toBe(before);
    expect(fs.readFileSync(far(id, '/etc/nginx/conf.d/b.conf'), 'utf8')).toBe('# two\n');
    const retried = await jobFinished(db.orm, (await runner.retry(plugin, id, userId)).id);
    expect(retried.status).toBe('succeeded');
    expect(fs.readFileSync(far(id, '/etc/nginx/conf.d/b.conf'), 'utf8')).toBe('# three\n');
  });

  it('two servers apply in parallel, the jobs of one server stay serial', async () => {
    overlaps.length = 0;
    site = 'four';
    const jobs = await Promise.all([...servers, ...servers].map((id) => runner.apply(plugin.id, { serverId: id, userId }, { key: 'sites:changes.applied' })));
    const done = await Promise.all(jobs.map((j) => jobFinished(db.orm, j.id)));
    // A failed job names its last step and the program's output, so a failure under load says why.
    expect(done.filter((j) => j.status !== 'succeeded').map((j) => ({ server: j.server.id, status: j.status, last: j.log.at(-1), output: j.validation?.output }))).toEqual([]);
    expect(overlaps).toEqual([]);
    // Both servers' runs overlapped in time.
    const spans = await Promise.all(done.map(async (j) => ({ server: j.server.id, from: Date.parse(j.log[0]!.at), to: Date.parse(j.log.at(-1)!.at) })));
    const a = spans.filter((s) => s.server === servers[0]);
    const b = spans.filter((s) => s.server === servers[1]);
    expect(a.some((x) => b.some((y) => x.from < y.to && y.from < x.to))).toBe(true);
    for (const id of servers) expect(fs.readFileSync(far(id, '/etc/nginx/conf.d/b.conf'), 'utf8')).toBe('# four\n');
  });

  it('reach: a service on the server\'s loopback and a unix socket of the server, through ports forwarded over the connection', async () => {
    const [id] = servers;
    const gw = gatewayOf(id!);
    const answer = (label: string) => (socket: net.Socket) => socket.once('data', (d) => socket.end(`${label}:${d.toString()}`));
    const tcp = net.createServer(answer('tcp'));
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const socketFile = far(id!, '/run/reach-test.sock');
    fs.mkdirSync(path.dirname(socketFile), { recursive: true });
    fs.rmSync(socketFile, { force: true });
    const unix = net.createServer(answer('unix'));
    await new Promise<void>((resolve) => unix.listen(socketFile, resolve));
    fs.chmodSync(socketFile, 0o666); // the test's sshd logs in as an unprivileged user; this test runs as root
    const ask = (at: { host: string; port: number }) =>
      new Promise<string>((resolve, reject) => {
        const c = net.connect(at, () => c.write('ping'));
        let got = '';
        c.on('data', (d) => (got += d.toString()));
        c.on('end', () => resolve(got));
        c.on('error', reject);
      });
    try {
      const port = (tcp.address() as net.AddressInfo).port;
      const viaTcp = await gw.reach({ port });
      expect(viaTcp.host).toBe('127.0.0.1');
      expect(viaTcp.port).not.toBe(port); // a local listener, not the server's port
      expect(await ask(viaTcp)).toBe('tcp:ping');
      expect(await gw.reach({ port })).toEqual(viaTcp); // one listener per target
      const viaSocket = await gw.reach({ socket: '/run/reach-test.sock' });
      expect('port' in viaSocket && (await ask(viaSocket))).toBe('unix:ping');
      // Only the server's loopback.
      await expect(gw.reach({ host: '192.0.2.1', port })).rejects.toThrow(/loopback/);
    } finally {
      tcp.close();
      unix.close();
    }
  });

  it('one connection per server is reused across applies; idle ones close', async () => {
    const opened = pool.opened;
    site = 'five';
    for (let i = 0; i < 3; i++) expect((await apply(servers[0])).status).toBe('succeeded');
    expect(pool.opened - opened).toBeLessThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(pool.size).toBe(0);
  });

  it('a changed host key is refused loudly, nothing is written, the change stays pending', async () => {
    const [id] = servers;
    pool.dispose();
    await sshd.changeHostKey();
    site = 'six';
    const job = await apply(id);
    expect(job.status).toBe('failed');
    expect(job.log.at(-1)?.detail).toBe('job.unreachableReason.host_key_changed');
    expect((await changeOf(job)).status).toBe('pending');
    expect(fs.readFileSync(far(id, '/etc/nginx/conf.d/b.conf'), 'utf8')).toBe('# five\n');
    // Confirming the new fingerprint lets the retry through.
    for (const s of servers) await hostKeys.seen(s, sshd.fingerprint, true);
    expect((await jobFinished(db.orm, (await runner.retry(plugin, id, userId)).id)).status).toBe('succeeded');
  });

  it('owner and group of a file as rendered are set over SFTP before the rename', async () => {
    // Handing a file to a group needs a login user in that group: only where the test may create one (as root).
    if (process.getuid?.() !== 0) return;
    execFileSync('groupadd', ['-f', 'portal-ssh-web']);
    execFileSync('usermod', ['-aG', 'portal-ssh-web', TEST_USER]);
    const uid = Number(execFileSync('id', ['-u', TEST_USER], { encoding: 'utf8' }));
    const ownGid = Number(execFileSync('id', ['-g', TEST_USER], { encoding: 'utf8' }));
    const webGid = Number(execFileSync('getent', ['group', 'portal-ssh-web'], { encoding: 'utf8' }).split(':')[2]);
    const id = servers[1];
    // A new connection: the login picks up the new group.
    const fresh = new SshPool();
    const gw = new SshGateway({ serverId: id, pool: fresh, hostKeys, settings: async () => sshd.settings, root: sshd.root(id) });
    try {
      const stat = (p: string) => fs.statSync(far(id, p));
      await gw.writeFile({ path: '/etc/nginx/portal/htpasswd-a', content: 'a:x\n', mode: 0o640, owner: TEST_USER, group: 'portal-ssh-web', secret: true });
      expect([stat('/etc/nginx/portal/htpasswd-a').uid, stat('/etc/nginx/portal/htpasswd-a').gid, stat('/etc/nginx/portal/htpasswd-a').mode & 0o777]).toEqual([uid, webGid, 0o640]);
      // root as the owner is not the login user's to give away: it keeps the file, the group is applied.
      await gw.writeFile({ path: '/etc/nginx/portal/htpasswd-b', content: 'b:x\n', mode: 0o640, owner: 'root', group: 'portal-ssh-web' });
      expect([stat('/etc/nginx/portal/htpasswd-b').uid, stat('/etc/nginx/portal/htpasswd-b').gid]).toEqual([uid, webGid]);
      // A group it is not in: the far-side sandbox keeps its own (a real server refuses the write).
      await gw.writeFile({ path: '/etc/nginx/portal/htpasswd-c', content: 'c:x\n', mode: 0o640, group: 'root' });
      expect(stat('/etc/nginx/portal/htpasswd-c').gid).toBe(ownGid);
      // No temporary file left behind.
      expect(fs.readdirSync(far(id, '/etc/nginx/portal')).sort()).toEqual(['htpasswd-a', 'htpasswd-b', 'htpasswd-c']);
    } finally {
      fresh.dispose();
    }
  });

  it('follows a log over a channel', async () => {
    const [id] = servers;
    const gw = gatewayOf(id);
    const lines: string[] = [];
    fs.mkdirSync(far(id, '/var/log/app'), { recursive: true });
    fs.writeFileSync(far(id, '/var/log/app/x.log'), 'old\n');
    const close = await gw.follow('/var/log/app/x.log', (l) => lines.push(l));
    await new Promise((r) => setTimeout(r, 500));
    fs.appendFileSync(far(id, '/var/log/app/x.log'), 'new line\n');
    for (const deadline = Date.now() + 5000; !lines.length && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    close();
    expect(lines).toEqual(['new line']);
    expect(await gw.tail('/var/log/app/x.log', 1)).toEqual(['new line']);
  });

  it('the sudoers drop-in allows exactly the descriptors\' commands and passes visudo -c', () => {
    const text = sudoersDropIn('portal', [
      { id: 'nginx', paths: ['/etc/nginx/conf.d/*.conf'], stage: ['/etc/nginx'], privileged: true, validate: { tool: 'nginx', args: ['-t', '-q', '-c', { path: '/etc/nginx/nginx.conf' }] }, service: { unit: 'nginx', reload: 'reload' } },
      { id: 'cron', paths: ['/etc/cron.d/portal'], privileged: true, service: { unit: 'cron', reload: 'none' } },
      { id: 'redis', paths: ['/etc/redis/redis.conf'], privileged: true, service: { unit: 'redis-server', reload: 'restart' } },
    ]);
    expect(text).toContain('/usr/sbin/nginx -t -q -c /etc/nginx/nginx.conf');
    // The check of the staged copy before the swap.
    expect(text).toContain('/usr/sbin/nginx -t -q -c /var/lib/portal/staging/nginx/etc/nginx/nginx.conf');
    expect(text).toContain('/usr/bin/systemctl reload nginx');
    expect(text).toContain('/usr/bin/systemctl restart redis-server');
    expect(text).not.toMatch(/cron\b(?!\.d)/);
    const visudo = ['/usr/sbin/visudo', '/sbin/visudo'].find((f) => fs.existsSync(f));
    if (!visudo) return;
    const file = path.join(sshd.dir, 'portal.sudoers');
    fs.writeFileSync(file, text, { mode: 0o440 });
    expect(execFileSync(visudo, ['-c', '-f', file], { encoding: 'utf8' })).toMatch(/parsed OK/);
  });
});
