/**
 * Restore one database as a copy, compare, then promote or discard (issue 26). A restore runs in the background of
 * the portal that accepted it (`ports.background`), its step and progress in its row (the panel polls it):
 *
 * 1. dump — `mariadb-dump --single-transaction` of the database into `/var/lib/portal-mysql/dumps/` (the backups
 *    module has no database dumps yet; when it has, its dump is the input instead);
 * 2. restore — the dump into a new database `<db>_restore_<time>` (same character set and collation) with the
 *    `mariadb` client (`source`);
 * 3. compare — per table of either database: rows (`COUNT(*)`) and `CHECKSUM TABLE`, now and in the copy;
 * then **promote** — one `RENAME TABLE` moves the current tables into `<db>_before_<time>` and the copy's into the
 * database, atomically (the empty copy is dropped) — or **discard** (the copy, or after a promote the kept previous
 * tables, dropped). Identifiers through the connector's `escapeId`, never concatenated from input: the names are the
 * portal's own (a database of its desired state plus a suffix it made).
 */
import type { Connection } from 'mariadb';
import {
  conflict,
  found,
  validationFailed,
  type PluginDatabase,
  type PluginHandler,
  type PluginPorts,
  type ServerGateway,
} from '@portal/plugin-sdk/server';
import type { Schemas } from '@portal/openapi';
import { MysqlDatabase, MysqlRestore, type MysqlRestoreTable } from './entities.ts';
import { connect } from './instance.ts';
import { adminUser, socketPath } from './program.ts';

export const dumpsDir = '/var/lib/portal-mysql/dumps';
/** The longest database name that leaves room for `_restore_<yyyymmddhhmmss>` within MariaDB's 64 characters. */
export const maxRestorableName = 64 - '_restore_20261128170000'.length;
const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
const timeoutMs = 30 * 60_000;

export const presentRestore = (r: MysqlRestore): Schemas['MysqlRestore'] => ({
  id: r.id,
  database: r.database,
  copyName: r.copyName,
  beforeName: r.beforeName,
  status: r.status as Schemas['MysqlRestore']['status'],
  step: r.step as Schemas['MysqlRestore']['step'],
  progress: r.progress,
  error: r.error ?? null,
  tables: r.tables ?? [],
  identical: !!r.tables && r.tables.every((t) => t.same),
  startedBy: r.startedBy,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  promotedAt: r.promotedAt?.toISOString() ?? null,
});

const baseTables = async (conn: Connection, db: string): Promise<string[]> =>
  (
    (await conn.query(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
      [db],
    )) as { name: string }[]
  ).map((r) => r.name);

/** Rows and checksum of each table of the database now and of its copy. */
export async function compare(conn: Connection, db: string, copy: string): Promise<MysqlRestoreTable[]> {
  const [current, copied] = [await baseTables(conn, db), await baseTables(conn, copy)];
  const figures = async (schema: string, table: string, present: boolean) => {
    if (!present) return { rows: null, checksum: null };
    const id = `${conn.escapeId(schema)}.${conn.escapeId(table)}`;
    const [{ n }] = (await conn.query(`SELECT COUNT(*) AS n FROM ${id}`)) as [{ n: bigint | number }];
    const [{ Checksum }] = (await conn.query(`CHECKSUM TABLE ${id}`)) as [{ Checksum: bigint | number | null }];
    return { rows: Number(n), checksum: Checksum === null ? null : String(Checksum) };
  };
  const out: MysqlRestoreTable[] = [];
  for (const name of [...new Set([...current, ...copied])].sort()) {
    const a = await figures(db, name, current.includes(name));
    const b = await figures(copy, name, copied.includes(name));
    out.push({
      name,
      currentRows: a.rows,
      copyRows: b.rows,
      currentChecksum: a.checksum,
      copyChecksum: b.checksum,
      same: a.rows === b.rows && a.checksum === b.checksum,
    });
  }
  return out;
}

const clientArgs = async (gateway: ServerGateway) => [`--socket=${gateway.hostPath(socketPath)}`, `--user=${await adminUser(gateway)}`];

async function run(gateway: ServerGateway, tool: string, args: (string | { path: string })[]) {
  const r = await gateway.run({ tool, args, timeoutMs });
  if (r.exitCode !== 0) throw new Error(`${tool}: ${(r.stderr || r.stdout || `exit ${r.exitCode}`).trim().slice(-2000)}`);
}

