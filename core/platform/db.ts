import fs from 'node:fs';
import path from 'node:path';
import type { EntityManager, MikroORM, Options } from '@mikro-orm/core';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import type { Logger } from './logger.ts';

export type Orm = MikroORM;
export type Em = EntityManager;

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throw-away database. */
  pgliteDataDir?: string;
  /** A PGlite data directory dumped with `dumpDataDir` to start from (test databases copied from a template). */
  pgliteLoadDataDir?: Blob;
  entities: NonNullable<Options['entities']>;
  migrations: MigrationClass[];
  logger?: Logger;
  debug?: boolean;
}

export type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/** Opens the ORM on PostgreSQL (DATABASE_URL) or on the embedded PGlite. Both run the same migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Orm> {
  const common = {
    entities: options.entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: [...options.migrations].sort((a, b) => a.name.localeCompare(b.name)).map((m) => ({ name: m.name, class: m })),
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    logger: (message: string) => options.logger?.debug({ orm: true }, message),
  } satisfies Partial<Options>;

  if (options.databaseUrl) {
    const { MikroORM } = await import('@mikro-orm/postgresql');
    return (await MikroORM.init({ ...common, clientUrl: options.databaseUrl })) as unknown as Orm;
  }
  const dataDir = options.pgliteDataDir ?? 'memory://';
  if (!dataDir.startsWith('memory:')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const { MikroORM } = await import('@mikro-orm/pglite');
  // pg_trgm and btree_gin: the trigram index of invoice numbers (core/billing, Migration20261124100000InvoiceNumberSearch).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const orm = (await MikroORM.init({ ...common, dbName: dataDir, driverOptions: { dataDir, extensions: { pg_trgm, btree_gin }, ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}) } })) as unknown as Orm;
  serializeTransactions(orm);
  return orm;
}

interface TransactionConnection {
  begin(options?: { ctx?: unknown }): Promise<object>;
  commit(ctx: object, ...rest: unknown[]): Promise<void>;
  rollback(ctx: object, ...rest: unknown[]): Promise<void>;
}

/**
 * PGlite is one connection, and the SQL dialect over it keeps one transaction at a time: a second
 * transaction begun while one is open takes over the first one's commit, and both wait forever
 * (50 concurrent changes in the Managed Center hung). Top-level transactions therefore wait for each
 * other here; savepoints (nested transactions) are left alone.
 */
function serializeTransactions(orm: Orm): void {
  const conn = orm.em.getConnection() as unknown as TransactionConnection;
  const begin = conn.begin.bind(conn);
  const commit = conn.commit.bind(conn);
  const rollback = conn.rollback.bind(conn);
  const held = new WeakMap<object, () => void>();
  let tail: Promise<void> = Promise.resolve();
  conn.begin = async (options = {}) => {
    if (options.ctx) return begin(options);
    const before = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    await before;
    try {
      const trx = await begin(options);
      held.set(trx, release);
      return trx;
    } catch (e) {
      release();
      throw e;
    }
  };
  const ending =
    (end: typeof commit) =>
    async (ctx: object, ...rest: unknown[]): Promise<void> => {
      try {
        await end(ctx, ...rest);
      } finally {
        if (!('savepointName' in ctx)) {
          held.get(ctx)?.();
          held.delete(ctx);
        }
      }
    };
  conn.commit = ending(commit);
  conn.rollback = ending(rollback);
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/** Network error codes of a database that cannot be reached (or went away mid-query). */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const unreachableMessages =
  /connection terminated|terminating connection|connection timeout|timeout exceeded when trying to connect|connection not established|connection is closed|client has encountered a connection error|not queryable|the database system is (starting up|shutting down)/i;

/**
 * What a database error means for the caller:
 * - `unavailable`: the database cannot be reached (refused, reset, terminated, pool timeout; SQLSTATE
 *   class 08, 57P01–57P03, 53300, 55000 when it refuses connections) — retry later;
 * - `input`: the database refused a value (SQLSTATE class 22: out of range, invalid text, NUL; 54000) —
 *   the request was wrong;
 * - `conflict`: a unique constraint (23505), e.g. the loser of a double submit;
 * - `undefined`: not a database error, or one that is our bug.
 * Looks through `cause` chains and aggregated errors, as drivers and the ORM wrap the original.
 */
export function databaseErrorKind(error: unknown): 'unavailable' | 'input' | 'conflict' | undefined {
  const seen = new Set<unknown>();
  const visit = (e: unknown): 'unavailable' | 'input' | 'conflict' | undefined => {
    if (!e || typeof e !== 'object' || seen.has(e)) return undefined;
    seen.add(e);
    const err = e as { code?: unknown; sqlState?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof err.sqlState === 'string' ? err.sqlState : typeof err.code === 'string' ? err.code : undefined;
    if (code) {
      if (unreachableCodes.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return 'unavailable';
      if (/^22[0-9A-Z]{3}$/.test(code) || code === '54000') return 'input';
      if (code === '23505') return 'conflict';
    }
    // 55000 (object not in prerequisite state) with a FATAL severity: the database refuses connections
    // (`database … is not currently accepting connections`, e.g. during a restore) — retry later (issue 31).
    if (code === '55000' && ((err as { severity?: unknown }).severity === 'FATAL' || (typeof err.message === 'string' && /accepting connections/i.test(err.message)))) return 'unavailable';
    if (err.name === 'ConnectionException') return 'unavailable';
    if (typeof err.message === 'string' && unreachableMessages.test(err.message)) return 'unavailable';
    for (const inner of [err.cause, ...(Array.isArray(err.errors) ? err.errors : [])]) {
      const kind = visit(inner);
      if (kind) return kind;
    }
    return undefined;
  };
  return visit(error);
}
