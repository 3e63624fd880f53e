/**
 * The apply contract (issue 24 §2): the apply lock is per server and program, not per plugin — two plugins
 * writing snippets for the same nginx never validate or reload each other's half-written files — and a job
 * records its version only on top of the version it planned from (fencing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Server } from '../clusters/index.ts';
import { User } from '../accounts/index.ts';
import { createLogger, systemClock } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { LocalGateway, findTool, stopLocalPrograms } from './gateways/local.ts';
import { JobRunner, type ManagedPluginRef } from './jobs.ts';
import { testNginx } from './gateways/testProgram.testing.ts';
import { ManagedConfigVersion, ManagedJob } from './entities/index.ts';
import { jobFinished } from './jobFinished.testing.ts';

const hasNginx = !!(await findTool('nginx'));
let db: TestDatabase;
let runner: JobRunner;
let dir: string;
let serverId: number;
let userId: number;
const gateways = new Map<number, LocalGateway>();
const gateway = (id: number) => gateways.get(id) ?? gateways.set(id, new LocalGateway({ baseDir: dir, serverId: id, programs: [testNginx] })).get(id)!;

/** What snippet-a renders next: a directive nginx refuses, or a comment. */
let aBroken = false;
let bContent = '# snippet b\n';

const snippet = (id: string, file: () => string): ManagedPluginRef => ({
  id,
  // Each its own snippet of one nginx: the lock comes from the program of the descriptor, no `steps` needed.
  server: { handlers: () => ({}), programs: [{ ...testNginx, paths: [`/etc/nginx/conf.d/${id}.conf`] }], render: async () => [{ path: `/etc/nginx/conf.d/${id}.conf`, content: file() }] },
});
const plugins = new Map([
  ['snippet-a', snippet('snippet-a', () => (aBroken ? 'bogus_directive on;\n' : '# snippet a\n'))],
  ['snippet-b', snippet('snippet-b', () => bContent)],
  ['alone', { id: 'alone', server: { handlers: () => ({}), render: async () => [] } }],
]);

const finished = (jobId: number): Promise<ManagedJob> => jobFinished(db.orm, jobId);

async function reached(jobId: number, step: ManagedJob['step']): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const job = await db.orm.em.fork().findOneOrFail(ManagedJob, { id: jobId });
    if (job.log.some((l) => l.step === step)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${jobId} did not reach ${step}`);
}

const at = (job: ManagedJob, step: ManagedJob['step']) => Date.parse(job.log.find((l) => l.step === step)!.at);

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-applylock-'));
  const em = db.orm.em.fork();
  serverId = (await em.findOneOrFail(Server, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  userId = (await em.findOneOrFail(User, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  runner = new JobRunner({ orm: db.orm, clock: systemClock, logger: createLogger({ level: 'silent' }), gateway, plugin: (id) => plugins.get(id) });
  await runner.start();
});

afterAll(async () => {
  delete process.env.PORTAL_TEST_APPLY_PAUSE_MS;
  await runner?.stop();
  await stopLocalPrograms(dir, 'mine');
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('the apply lock is the server and the program: plugins writing for one nginx share it, other servers and plugins without a program do not', () => {
  expect(runner.applyLockKey(serverId, 'snippet-a')).toBe(runner.applyLockKey(serverId, 'snippet-b'));
  expect(runner.applyLockKey(serverId, 'snippet-a')).toBe(`${serverId}:program:nginx`);
  expect(runner.applyLockKey(serverId + 1, 'snippet-a')).not.toBe(runner.applyLockKey(serverId, 'snippet-a'));
  expect(runner.applyLockKey(serverId, 'alone')).toBe(`${serverId}:alone`);
});

(hasNginx ? it : it.skip)("two plugins applying to the same nginx at once: the second waits, so nginx never checks the first one's half-written file", async () => {
  // Each job pauses between writing its files and validating them: long enough for the other to write too, were they not serialised.
  process.env.PORTAL_TEST_APPLY_PAUSE_MS = '1500';
  aBroken = true;
  try {
    const a = await runner.apply('snippet-a', { serverId, userId }, { key: 'a:changes.applied' });
    const b = await runner.apply('snippet-b', { serverId, userId }, { key: 'b:changes.applied' });
    const [jobA, jobB] = [await finished(a.id), await finished(b.id)];
    expect(jobA.status).toBe('failed');
    expect(jobA.validation?.output).toContain('bogus_directive');
    // b never saw a's broken file: it validated and reloaded after a had restored its files.
    expect(jobB.status).toBe('succeeded');
    expect(jobB.validation).toMatchObject({ status: 'passed', tool: 'nginx' });
    expect(at(jobB, 'writing')).toBeGreaterThanOrEqual(at(jobA, 'done'));
    expect(await gateway(serverId).readFile('/etc/nginx/conf.d/snippet-a.conf')).toBeNull();
    expect(await gateway(serverId).readFile('/etc/nginx/conf.d/snippet-b.conf')).toBe('# snippet b\n');
  } finally {
    aBroken = false;
    delete process.env.PORTAL_TEST_APPLY_PAUSE_MS;
  }
}, 120_000);

(hasNginx ? it : it.skip)('fencing: a job whose planned-from version is no longer the last applied one records nothing and puts the newer version back', async () => {
  process.env.PORTAL_TEST_APPLY_PAUSE_MS = '1500';
  bContent = '# snippet b, second\n';
  try {
    const job = await runner.apply('snippet-b', { serverId, userId }, { key: 'b:changes.applied' });
    await reached(job.id, 'writing');
    // Meanwhile another job (this one presumed dead and retried elsewhere, say) recorded a newer version.
    const em = db.orm.em.fork();
    const last = await runner.lastApplied(em, 'snippet-b', serverId);
    const newer = { path: '/etc/nginx/conf.d/snippet-b.conf', content: '# snippet b, newer\n' };
    em.create(ManagedConfigVersion, { server: em.getReference(Server, serverId), pluginId: 'snippet-b', version: last!.version + 1, files: [newer], snapshot: null, service: 'nginx', changeId: 0, absentPaths: null, createdAt: new Date() });
    await em.flush();
    const done = await finished(job.id);
    expect(done.status).toBe('failed');
    expect(done.validation?.output).toBe('job.superseded');
    expect(done.log.at(-1)?.detail).toBe(`restored version ${last!.version + 1}`);
    expect((await runner.lastApplied(db.orm.em.fork(), 'snippet-b', serverId))?.version).toBe(last!.version + 1);
    expect(await gateway(serverId).readFile('/etc/nginx/conf.d/snippet-b.conf')).toBe('# snippet b, newer\n');
  } finally {
    bContent = '# snippet b\n';
    delete process.env.PORTAL_TEST_APPLY_PAUSE_MS;
  }
}, 120_000);
