import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Options } from '@mikro-orm/core';
import { coreEntities, coreMigrations } from '../entities.ts';
import { migrate, openDatabase, type MigrationClass, type Orm } from '../platform/index.ts';

export interface TestDatabase {
  orm: Orm;
  /** The connection string of the test's own database (PostgreSQL), or undefined (PGlite in memory). */
  url?: string;
  close(): Promise<void>;
}

/**
 * What every copy of a template holds besides the migrations: `fill` seeds a freshly migrated database and
 * its data directory (documents, sandboxes). Two calls with the same `key` must fill the same content —
 * the key names everything `fill` depends on (plugin set, migrations, whether fixtures are seeded).
 */
export interface DatabaseTemplate {
  key: string;
  fill(db: TestDatabase, dataDir: string): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Start from a copy of this template (filled once per test run and key) instead of migrating and filling here. */
  template?: DatabaseTemplate;
  /** The data directory the template's files are copied to (required with `template`). */
  dataDir?: string;
  /** The copy's database name on PostgreSQL (default: a random `portal_test_…`); an existing one is dropped first. */
  name?: string;
  /**
   * The PostgreSQL server's maintenance database, where test databases and templates are created (default:
   * `DATABASE_URL`; none: PGlite). A caller whose own `DATABASE_URL` names its copy passes the server's here.
   */
  serverUrl?: string;
}

/** The environment variable naming the test run's template directory (set by core/testing/jestGlobalSetup.js). */
export const templatesVariable = 'PORTAL_TEST_TEMPLATES';

type Entities = NonNullable<Options['entities']>;

/**
 * A fresh, migrated database of its own for one test file: a new PostgreSQL database when
 * `DATABASE_URL` is set (dropped on close), an in-memory PGlite otherwise.
 *
 * With a `template`, the database and data directory are copies of one filled once per test run and key:
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL, a dumped data directory (`dumpDataDir` → `loadDataDir`) on PGlite,
 * so a file pays for a copy instead of migrations and seeding. Every file still gets its own copy (tests write).
 * Outside a Jest run with the global setup (no template directory) the template is filled in place, as before.
 */
export async function createTestDatabase(
  extra: { entities?: Entities; migrations?: MigrationClass[] } = {},
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const entities = [...coreEntities, ...(extra.entities ?? [])];
  const migrations = [...coreMigrations, ...(extra.migrations ?? [])];
  const root = process.env[templatesVariable];
  const server = options.serverUrl ?? process.env.DATABASE_URL;
  if (options.template && root) {
    if (!options.dataDir) throw new Error('createTestDatabase: a template needs the dataDir to copy its files to');
    const template = await ensureTemplate(server, root, options.template, entities, migrations);
    fs.cpSync(path.join(template.dir, 'data'), options.dataDir, { recursive: true });
    return template.copy(options.name);
  }
  const db = await freshDatabase(server, entities, migrations);
  if (options.template) {
    if (!options.dataDir) throw new Error('createTestDatabase: a template needs the dataDir to fill');
    await options.template.fill(db, options.dataDir);
  }
  return db;
}

async function freshDatabase(server: string | undefined, entities: Entities, migrations: MigrationClass[], name = `portal_test_${randomBytes(6).toString('hex')}`): Promise<TestDatabase> {
  if (!server) {
    const orm = await openDatabase({ entities, migrations, pgliteDataDir: 'memory://' });
    await migrate(orm);
    return { orm, close: () => orm.close(true) };
  }
  await adminExecute(server, `create database "${name}"`);
  return openCopy(server, name, entities, migrations, true);
}

/** Runs statements on the server's maintenance connection (the server URL's own database). */
async function adminExecute(server: string, ...statements: (string | [sql: string, params: unknown[]])[]): Promise<void> {
  const admin = await openDatabase({ databaseUrl: server, entities: coreEntities, migrations: [] });
  try {
    for (const s of statements) {
      const [sql, params] = typeof s === 'string' ? [s, []] : s;
      await admin.em.getConnection().execute(sql, params);
    }
  } finally {
    await admin.close(true);
  }
}

