/**
 * The running MariaDB through the `mariadb` connector: the apply's reload step (settings set on the running server,
 * databases and users brought in line with the applied accounts file), database sizes and the slow-query log.
 * Identifiers go through the connector's `escapeId`, values through its `?` placeholders — nothing typed by a user
 * is concatenated into a statement. The portal logs in as its own OS user over the socket (`unix_socket`); the
 * private instance of the `local` gateway is the only server it reaches (an `ssh` server: not yet, `skipped`).
 */
import mariadb, { type Connection } from 'mariadb';
import { fingerprint, parseSlowLog, readSlowLog, type SlowStatement } from '@portal/plugin-sdk/mysql';
import type { CheckOutcome, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';
import { accountsPath, adminUser, configPath, managedPath, options, socketPath, type Accounts } from './program.ts';

/** What the reload step created, so that it drops only those. */
interface Managed {
  databases: string[];
  users: { name: string; host: string }[];
}

/** Databases and users the portal never creates, changes or drops. */
export const reservedDatabases = ['mysql', 'information_schema', 'performance_schema', 'sys', 'test'];
export const reservedUsers = ['root', 'mysql', 'mariadb.sys', 'portal'];

/** A connection as the administrator; retried while the instance is starting (its socket appears last). */
export async function connect(gateway: ServerGateway, waitMs = 10_000): Promise<Connection> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      // The server's socket: in the sandbox on the local gateway, forwarded over ssh.
      return await mariadb.createConnection({ ...(await gateway.reach({ socket: socketPath })), user: await adminUser(gateway), connectTimeout: 10_000, multipleStatements: false });
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Brings the running server in line with the applied accounts file: databases, users, their hashes and grants. */
export async function reconcile(conn: Connection, accounts: Accounts, managed: Managed): Promise<{ managed: Managed; log: string[] }> {
  const log: string[] = [];
  const wantedDbs = new Set(accounts.databases.map((d) => d.name));
  const key = (u: { name: string; host: string }) => `${u.name}@${u.host}`;
  const wantedUsers = new Set(accounts.users.map(key));
  for (const u of managed.users)
    if (!wantedUsers.has(key(u))) {
      await conn.query('DROP USER IF EXISTS ?@?', [u.name, u.host]);
      log.push(`dropped user ${key(u)}`);
    }
  for (const name of managed.databases)
    if (!wantedDbs.has(name) && !reservedDatabases.includes(name)) {
      await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(name)}`);
      log.push(`dropped database ${name}`);
    }
  for (const d of accounts.databases) {
    await conn.query(`CREATE DATABASE IF NOT EXISTS ${conn.escapeId(d.name)} CHARACTER SET ? COLLATE ?`, [d.charset, d.collation]);
    await conn.query(`ALTER DATABASE ${conn.escapeId(d.name)} CHARACTER SET ? COLLATE ?`, [d.charset, d.collation]);
  }
  for (const u of accounts.users) {
    await conn.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED VIA ' + (u.authentication === 'ed25519' ? 'ed25519' : 'mysql_native_password') + ' USING ?', [u.name, u.host, u.hash]);
    await conn.query('ALTER USER ?@? IDENTIFIED VIA ' + (u.authentication === 'ed25519' ? 'ed25519' : 'mysql_native_password') + ' USING ?', [u.name, u.host, u.hash]);
    const granted = ((await conn.query('SELECT Db AS db FROM mysql.db WHERE User = ? AND Host = ?', [u.name, u.host])) as { db: string }[]).map((r) => r.db);
    for (const db of granted)
      if (!u.databases.includes(db)) {
        await conn.query(`REVOKE ALL PRIVILEGES ON ${conn.escapeId(db)}.* FROM ?@?`, [u.name, u.host]);
        log.push(`revoked ${db} from ${key(u)}`);
      }
    for (const db of u.databases)
      if (!granted.includes(db) && wantedDbs.has(db)) {
        await conn.query(`GRANT ALL PRIVILEGES ON ${conn.escapeId(db)}.* TO ?@?`, [u.name, u.host]);
        log.push(`granted ${db} to ${key(u)}`);
      }
  }
  return { managed: { databases: [...wantedDbs], users: accounts.users.map((u) => ({ name: u.name, host: u.host })) }, log };
}

/** The settings of the rendered file as `SET GLOBAL` pairs (all of them are dynamic). */
function renderedOptions(file: string): [string, string][] {
  const known = new Set(options({} as Settings).map(([k]) => k));
  return file.split('\n').flatMap((line) => {
    const m = /^([a-z_]+) = (\S+)$/.exec(line);
    return m && known.has(m[1]!) ? [[m[1]!, m[2]!] as [string, string]] : [];
  });
}

/**
 * The apply's reload: the instance starts with the first apply (the program's reload); while it runs, the
 * settings are set with `SET GLOBAL` (they are all dynamic: no restart, no dropped connections) and the accounts
 * are reconciled. Without the portal's file (the first change undone) the instance stops.
 */
export async function reload(gateway: ServerGateway): Promise<CheckOutcome> {
  const tool = 'mariadbd';
  const control = gateway.service('mysql');
  const file = await gateway.readFile(configPath);
  if (file === null) {
    await control.stop();
    return { status: 'passed', tool, output: 'no configuration: stopped' };
  }
  const out: string[] = [];
  if ((await control.status()).state !== 'running') {
    const started = await control.reload();
    if (started.status !== 'passed') return started;
    out.push('started');
  }
  let conn: Connection | undefined;
  try {
    conn = await connect(gateway);
    if (!out.length) for (const [name, value] of renderedOptions(file)) await conn.query(`SET GLOBAL ${name} = ?`, [/^[\d.]+$/.test(value) ? Number(value) : value]);
    const accounts = JSON.parse((await gateway.readFile(accountsPath)) ?? '{"databases":[],"users":[]}') as Accounts;
    const before = JSON.parse((await gateway.readFile(managedPath)) ?? '{"databases":[],"users":[]}') as Managed;
    const r = await reconcile(conn, accounts, before);
    await gateway.writeFile({ path: managedPath, content: `${JSON.stringify(r.managed)}\n`, mode: 0o600 });
    out.push(...r.log, `${accounts.databases.length} databases, ${accounts.users.length} users in line`);
    return { status: 'passed', tool, output: out.join('\n') };
  } catch (e) {
    return { status: 'failed', tool, output: (e as Error).message.slice(0, 2000) };
  } finally {
    await conn?.end().catch(() => undefined);
  }
}

/** Size (data and indexes) per database, as the running server reports it; empty while it does not run. */
export async function sizes(gateway: ServerGateway, names: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!names.length || (await gateway.service('mysql').status()).state !== 'running') return out;
  let conn: Connection | undefined;
  try {
    conn = await connect(gateway, 2000);
    const rows = (await conn.query(
      'SELECT SCHEMA_NAME AS name, COALESCE(SUM(t.DATA_LENGTH + t.INDEX_LENGTH), 0) AS size FROM information_schema.SCHEMATA s LEFT JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = s.SCHEMA_NAME WHERE s.SCHEMA_NAME IN (?) GROUP BY s.SCHEMA_NAME',
      [names],
    )) as { name: string; size: number | bigint | string }[];
    for (const r of rows) out.set(r.name, Number(r.size));
  } catch {
    /* not running: no sizes */
  } finally {
    await conn?.end().catch(() => undefined);
  }
  return out;
}

/** The slow log's statements (the SDK's parser, shared with shop-performance). */
export type SlowQuery = SlowStatement;
export { fingerprint, parseSlowLog };

export async function slowQueries(gateway: ServerGateway, limit: number): Promise<SlowQuery[]> {
  return parseSlowLog(await readSlowLog(gateway), limit);
}
