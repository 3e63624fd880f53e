/**
 * Apply jobs survive the death of the portal (issue 7 §1): the portal runs as a child process, is
 * killed (SIGKILL) while an apply is between writing its files and validating them, and started
 * again. The job must end — applied on the retry, or failed with a reason — never stay "running",
 * and the files on the server must be those of the last applied version.
 * PostgreSQL when DATABASE_URL is set (a database of its own), else the embedded PGlite in a data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoLogins, seedDemo } from '@portal/core/seed';
import { createTestDatabase, type TestDatabase } from '@portal/core/testing';
import { TestClient } from '../testing.ts';
import { freePort } from '../testing/cluster.ts';

const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
const repo = fileURLToPath(new URL('../../../', import.meta.url));

let db: TestDatabase | undefined;
let dataDir: string;
let child: ChildProcess | undefined;
let output = '';

/** Starts the portal; resolves with its address once it answers. */
async function startPortal(extra: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(db?.url ? { DATABASE_URL: db.url } : {}),
    ...extra,
  };
  child = spawn(process.execPath, ['--no-warnings', cli, 'start'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`portal exited: ${output.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`portal did not start: ${output.slice(-2000)}`);
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const c = child;
  if (!c || c.exitCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill(signal);
  await exited;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
  if (process.env.DATABASE_URL) {
    db = await createTestDatabase();
    await seedDemo(db.orm.em.fork());
  }
});

afterAll(async () => {
  await kill('SIGTERM');
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Managed Center apply jobs across a restart', () => {
  it('a job whose portal was killed in the middle of the apply ends after the restart, and the server has the files of the last applied version', async () => {
    let url = await startPortal({ PORTAL_TEST_APPLY_PAUSE_MS: '8000' });
    let admin = new TestClient(url);
    expect((await admin.login(demoLogins.admin)).status).toBe(200);
    const list = await admin.get('/api/v1/clusters?search=20011');
    const clusterId = list.body.data.find((x: { number: string }) => x.number === '20011').id as number;
    const cluster = (await admin.get(`/api/v1/clusters/${clusterId}`)).body;
    const web = cluster.servers.find((s: { role: string; name: string }) => s.role === 'web' && s.name.startsWith('web01')).id as number;
    const api = (p: string) => `/api/v1/clusters/${clusterId}/servers/${web}${p}`;

    const command = 'php /var/www/app/artisan restart:test --quiet';
    const created = await admin.request('POST', api('/cronjobs'), { schedule: '*/5 * * * *', command, user: 'www-data', enabled: true });
    expect(created.status).toBe(202);
    const jobId = created.body.id as number;

    // Wait until the job wrote its files (it pauses there), then kill the portal.
    for (let i = 0; ; i++) {
      const job = (await admin.get(api(`/managed/jobs/${jobId}`))).body;
      if (job.log.some((l: { step: string }) => l.step === 'writing')) break;
      if (i > 400) throw new Error(`the job did not start: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500));
    await kill('SIGKILL');
    const running = fs.readFileSync(path.join(dataDir, 'servers', String(web), 'etc/cron.d/portal'), 'utf8');
    expect(running).toContain(command); // it was killed after writing, before validating

    url = await startPortal();
    admin = new TestClient(url);
    expect((await admin.login(demoLogins.admin)).status).toBe(200);
    let job: { status: string; log: { step: string; message: string; detail?: string }[] } | undefined;
    for (let i = 0; i < 900; i++) {
      job = (await admin.get(api(`/managed/jobs/${jobId}`))).body;
      if (job!.status === 'succeeded' || job!.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(['succeeded', 'failed']).toContain(job!.status);
    if (job!.status === 'failed') expect(job!.log.map((l) => l.detail ?? '').join(' ')).toMatch(/restored/);
    else expect(job!.log.map((l) => l.message)).toContain('job.resumed');

    // The files on the server are the last applied version's, and the desired state renders to them.
    const rendered = (await admin.get(api('/cronjobs/files'))).body as { applied: boolean; files: { path: string; content: string }[] };
    expect(rendered.applied).toBe(true);
    const file = rendered.files.find((f) => f.path === '/etc/cron.d/portal')!;
    expect(fs.readFileSync(path.join(dataDir, 'servers', String(web), 'etc/cron.d/portal'), 'utf8')).toBe(file.content);
    expect(file.content.includes(command)).toBe(job!.status === 'succeeded');
  });
});
