/**
 * The apply contract (issue 24 §2), drift: a file someone changed on the server since the last apply stops
 * the next job before it writes anything, with the diff; the user overwrites (exactly the edit shown) or
 * keeps the server's version as the applied one. Never overwritten silently. Real `local` gateway sandbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Server } from '../clusters/index.ts';
import { User } from '../accounts/index.ts';
import { createLogger, systemClock } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { LocalGateway } from './gateways/local.ts';
import { JobRunner, type ManagedPluginRef } from './jobs.ts';
import { ManagedChange, type ManagedJob } from './entities/index.ts';
import { jobFinished } from './jobFinished.testing.ts';

let db: TestDatabase;
let runner: JobRunner;
let dir: string;
let serverId: number;
let userId: number;
let content = 'listen 80;\n';
const drifts: number[] = [];

const plugin: ManagedPluginRef = {
  id: 'drifty',
  server: {
    handlers: () => ({}),
    steps: { validate: async () => ({ status: 'passed', output: 'ok' }), reload: async () => ({ status: 'passed', output: 'ok' }) },
    render: async () => [{ path: '/etc/drifty.conf', content }],
    // The desired state is `content` (so the plugin can be rolled back).
    snapshot: async () => content,
    restore: async (_c, s) => {
      content = typeof s === 'string' ? s : 'listen 80;\n';
    },
  },
};

const onServer = () => path.join(dir, String(serverId), 'etc/drifty.conf');
const finished = (jobId: number): Promise<ManagedJob> => jobFinished(db.orm, jobId);
const apply = async () => finished((await runner.apply(plugin.id, { serverId, userId }, { key: 'drifty:changes.applied' })).id);
const change = async (id: number) => db.orm.em.fork().findOneOrFail(ManagedChange, { id });

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-drift-'));
  const em = db.orm.em.fork();
  serverId = (await em.findOneOrFail(Server, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  userId = (await em.findOneOrFail(User, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  const gw = new LocalGateway({ baseDir: dir, serverId });
  runner = new JobRunner({
    orm: db.orm,
    clock: systemClock,
    logger: createLogger({ level: 'silent' }),
    gateway: () => gw,
    plugin: (id) => (id === plugin.id ? plugin : undefined),
    onDrift: (job) => void drifts.push(job.id),
  });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('a file edited on the server stops the next apply before writing, with the diff; overwrite replaces exactly that edit', async () => {
  expect((await apply()).status).toBe('succeeded');
  fs.writeFileSync(onServer(), 'listen 8080;\n');

  content = 'listen 81;\n';
  const stopped = await apply();
  expect(stopped.status).toBe('failed');
  expect(stopped.validation?.output).toBe('job.drift');
  expect(stopped.drift?.version).toBe(1);
  expect(stopped.drift?.files).toHaveLength(1);
  expect(stopped.drift?.files[0]!.path).toBe('/etc/drifty.conf');
  expect(stopped.drift?.files[0]!.diff).toContain('-listen 80;');
  expect(stopped.drift?.files[0]!.diff).toContain('+listen 8080;');
  expect(drifts).toEqual([stopped.id]);
  // Nothing written, the change kept (not failed, not restored).
  expect(fs.readFileSync(onServer(), 'utf8')).toBe('listen 8080;\n');
  expect((await change(stopped.changeId!)).status).toBe('pending');
  expect(stopped.log.map((l) => l.step)).not.toContain('writing');

  // Another apply without the user's choice stops again: never overwritten silently.
  const again = await apply();
  expect(again.validation?.output).toBe('job.drift');

  const overwrite = await finished((await runner.overwriteDrift(plugin, serverId, userId, again.id)).id);
  expect(overwrite.status).toBe('succeeded');
  expect(fs.readFileSync(onServer(), 'utf8')).toBe('listen 81;\n');
  expect((await change(stopped.changeId!)).status).toBe('applied');
  expect((await change(overwrite.changeId!)).summary).toEqual({ key: 'managed:changes.driftOverwritten', values: { files: 1 } });
  // The drift was resolved: the old job cannot be used again.
  await expect(runner.overwriteDrift(plugin, serverId, userId, again.id)).rejects.toMatchObject({ message: 'errors.managed_drift_outdated' });
});

it('overwrite skips only the edit it was shown: a further edit stops the job again', async () => {
  fs.writeFileSync(onServer(), 'edit one\n');
  content = 'listen 82;\n';
  const stopped = await apply();
  expect(stopped.validation?.output).toBe('job.drift');
  fs.writeFileSync(onServer(), 'edit two\n');
  const overwrite = await finished((await runner.overwriteDrift(plugin, serverId, userId, stopped.id)).id);
  expect(overwrite.validation?.output).toBe('job.drift');
  expect(overwrite.drift?.files[0]!.diff).toContain('+edit two');
  expect(fs.readFileSync(onServer(), 'utf8')).toBe('edit two\n');
  expect((await finished((await runner.overwriteDrift(plugin, serverId, userId, overwrite.id)).id)).status).toBe('succeeded');
  expect(fs.readFileSync(onServer(), 'utf8')).toBe('listen 82;\n');
});

it('a removed file is drift too; "keep the server version" records it as applied and writes nothing', async () => {
  fs.rmSync(onServer());
  content = 'listen 83;\n';
  const stopped = await apply();
  expect(stopped.validation?.output).toBe('job.drift');
  expect(stopped.drift?.files[0]).toMatchObject({ path: '/etc/drifty.conf', found: null });

  // The file came back with other content since the user looked: keeping is refused.
  fs.writeFileSync(onServer(), 'hand made\n');
  await expect(runner.keepServerVersion(plugin, serverId, userId, stopped.id)).rejects.toMatchObject({ message: 'errors.managed_drift_changed' });
  fs.rmSync(onServer());

  const before = await runner.lastApplied(db.orm.em.fork(), plugin.id, serverId);
  const kept = await runner.keepServerVersion(plugin, serverId, userId, stopped.id);
  expect(kept.status).toBe('applied');
  expect(kept.summary.key).toBe('managed:changes.driftKept');
  const now = await runner.lastApplied(db.orm.em.fork(), plugin.id, serverId);
  expect(now!.version).toBe(before!.version + 1);
  expect(now!.files).toEqual([]);
  expect(fs.existsSync(onServer())).toBe(false);
  // The desired state stays in conflict with the server: its change is still pending, and the next apply
  // (no drift now: the server matches the kept version) writes it.
  expect((await change(stopped.changeId!)).status).toBe('pending');
  const next = await finished((await runner.retry(plugin, serverId, userId)).id);
  expect(next.status).toBe('succeeded');
  expect(fs.readFileSync(onServer(), 'utf8')).toBe('listen 83;\n');
});

it('a rollback that finds drift stops too; overwriting it completes the rollback', async () => {
  content = 'listen 84;\n';
  expect((await apply()).status).toBe('succeeded');
  const undone = (await db.orm.em.fork().findOneOrFail(ManagedChange, { pluginId: plugin.id, status: 'applied' }, { orderBy: { id: 'desc' } })).id;
  fs.writeFileSync(onServer(), 'edited before the undo\n');
  const stopped = await finished((await runner.rollBack(plugin, serverId, userId)).id);
  expect(stopped).toMatchObject({ kind: 'rollback', status: 'failed', validation: { output: 'job.drift' } });
  expect(fs.readFileSync(onServer(), 'utf8')).toBe('edited before the undo\n');
  const overwrite = await finished((await runner.overwriteDrift(plugin, serverId, userId, stopped.id)).id);
  expect(overwrite).toMatchObject({ kind: 'rollback', status: 'succeeded' });
  expect(fs.readFileSync(onServer(), 'utf8')).toBe('listen 83;\n');
  expect((await change(undone)).status).toBe('rolled_back');
});
