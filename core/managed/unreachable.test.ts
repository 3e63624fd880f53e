/**
 * The apply contract (issue 24 §2): a server that cannot be reached is not a refused configuration. The
 * job ends with `job.unreachable`, the change stays pending with the desired state as it was stored, and a
 * retry applies it; a configuration the server refuses still fails the change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigFile } from '@portal/plugin-sdk/gateway';
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
/** While set, the server cannot be reached (every file write throws, as the ssh gateway does). */
let offline = false;
/** What the plugin renders next, and whether its check refuses it. */
let content = 'first\n';
let refused = false;

class FlakyGateway extends LocalGateway {
  override async writeFile(file: ConfigFile): Promise<void> {
    // What the SDK's `ServerUnreachable` is (core uses the SDK for types only; the runner goes by the name).
    if (offline) throw Object.assign(new Error('connect ECONNREFUSED 192.0.2.10:22'), { name: 'ServerUnreachable' });
    return super.writeFile(file);
  }
}

const plugin: ManagedPluginRef = {
  id: 'flaky',
  server: {
    handlers: () => ({}),
    steps: { validate: async () => (refused ? { status: 'failed', output: 'refused by the check' } : { status: 'passed', output: 'ok' }), reload: async () => ({ status: 'passed', output: 'ok' }) },
    render: async () => [{ path: '/etc/flaky.conf', content }],
  },
};

const finished = (jobId: number): Promise<ManagedJob> => jobFinished(db.orm, jobId);
const change = async (id: number) => db.orm.em.fork().findOneOrFail(ManagedChange, { id });

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-unreachable-'));
  const em = db.orm.em.fork();
  serverId = (await em.findOneOrFail(Server, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  userId = (await em.findOneOrFail(User, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  const gw = new FlakyGateway({ baseDir: dir, serverId });
  runner = new JobRunner({ orm: db.orm, clock: systemClock, logger: createLogger({ level: 'silent' }), gateway: () => gw, plugin: (id) => (id === plugin.id ? plugin : undefined) });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('an unreachable server keeps the change pending (not failed, not restored); a retry applies it', async () => {
  offline = true;
  const queued = await runner.apply(plugin.id, { serverId, userId }, { key: 'flaky:changes.applied' });
  const job = await finished(queued.id);
  expect(job.status).toBe('failed');
  expect(job.validation?.output).toBe('job.unreachable');
  expect(job.log.map((l) => l.step)).not.toContain('restoring');
  expect((await change(job.changeId!)).status).toBe('pending');
  expect(await runner.lastApplied(db.orm.em.fork(), plugin.id, serverId)).toBeNull();

  offline = false;
  const retried = await finished((await runner.retry(plugin, serverId, userId)).id);
  expect(retried.status).toBe('succeeded');
  expect((await change(job.changeId!)).status).toBe('applied');
  expect((await change(retried.changeId!)).summary).toEqual({ key: 'managed:changes.retried', values: { changes: 1 } });
  expect(fs.readFileSync(path.join(dir, String(serverId), 'etc/flaky.conf'), 'utf8')).toBe('first\n');
  await expect(runner.retry(plugin, serverId, userId)).rejects.toMatchObject({ message: 'errors.managed_nothing_pending' });
});

it('a configuration the server refuses still fails the change and restores the last applied version', async () => {
  refused = true;
  content = 'second\n';
  try {
    const job = await finished((await runner.apply(plugin.id, { serverId, userId }, { key: 'flaky:changes.applied' })).id);
    expect(job.status).toBe('failed');
    expect(job.validation?.output).toBe('refused by the check');
    expect((await change(job.changeId!)).status).toBe('failed');
    expect(fs.readFileSync(path.join(dir, String(serverId), 'etc/flaky.conf'), 'utf8')).toBe('first\n');
  } finally {
    refused = false;
  }
});