/** Dump, restore into the copy, compare: the copy's tables, or an error that fails the restore (the copy dropped). */
async function restoreCopy(
  gateway: ServerGateway,
  r: MysqlRestore,
  progress: (p: number, step: string) => Promise<void>,
): Promise<MysqlRestoreTable[]> {
  const dump = `${dumpsDir}/${r.copyName}.sql`;
  await progress(5, 'dump');
  await run(gateway, 'mariadb-dump', [
    ...(await clientArgs(gateway)),
    '--single-transaction',
    '--triggers',
    '--skip-comments',
    '-r',
    { path: dump },
    r.database,
  ]);
  await progress(35, 'restore');
  const conn = await connect(gateway);
  try {
    const [schema] = (await conn.query(
      'SELECT DEFAULT_CHARACTER_SET_NAME AS cs, DEFAULT_COLLATION_NAME AS co FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [r.database],
    )) as { cs: string; co: string }[];
    if (!schema) throw new Error(`database ${r.database} does not exist on the server`);
    await conn.query(`CREATE DATABASE ${conn.escapeId(r.copyName)} CHARACTER SET ? COLLATE ?`, [schema.cs, schema.co]);
    try {
      // The client reads the file itself (`source`), so a large dump is never held by the portal.
      await run(gateway, 'mariadb', [...(await clientArgs(gateway)), '--batch', r.copyName, '-e', `source ${gateway.hostPath(dump)}`]);
      await progress(70, 'compare');
      return await compare(conn, r.database, r.copyName);
    } catch (e) {
      await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(r.copyName)}`);
      throw e;
    }
  } finally {
    await conn.end();
    await gateway.removeFile(dump).catch(() => undefined);
  }
}

/** The swap: current tables → `<db>_before_<time>`, the copy's → the database, in one `RENAME TABLE`; the empty copy dropped. */
async function promote(gateway: ServerGateway, r: MysqlRestore): Promise<void> {
  const conn = await connect(gateway);
  try {
    const [current, copied] = [await baseTables(conn, r.database), await baseTables(conn, r.copyName)];
    if (!copied.length && !current.length) throw new Error('nothing to promote');
    const [schema] = (await conn.query(
      'SELECT DEFAULT_CHARACTER_SET_NAME AS cs, DEFAULT_COLLATION_NAME AS co FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [r.database],
    )) as { cs: string; co: string }[];
    await conn.query(`CREATE DATABASE ${conn.escapeId(r.beforeName)} CHARACTER SET ? COLLATE ?`, [schema!.cs, schema!.co]);
    const id = (db: string, t: string) => `${conn.escapeId(db)}.${conn.escapeId(t)}`;
    const moves = [
      ...current.map((t) => `${id(r.database, t)} TO ${id(r.beforeName, t)}`),
      ...copied.map((t) => `${id(r.copyName, t)} TO ${id(r.database, t)}`),
    ];
    try {
      await conn.query(`RENAME TABLE ${moves.join(', ')}`);
    } catch (e) {
      await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(r.beforeName)}`);
      throw e;
    }
    await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(r.copyName)}`);
  } finally {
    await conn.end();
  }
}

/** Drops what a restore left: the copy (not promoted) or the previous tables kept by a promote. */
async function discard(gateway: ServerGateway, r: MysqlRestore): Promise<void> {
  const conn = await connect(gateway);
  try {
    await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(r.status === 'promoted' ? r.beforeName : r.copyName)}`);
  } finally {
    await conn.end();
  }
}

const key = (k: 'restore_running' | 'restore_not_ready' | 'database_unknown' | 'name_too_long_for_copy') => `mysql:errors.${k}` as const;

