/**
 * Database plans: the server's MariaDB (the `mysql` module's instance) reached through its socket, a declared read
 * of the program descriptor — never a file of the mysql module owned here. The portal logs in as the instance's
 * `unix_socket` administrator (the gateway's OS user, as the mysql module does): no password exists, none is
 * passed or logged. Dumps are made by the real `mariadb-dump` and loaded by the real `mariadb` client through
 * `gateway.run` (no shell; the dump is never held by the portal); counts, copies and the swap go through the
 * `mariadb` connector, identifiers through its `escapeId` (names are a plan's database — checked against the
 * server's list — plus a suffix the portal made).
 */
import mariadb, { type Connection } from 'mariadb';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';

export const socketPath = '/run/mysqld/mysqld.sock';
export const dumpsPath = '/var/backups/portal/dumps';
/** The dump and the list of its tables, as they lie in a database plan's dump directory (and its snapshots). */
export const dumpFile = 'database.sql';
export const manifestFile = 'tables.json';
/** Schemas no plan dumps, and the names of copies restores and restore tests make. */
const system = ['mysql', 'information_schema', 'performance_schema', 'sys'];
const copies = /_(restore|before)_\d{14}$|^backups_scratch_\d+$/;
/** The longest database name that leaves room for `_restore_<yyyymmddhhmmss>` within MariaDB's 64 characters. */
export const maxDatabaseName = 64 - '_restore_20261129100000'.length;
const timeoutMs = 30 * 60_000;

export const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

export interface Manifest {
  database: string;
  tables: { name: string; rows: number }[];
}
export type TableCount = { name: string; liveRows: number | null; copyRows: number | null };

/** A connection as the instance's administrator over its socket (`gateway.reach`: the sandbox's, or forwarded over ssh). */
export async function connect(gw: ServerGateway, timeout = 5000): Promise<Connection> {
  return mariadb.createConnection({
    ...(await gw.reach({ socket: socketPath })),
    user: await gw.user(),
    connectTimeout: timeout,
    bigIntAsNumber: true,
  });
}

export async function withConnection<T>(gw: ServerGateway, work: (conn: Connection) => Promise<T>): Promise<T> {
  const conn = await connect(gw);
  try {
    return await work(conn);
  } finally {
    await conn.end().catch(() => undefined);
  }
}

/** The databases a plan can dump; `running: false` when the instance does not answer. */
export async function listDatabases(gw: ServerGateway): Promise<{ running: boolean; data: string[] }> {
  let conn: Connection;
  try {
    conn = await connect(gw, 2000);
  } catch {
    return { running: false, data: [] };
  }
  try {
    const rows = (await conn.query('SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME')) as {
      name: string;
    }[];
    return {
      running: true,
      data: rows
        .map((r) => r.name)
        .filter((n) => !system.includes(n) && !copies.test(n))
        .slice(0, 500),
    };
  } finally {
    await conn.end().catch(() => undefined);
  }
}

const baseTables = async (conn: Connection, db: string): Promise<string[]> =>
  (
    (await conn.query(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
      [db],
    )) as { name: string }[]
  ).map((r) => r.name);

/** Rows (`COUNT(*)`) per base table of a database. */
export async function rowCounts(conn: Connection, db: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const t of await baseTables(conn, db)) {
    const [{ n }] = (await conn.query(`SELECT COUNT(*) AS n FROM ${conn.escapeId(db)}.${conn.escapeId(t)}`)) as [{ n: number }];
    out.set(t, Number(n));
  }
  return out;
}

/** Every table of the live database or the copy with its rows in both (`null`: not there). */
export async function compareCounts(conn: Connection, live: string, copy: string): Promise<TableCount[]> {
  const [a, b] = [await rowCounts(conn, live), await rowCounts(conn, copy)];
  return [...new Set([...a.keys(), ...b.keys()])]
    .sort()
    .map((name) => ({ name, liveRows: a.get(name) ?? null, copyRows: b.get(name) ?? null }));
}

const clientArgs = async (gw: ServerGateway) => ['--socket', { path: socketPath }, `--user=${await gw.user()}`];

