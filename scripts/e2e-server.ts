/**
 * The portal for the end-to-end tests: a fresh database (a new PostgreSQL database `portal_e2e_<port>` when
 * DATABASE_URL is set, a fresh PGlite directory otherwise), migrated and seeded, served on E2E_PORT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { coreEntities } from '@portal/core/entities';
import { stopLocalPrograms } from '@portal/core/managed';
import { openDatabase } from '@portal/core/platform';

const port = process.env.E2E_PORT ?? '3100';
// One database per port, so several e2e runs can share a machine.
const dbName = `portal_e2e_${port}`;
// JOB_POLL_SECONDS: a portal's job workers are woken by the jobs it queues itself, so slow polling only saves
// CPU. JOB_POOL_MAX: each portal's job queue keeps its pool's connections open while polling; when all ~30
// portals of a run were started at once, 30 × 4 exceeded PostgreSQL's default max_connections (100). Now only
// the running spec files' portals exist (one per Playwright worker), and one connection is still all they need.
const env: Record<string, string> = { PORT: port, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', NODE_ENV: 'test', JOB_POLL_SECONDS: process.env.JOB_POLL_SECONDS ?? '5', JOB_POOL_MAX: '1' };

const templates = process.env.PORTAL_TEST_TEMPLATES;
// The server's maintenance database: where template and copies are created (`serverUrl` of createTestDatabase;
// this process's DATABASE_URL names its own copy from here on).
const serverUrl = process.env.DATABASE_URL;
if (process.env.DATABASE_URL && !templates) {
  const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL, entities: coreEntities, migrations: [] });
  await admin.em.getConnection().execute(`drop database if exists "${dbName}" with (force)`);
  await admin.em.getConnection().execute(`create database "${dbName}"`);
  await admin.close(true);
}
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
}
// Mail files, server sandboxes, the test clock's offset (and the PGlite database) per port too, so a test reads
// the messages of its own run; emptied at every start, as the database is: a retry's portal must not find the
// previous attempt's nginx configuration or access log on its servers.
env.DATA_DIR = path.resolve(`data/e2e-${port}`);
// A previous portal on this port that was killed left its private nginx running: stop it while its pid file is still there.
await stopLocalPrograms(path.join(env.DATA_DIR, 'servers'), 'orphaned');
fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
Object.assign(process.env, env);

const { startServer } = await import('../bff/src/server.ts');
// E2E_SPA_DIR: a private build of the SPA (`vite build --outDir …`), so another build of frontend/dist
// on the same machine cannot pull the pages from under a running test.
// The e2e test clock: the system time plus an offset (ms) a spec writes to DATA_DIR/clock-offset-ms
// (frontend/e2e/testClock.ts), so a test can let days pass on the server (domain terminations, expiry).
const clockFile = path.join(env.DATA_DIR, 'clock-offset-ms');
const clock = {
  now: () => {
    let offset = 0;
    try {
      offset = Number(fs.readFileSync(clockFile, 'utf8')) || 0;
    } catch {
      // no offset written: the system time
    }
    return new Date(Date.now() + offset);
  },
};
const app = process.env.E2E_SPA_DIR ? { spaDir: process.env.E2E_SPA_DIR } : undefined;
let running: Awaited<ReturnType<typeof startServer>>;
if (process.env.DATABASE_URL && templates) {
  // Under the Playwright run (its global setup names a template directory, core/testing): the database is a
  // copy (`CREATE DATABASE … TEMPLATE`) of one migrated and seeded once per run, instead of migrating and seeding
  // the demo data and the plugins' fixtures for every spec file; fixtures that follow the clock are seeded per portal.
  const [{ createTestDatabase }, { demoTemplate, fixturesFollowingClock }, { loadPlugins }, { pluginRegistry }, { loadConfig }] = await Promise.all([
    import('@portal/core/testing'),
    import('../bff/src/testing/demoTemplate.ts'),
    import('../bff/src/managed/plugins.ts'),
    import('../bff/src/generated/plugins.ts'),
    import('@portal/core/platform'),
  ]);
  // The seeded staff member's two-factor secret is sealed once, in the template, with the environment's key
  // (core/seed/impersonationsDemo.ts): every portal of the run opens it with the same key instead of a key file
  // of its own data directory (which the first portal's seed wrote elsewhere). A test-only key.
  process.env.TWO_FACTOR_KEY ??= `e2e-two-factor-key:${templates}`;
  const plugins = await loadPlugins(pluginRegistry);
  const demo = process.env.DEMO === '1';
  const db = await createTestDatabase(
    { entities: plugins.entities as NonNullable<Parameters<typeof createTestDatabase>[0]>['entities'], migrations: plugins.migrations },
    {
      name: dbName,
      dataDir: env.DATA_DIR,
      template: demoTemplate(plugins, { demo }),
      serverUrl,
    },
  );
  running = await startServer({ config: loadConfig(), orm: db.orm, plugins, seed: false, clock, app });
  await running.managed.seedFixtures(db.orm.em.fork(), fixturesFollowingClock);
} else {
  running = await startServer({ seed: true, clock, app });
}
console.log(`e2e portal at ${running.url}/a/`);
const stop = async () => {
  await running.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
