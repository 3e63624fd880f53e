/**
 * Jest's global teardown: drops the run's template databases (each `<dir>/<hash>/database` names one) and
 * removes the template directory. Plain JavaScript (see jestGlobalSetup.js); `pg` is MikroORM's PostgreSQL driver.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export default async function globalTeardown() {
  const root = process.env.PORTAL_TEST_TEMPLATES;
  if (!root || !fs.existsSync(root)) return;
  const names = fs
    .readdirSync(root)
    .map((entry) => path.join(root, entry, 'database'))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file, 'utf8').trim());
  if (names.length && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
}