async function run(gw: ServerGateway, tool: string, args: (string | { path: string })[]) {
  const r = await gw.run({ tool, args, timeoutMs });
  if (r.exitCode !== 0) throw new Error(`${tool}: ${(r.stderr || r.stdout || `exit ${r.exitCode}`).trim().slice(-2000)}`);
}

/**
 * Dumps a database into `dir`: first the list of its tables with their rows (`tables.json`, what the restore test
 * checks against), then `mariadb-dump --single-transaction --routines --triggers` (a consistent InnoDB snapshot
 * without locking the shop; no `CREATE DATABASE`, so the dump loads into any database).
 */
export async function dumpDatabase(gw: ServerGateway, db: string, dir: string): Promise<Manifest> {
  const manifest = await withConnection(gw, async (conn) => {
    if (!(await conn.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [db])).length)
      throw new Error(`database ${db} does not exist on the server`);
    return { database: db, tables: [...(await rowCounts(conn, db))].map(([name, rows]) => ({ name, rows })) };
  });
  await gw.writeFile({ path: `${dir}/${manifestFile}`, content: `${JSON.stringify(manifest)}\n`, mode: 0o600 });
  await run(gw, 'mariadb-dump', [
    ...(await clientArgs(gw)),
    '--single-transaction',
    '--routines',
    '--triggers',
    '--skip-comments',
    '--hex-blob',
    '-r',
    { path: `${dir}/${dumpFile}` },
    db,
  ]);
  return manifest;
}

/** Creates `target` with the character set and collation of `like` (utf8mb4 when `like` is gone) and loads a dump into it. */
export async function loadInto(gw: ServerGateway, dump: string, target: string, like: string): Promise<void> {
  await withConnection(gw, async (conn) => {
    const [schema] = (await conn.query(
      'SELECT DEFAULT_CHARACTER_SET_NAME AS cs, DEFAULT_COLLATION_NAME AS co FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [like],
    )) as {
      cs: string;
      co: string;
    }[];
    await conn.query(`CREATE DATABASE ${conn.escapeId(target)} CHARACTER SET ? COLLATE ?`, [
      schema?.cs ?? 'utf8mb4',
      schema?.co ?? 'utf8mb4_unicode_ci',
    ]);
  });
  try {
    // The client reads the file itself (`source`): the portal never holds the dump.
    await run(gw, 'mariadb', [...(await clientArgs(gw)), '--batch', target, '-e', `source ${gw.hostPath(dump)}`]);
  } catch (e) {
    await dropDatabase(gw, target);
    throw e;
  }
}

export async function dropDatabase(gw: ServerGateway, name: string): Promise<void> {
  await withConnection(gw, (conn) => conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(name)}`));
}

/** The number of base tables of a database. */
export const tableCount = (gw: ServerGateway, db: string) => withConnection(gw, async (conn) => (await baseTables(conn, db)).length);

/**
 * The promote: one `RENAME TABLE` moves every live table into `before` and every table of `copy` into the database —
 * atomic in MariaDB (all or none; applications see the old or the restored tables, never a mix); a failure drops
 * the empty `before` and changes nothing. Then `copy` (empty) and `before` are dropped: the previous tables are in
 * the safety dump taken just before. Grants on `db.*` stay (they name the database, not the tables).
 */
export async function swapIn(gw: ServerGateway, db: string, copy: string, before: string): Promise<void> {
  await withConnection(gw, async (conn) => {
    const [live, copied] = [await baseTables(conn, db), await baseTables(conn, copy)];
    if (!(await conn.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [db])).length)
      await conn.query(`CREATE DATABASE ${conn.escapeId(db)}`);
    await conn.query(`CREATE DATABASE ${conn.escapeId(before)}`);
    const id = (d: string, t: string) => `${conn.escapeId(d)}.${conn.escapeId(t)}`;
    const moves = [...live.map((t) => `${id(db, t)} TO ${id(before, t)}`), ...copied.map((t) => `${id(copy, t)} TO ${id(db, t)}`)];
    try {
      if (moves.length) await conn.query(`RENAME TABLE ${moves.join(', ')}`);
    } catch (e) {
      await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(before)}`);
      throw e;
    }
    await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(copy)}`);
    await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(before)}`);
  });
}
