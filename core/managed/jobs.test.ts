/**
 * The job runner on its own, over a real database and queue: a database error inside a job ends it
 * failed with a translated message key — never the raw SQL — and the server keeps its files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Server } from '../clusters/index.ts';
import { User } from '../accounts/index.ts';
import { createLogger, systemClock } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { LocalGateway } from './gateways/local.ts';
import { JobRunner } from './jobs.ts';
import { entityManagerOf } from './database.ts';
import { ManagedChange, ManagedJob } from './entities/index.ts';

let db: TestDatabase;
let runner: JobRunner;
let dir: string;

const translations = (lang: string) => JSON.parse(fs.readFileSync(new URL(`../../frontend/src/i18n/locales/${lang}/managed.json`, import.meta.url), 'utf8'));

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-jobs-'));
  runner = new JobRunner({
    orm: db.orm,
    clock: systemClock,
    logger: createLogger({ level: 'silent' }),
    gateway: (serverId) => new LocalGateway({ baseDir: dir, serverId }),
    plugin: (id) => ({
      id,
      server: {
        handlers: () => ({}),
        // A query the database refuses, as a plugin bug or a broken table would cause.
        render: async ({ em }) => {
          await (entityManagerOf(em) as SqlEntityManager).execute('select * from "no_such_table_of_the_plugin"');
          return [];
        },
      },
    }),
  });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('a database error inside a job ends it failed with a translated message, never the raw SQL', async () => {
  const em = db.orm.em.fork();
  const server = await em.findOneOrFail(Server, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } });
  const user = await em.findOneOrFail(User, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } });
  const queued = await runner.apply('broken', { serverId: server.id, userId: user.id }, { key: 'broken:changes.applied' });
  let job = queued;
  for (let i = 0; i < 600 && job.status !== 'failed' && job.status !== 'succeeded'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    job = await db.orm.em.fork().findOneOrFail(ManagedJob, { id: queued.id });
  }
  expect(job.status).toBe('failed');
  expect(job.validation?.output).toBe('job.error.database');
  const text = JSON.stringify(job.log) + JSON.stringify(job.validation);
  expect(text).not.toMatch(/no_such_table|select|relation/i);
  const change = await db.orm.em.fork().findOneOrFail(ManagedChange, { id: job.changeId! });
  expect(change.status).toBe('failed');
  for (const lang of ['de', 'en']) expect(typeof translations(lang).job.error.database).toBe('string');
});
