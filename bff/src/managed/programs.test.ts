/**
 * Programs the `local` gateway starts end with the portal (issue 31 §14): the portal runs as a child
 * process as `npm start` runs it (NODE_ENV development), applies nginx (a private nginx starts), and
 * stops on SIGTERM — its nginx must be gone. A portal killed with SIGKILL cannot clean up: the next
 * portal that starts on the same data directory stops what it left running.
 * PostgreSQL when DATABASE_URL is set (a database of its own), else the embedded PGlite in a data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findTool } from '@portal/core/managed';
import { demoLogins, seedDemo } from '@portal/core/seed';
import { createTestDatabase, type TestDatabase } from '@portal/core/testing';
import { TestClient } from '../testing.ts';
import { freePort } from '../testing/cluster.ts';

const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const hasNginx = !!(await findTool('nginx'));

let db: TestDatabase | undefined;
let dataDir: string;
let child: ChildProcess | undefined;
let output = '';
/** Every nginx the tests saw: stopped in afterAll if a failed assertion left one running. */
const seen: number[] = [];

async function startPortal(): Promise<string> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(db?.url ? { DATABASE_URL: db.url } : {}),
  };
  child = spawn(process.execPath, ['--no-warnings', cli, 'start'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`portal exited: ${output.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return url;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`portal did not start: ${output.slice(-2000)}`);
}

async function kill(signal: NodeJS.Signals): Promise<number | null> {
  const c = child;
  if (!c || c.exitCode !== null) return c?.exitCode ?? null;
  const exited = new Promise<number | null>((r) => c.once('exit', (code) => r(code)));
  c.kill(signal);
  return exited;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

/** Applies nginx on web01 of cluster 20011; resolves with the pid of that server's private nginx. */
async function applyNginx(url: string): Promise<number> {
  const admin = new TestClient(url);
  expect((await admin.login(demoLogins.admin)).status).toBe(200);
  const list = await admin.get('/api/v1/clusters?search=20011');
  const clusterId = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
  const cluster = (await admin.get(`/api/v1/clusters/${clusterId}`)).body;
  const web = cluster.servers.find((s: { role: string; name: string }) => s.role === 'web' && s.name.startsWith('web01')).id as number;
  const api = (p: string) => `/api/v1/clusters/${clusterId}/servers/${web}${p}`;
  const started = await admin.request('POST', api('/nginx/apply'));
  expect(started.status).toBe(202);
  let job = started.body;
  for (let i = 0; i < 600 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    job = (await admin.get(api(`/managed/jobs/${started.body.id}`))).body;
  }
  expect(job.status).toBe('succeeded');
  const pid = Number(fs.readFileSync(path.join(dataDir, 'servers', String(web), 'run/nginx.pid'), 'utf8').trim());
  seen.push(pid);
  expect(alive(pid)).toBe(true);
  return pid;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-programs-'));
  if (process.env.DATABASE_URL) {
    db = await createTestDatabase();
    await seedDemo(db.orm.em.fork());
  }
});

afterAll(async () => {
  await kill('SIGTERM');
  for (const pid of seen) if (alive(pid)) process.kill(pid, 'SIGTERM');
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

(hasNginx ? describe : describe.skip)('programs of the local gateway end with the portal', () => {
  it('the private nginx an apply started is stopped when the portal shuts down (SIGTERM)', async () => {
    const pid = await applyNginx(await startPortal());
    expect(await kill('SIGTERM')).toBe(0);
    expect(await gone(pid)).toBe(true);
  }, 300_000);

  it('a killed portal leaves its nginx running; the next portal on the data directory stops it at start', async () => {
    const pid = await applyNginx(await startPortal());
    await kill('SIGKILL');
    expect(alive(pid)).toBe(true);
    await startPortal();
    expect(await gone(pid)).toBe(true);
    expect(await kill('SIGTERM')).toBe(0);
  }, 300_000);
});
