/**
 * Issue 28: apply time of the nginx section on the `local` gateway vs the `ssh` gateway, in one run. A real
 * portal (test server over PGlite, or PostgreSQL with DATABASE_URL); web01 of the shop cluster first on the
 * `local` gateway (its private nginx in a sandbox here), then switched to `ssh` against an unprivileged OpenSSH
 * server on a loopback port (the far side's private nginx in a sandbox there, run over SSH). Each round changes
 * a directive of a demo domain, then measures from `POST …/nginx/apply` until the job is finished (polled every
 * 5 ms). Prints median and p95 (nearest rank) per gateway and the SSH connections the pool opened.
 *
 *   node bench/ssh-gateway.ts [rounds]
 */
import { startSshd } from '@portal/core/managed/testing';
import fs from 'node:fs';
import path from 'node:path';
import { createTestServer } from '../bff/src/testing.ts';
import { demoLogins } from '@portal/core/seed';

const rounds = Number(process.argv[2] ?? 20);
const sshd = await startSshd();
const server = await createTestServer({}, process.env.BENCH_DEBUG ? { log: { level: 'error', destination: process.stderr } } : {});
try {
  const admin = server.client();
  if ((await admin.login(demoLogins.admin)).status !== 200) throw new Error('sign-in failed');
  const clusterId = (await admin.get('/api/v1/clusters?search=20011')).body.data[0].id as number;
  const cluster = (await admin.get(`/api/v1/clusters/${clusterId}`)).body as { servers: { id: number; name: string }[] };
  const serverId = cluster.servers.find((s) => s.name.startsWith('web01'))!.id;
  const base = `/api/v1/clusters/${clusterId}/servers/${serverId}`;
  const api = `${base}/nginx`;
  const vhosts = (await admin.get(`${api}/vhosts`)).body.data as { id: number; serverNames: string[]; documentRoot: string; backend: string; certificate: string | null; directives: { name: string; value: string }[] }[];
  const media = vhosts.find((v) => v.serverNames[0].startsWith('media.'))!;
  let n = 0;

  async function applyOnce(): Promise<number> {
    n++;
    const body = { serverNames: media.serverNames, documentRoot: media.documentRoot, backend: media.backend, certificate: media.certificate, directives: [...media.directives.filter((d) => d.name !== 'expires'), { name: 'expires', value: `${n}d` }] };
    const put = await admin.request('PUT', `${api}/vhosts/${media.id}`, body);
    if (put.status !== 200) throw new Error(`update failed: ${put.status} ${JSON.stringify(put.body)}`);
    const started = performance.now();
    const r = await admin.request('POST', `${api}/apply`);
    if (r.status !== 202) throw new Error(`apply refused: ${r.status}`);
    for (let w = 0; ; w++) {
      const job = (await admin.get(`${base}/managed/jobs/${r.body.id}`)).body as { status: string; step: string; validation?: { output?: string } };
      if (process.env.BENCH_DEBUG && w % 200 === 0) console.log(`job ${r.body.id}: ${job.status} ${job.step}`);
      if (job.status === 'succeeded') return performance.now() - started;
      if (job.status === 'failed') throw new Error(`job ${r.body.id} failed: ${JSON.stringify(job.validation)}`);
      if (w > 6000) throw new Error(`job ${r.body.id} did not finish`);
      await new Promise((res) => setTimeout(res, 5));
    }
  }

  /** The first apply (starts nginx, creates certificates) is not counted. */
  async function series(): Promise<number[]> {
    await applyOnce();
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) times.push(await applyOnce());
    return times;
  }

  const local = await series();
  await server.managed.gateway(serverId).service('nginx').stop();

  // The far side starts with what the portal applied (a server in sync): else the first ssh apply finds drift.
  const farRoot = sshd.root(serverId);
  const localRoot = (server.managed.gateway(serverId) as unknown as { root: string }).root; // the local gateway's sandbox
  fs.cpSync(path.join(localRoot, 'etc'), path.join(farRoot, 'etc'), { recursive: true });
  const owner = fs.statSync(farRoot);
  const chown = (p: string) => {
    fs.chownSync(p, owner.uid, owner.gid);
    if (fs.statSync(p).isDirectory()) for (const e of fs.readdirSync(p)) chown(path.join(p, e));
  };
  chown(path.join(farRoot, 'etc'));
  const gateways = server.managed.gateways;
  await gateways.configure(serverId, { gateway: 'ssh', host: '127.0.0.1', port: sshd.port, username: sshd.settings.username, root: sshd.root(serverId) });
  const view = await gateways.generateKey(serverId);
  fs.appendFileSync(path.join(sshd.dir, 'authorized_keys'), `${view.publicKey}\n`);
  await gateways.test(serverId); // first contact: the fingerprint is recorded …
  if (!(await gateways.confirmHostKey(serverId, sshd.fingerprint))) throw new Error('fingerprint mismatch'); // … and confirmed
  const openedBefore = gateways.pool.opened;
  const ssh = await series();
  const opened = gateways.pool.opened - openedBefore;
  await server.managed.gateway(serverId).service('nginx').stop();

  const order = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => {
    const s = order(xs);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const p95 = (xs: number[]) => order(xs)[Math.ceil(0.95 * xs.length) - 1];
  const fmt = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`nginx apply, ${rounds} applies each (after one warm-up apply), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`  local: median ${fmt(median(local))}   p95 ${fmt(p95(local))}`);
  console.log(`  ssh:   median ${fmt(median(ssh))}   p95 ${fmt(p95(ssh))}   connections opened for the ${rounds + 1} ssh applies: ${opened}`);
} finally {
  await server.stop();
  await sshd.stop();
}