async function openCopy(server: string, name: string, entities: Entities, migrations: MigrationClass[], runMigrations: boolean): Promise<TestDatabase> {
  const url = new URL(server);
  url.pathname = `/${name}`;
  const orm = await openDatabase({ databaseUrl: url.toString(), entities, migrations });
  if (runMigrations) await migrate(orm);
  return {
    orm,
    url: url.toString(),
    async close() {
      await orm.close(true);
      await adminExecute(server, `drop database if exists "${name}" with (force)`);
    },
  };
}

interface ReadyTemplate {
  dir: string;
  copy(name?: string): Promise<TestDatabase>;
}

/** Dumped PGlite templates of this process, read once per key. */
const pgliteDumps = new Map<string, Blob>();

/**
 * The template of `key` in this run's template directory, filled by the first worker that asks for it
 * (the others wait on a lock directory): `<root>/<hash>/data` (its data directory), `<hash>/ready` (JSON: the
 * PostgreSQL template database or the PGlite dump file) and `<hash>/database` (the template database's name,
 * written before it is created, so the global teardown drops a half-built one too).
 */
async function ensureTemplate(server: string | undefined, root: string, template: DatabaseTemplate, entities: Entities, migrations: MigrationClass[]): Promise<ReadyTemplate> {
  const postgres = !!server;
  const hash = createHash('sha256').update(`${postgres ? 'pg' : 'pglite'}\n${template.key}`).digest('hex').slice(0, 16);
  const dir = path.join(root, hash);
  const readyFile = path.join(dir, 'ready');
  const lock = `${dir}.lock`;
  while (!fs.existsSync(readyFile)) {
    try {
      fs.mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // Another worker fills it; a lock older than ten minutes belongs to a worker that died.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 600_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (!fs.existsSync(readyFile)) await fillTemplate(server, dir, path.basename(root), hash, template, entities, migrations);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  const ready = JSON.parse(fs.readFileSync(readyFile, 'utf8')) as { database?: string; dump?: string };
  return {
    dir,
    async copy(wanted?: string) {
      if (ready.database && server) {
        const name = wanted ?? `portal_test_${randomBytes(6).toString('hex')}`;
        await adminExecute(server, ...(wanted ? [`drop database if exists "${name}" with (force)`] : []), `create database "${name}" template "${ready.database}"`);
        return openCopy(server, name, entities, migrations, false);
      }
      let dump = pgliteDumps.get(hash);
      if (!dump) {
        const bytes = fs.readFileSync(path.join(dir, ready.dump!));
        // What PGlite reads of a Blob (`arrayBuffer`, `type`): a real Blob made in a Jest test's context fails
        // PGlite's `arrayBuffer()` call with "Illegal invocation" (another realm's Blob).
        dump = { type: 'application/x-tar', size: bytes.length, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) } as unknown as Blob;
        pgliteDumps.set(hash, dump);
      }
      const orm = await openDatabase({ entities, migrations, pgliteDataDir: 'memory://', pgliteLoadDataDir: dump });
      return { orm, close: () => orm.close(true) };
    },
  };
}

async function fillTemplate(server: string | undefined, dir: string, run: string, hash: string, template: DatabaseTemplate, entities: Entities, migrations: MigrationClass[]): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  if (server) {
    const database = `portal_tpl_${run.replace(/[^a-z0-9]/gi, '').slice(-12)}_${hash}`.toLowerCase();
    fs.writeFileSync(path.join(dir, 'database'), database);
    await adminExecute(server, `drop database if exists "${database}" with (force)`);
    const db = await freshDatabase(server, entities, migrations, database);
    try {
      await template.fill(db, dataDir);
    } finally {
      await db.orm.close(true);
    }
    // A template must have no sessions while it is copied; nobody connects to it again.
    await adminExecute(server, `alter database "${database}" with allow_connections false`, [
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()',
      [database],
    ]);
    fs.writeFileSync(path.join(dir, 'ready'), JSON.stringify({ database }));
    return;
  }
  const db = await freshDatabase(undefined, entities, migrations);
  try {
    await template.fill(db, dataDir);
    const native = (await (db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<{ dumpDataDir(c: 'none'): Promise<Blob> }> }).getNativeClient());
    const dump = await native.dumpDataDir('none');
    fs.writeFileSync(path.join(dir, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  fs.writeFileSync(path.join(dir, 'ready'), JSON.stringify({ dump: 'pgdata.tar' }));
}
