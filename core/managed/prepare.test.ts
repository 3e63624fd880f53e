/**
 * A plugin's `prepare` runs before the job's transaction (gateway work), but the job applies the changes
 * pending when it holds the lock: a change stored while `prepare` ran must not be rendered with the stale
 * result. The plan prepares again when it finds a change `prepare` did not see, and after a few attempts
 * leaves such a change to its own job.
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
const gateways = new Map<number, LocalGateway>();
const gateway = (id: number) => gateways.get(id) ?? gateways.set(id, new LocalGateway({ baseDir: dir, serverId: id })).get(id)!;

/** The desired state (a value, as a plugin's tables would hold it) and what each `prepare` looked up for it. */
let desired = 'a';
const prepares: string[] = [];
/** Runs inside `prepare` after it looked: the test stores a change there. */
let duringPrepare: (() => Promise<void>) | null = null;
const FILE = '/etc/prep/state.conf';

const plugin: ManagedPluginRef = {
  id: 'prep',
  server: {
    handlers: () => ({}),
    prepare: async () => {
      const seen = desired;
      prepares.push(seen);
      await duringPrepare?.();
      return seen;
    },
    render: async ({ prepared }) => [{ path: FILE, content: `prepared for ${String(prepared)}, desired ${desired}\n` }],
  },
};

const store = (value: string): Promise<ManagedJob> =>
  runner.store('prep', { serverId, userId }, async () => {
    desired = value;
    return { key: 'prep:changes.applied' };
  });

const changeOf = async (job: ManagedJob) => db.orm.em.fork().findOneOrFail(ManagedChange, { id: job.changeId! });

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prepare-'));
  const em = db.orm.em.fork();
  serverId = (await em.findOneOrFail(Server, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  userId = (await em.findOneOrFail(User, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })).id;
  runner = new JobRunner({ orm: db.orm, clock: systemClock, logger: createLogger({ level: 'silent' }), gateway, plugin: (id) => (id === 'prep' ? plugin : undefined) });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  prepares.length = 0;
  duringPrepare = null;
});

it('a change stored while prepare runs: the job prepares again and applies both with what prepare found for the newer state', async () => {
  let second: Promise<ManagedJob> | null = null;
  duringPrepare = async () => {
    if (!second) second = store('b');
    await second;
  };
  const first = await store('a');
  const [a, b] = [await jobFinished(db.orm, first.id), await jobFinished(db.orm, (await second!).id)];
  expect(a.status).toBe('succeeded');
  expect(prepares).toEqual(['a', 'b']);
  expect(await gateway(serverId).readFile(FILE)).toBe('prepared for b, desired b\n');
  // The newer change went with the first job, prepared for it.
  expect(b.status).toBe('succeeded');
  expect(b.log.at(-1)).toMatchObject({ message: 'job.appliedWith', detail: `job ${a.id}` });
  const [ca, cb] = [await changeOf(a), await changeOf(b)];
  expect(cb.version).toBe(ca.version);
}, 60_000);

it('changes keep arriving while prepare runs: after three attempts the job applies those it saw, the newest is applied by its own job, prepared for it', async () => {
  const later: Promise<ManagedJob>[] = [];
  duringPrepare = async () => {
    if (later.length < 3) {
      const next = store(['c', 'd', 'e'][later.length]!);
      later.push(next);
      await next;
    }
  };
  const first = await store('b2');
  const jobs = [await jobFinished(db.orm, first.id)];
  for (const j of later) jobs.push(await jobFinished(db.orm, (await j).id));
  const [a, c, d, e] = jobs as [ManagedJob, ManagedJob, ManagedJob, ManagedJob];
  expect([a, c, d, e].map((j) => j.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
  // The first job prepared three times (for b2, c, d); the last change, e, arrived during its third prepare.
  expect(prepares).toEqual(['b2', 'c', 'd', 'e']);
  expect(c.log.at(-1)).toMatchObject({ message: 'job.appliedWith', detail: `job ${a.id}` });
  expect(d.log.at(-1)).toMatchObject({ message: 'job.appliedWith', detail: `job ${a.id}` });
  expect(e.log.at(-1)).toMatchObject({ message: 'job.applied' });
  const [ca, ce] = [await changeOf(a), await changeOf(e)];
  expect(ce.version).toBe(ca.version! + 1);
  // What the server runs now was rendered with what prepare found for it.
  expect(await gateway(serverId).readFile(FILE)).toBe('prepared for e, desired e\n');
}, 60_000);
