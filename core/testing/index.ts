import { randomBytes } from 'node:crypto';
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
 * A fresh, migrated database of its own for one test file: a new PostgreSQL database when
 * `DATABASE_URL` is set (dropped on close), an in-memory PGlite otherwise.
 */
export async function createTestDatabase(
  extra: { entities?: NonNullable<Options['entities']>; migrations?: MigrationClass[] } = {},
): Promise<TestDatabase> {
  const entities = [...coreEntities, ...(extra.entities ?? [])];
  const migrations = [...coreMigrations, ...(extra.migrations ?? [])];
  const base = process.env.DATABASE_URL;
  if (!base) {
    const orm = await openDatabase({ entities, migrations, pgliteDataDir: 'memory://' });
    await migrate(orm);
    return { orm, close: () => orm.close(true) };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: base, entities, migrations: [] });
  await admin.em.getConnection().execute(`create database "${name}"`);
  await admin.close(true);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const orm = await openDatabase({ databaseUrl: url.toString(), entities, migrations });
  await migrate(orm);
  return {
    orm,
    url: url.toString(),
    async close() {
      await orm.close(true);
      const cleanup = await openDatabase({ databaseUrl: base, entities, migrations: [] });
      await cleanup.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
      await cleanup.close(true);
    },
  };
}