/** The handlers of the restore operations. */
export function restoreHandlers(ports: PluginPorts) {
  const rowsOf = (em: PluginDatabase, serverId: number) => em.find(MysqlRestore, { serverId }, { orderBy: { id: 'desc' } });

  /** Runs `work` for restore `id` in the background: its steps into the row, its end as `done` (or failed with the error). */
  const inBackground = (
    serverId: number,
    id: number,
    work: (r: MysqlRestore, progress: (p: number, step: string) => Promise<void>) => Promise<Partial<MysqlRestore>>,
    failed: Partial<MysqlRestore> = {},
  ) =>
    ports.background(async () => {
      const em = ports.database.fork();
      const load = async () => (await em.findOne(MysqlRestore, { id }))!;
      const progress = async (p: number, step: string) => {
        em.assign(await load(), { progress: p, step });
        await em.flush();
      };
      try {
        const end = await work(await load(), progress);
        em.assign(await load(), { ...end, step: null, progress: 100, error: null, finishedAt: ports.clock.now() });
      } catch (e) {
        ports.logger.warn({ err: e, restoreId: id, serverId }, 'mysql: restore step failed');
        em.assign(await load(), {
          ...failed,
          step: null,
          error: String((e as Error).message ?? e).slice(0, 4000),
          finishedAt: ports.clock.now(),
        });
      } finally {
        await em.flush();
      }
    });

  /** 409 while a step of another restore of the same database runs (start and promote: both read or swap its tables). */
  const idle = async (em: PluginDatabase, serverId: number, database: string) => {
    if ((await rowsOf(em, serverId)).some((r) => r.status === 'running' && r.database === database)) throw conflict(key('restore_running'));
  };

  return {
    listMysqlRestores: (async (c) => ({
      data: (await rowsOf(c.em, c.server.id)).slice(0, 50).map(presentRestore),
    })) satisfies PluginHandler<'listMysqlRestores'>,
    getMysqlRestore: (async (c) =>
      presentRestore(
        found(await c.em.findOne(MysqlRestore, { id: c.params.restoreId, serverId: c.server.id })),
      )) satisfies PluginHandler<'getMysqlRestore'>,
    startMysqlRestore: (async (c) => {
      const name = c.body.database;
      if (!(await c.em.count(MysqlDatabase, { serverId: c.server.id, name })))
        throw validationFailed({ database: [key('database_unknown')] });
      if (name.length > maxRestorableName) throw validationFailed({ database: [key('name_too_long_for_copy')] });
      await idle(c.em, c.server.id, name);
      const now = ports.clock.now();
      const row = c.em.create(MysqlRestore, {
        serverId: c.server.id,
        database: name,
        copyName: `${name}_restore_${stamp(now)}`,
        beforeName: `${name}_before_${stamp(now)}`,
        status: 'running',
        step: 'dump',
        progress: 0,
        error: null,
        tables: null,
        startedBy: c.user.email,
        startedAt: now,
        finishedAt: null,
        promotedAt: null,
      });
      await c.em.flush();
      inBackground(
        c.server.id,
        row.id,
        async (r, progress) => ({ status: 'ready', tables: await restoreCopy(ports.gateway(c.server.id), r, progress) }),
        { status: 'failed' },
      );
      return presentRestore(row);
    }) satisfies PluginHandler<'startMysqlRestore'>,
    promoteMysqlRestore: (async (c) => {
      const row = found(await c.em.findOne(MysqlRestore, { id: c.params.restoreId, serverId: c.server.id }));
      if (row.status !== 'ready') throw conflict(key('restore_not_ready'));
      await idle(c.em, c.server.id, row.database);
      c.em.assign(row, { status: 'running', step: 'promote', progress: 10 });
      await c.em.flush();
      // A promote that fails leaves the copy as it was: ready again, with the error.
      inBackground(
        c.server.id,
        row.id,
        async (r) => (await promote(ports.gateway(c.server.id), r), { status: 'promoted', promotedAt: ports.clock.now() }),
        { status: 'ready' },
      );
      return presentRestore(row);
    }) satisfies PluginHandler<'promoteMysqlRestore'>,
    discardMysqlRestore: (async (c) => {
      const row = found(await c.em.findOne(MysqlRestore, { id: c.params.restoreId, serverId: c.server.id }));
      if (row.status !== 'ready' && row.status !== 'promoted') throw conflict(key('restore_not_ready'));
      // Dropping the copy or the kept previous tables touches neither the database nor another restore's copy: no wait.
      const was = row.status;
      c.em.assign(row, { status: 'running', step: 'discard', progress: 10 });
      await c.em.flush();
      inBackground(
        c.server.id,
        row.id,
        async (r) => (await discard(ports.gateway(c.server.id), { ...r, status: was }), { status: 'discarded' }),
        { status: was },
      );
      return presentRestore(row);
    }) satisfies PluginHandler<'discardMysqlRestore'>,
  };
}
