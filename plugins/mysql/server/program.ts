/**
 * MariaDB as this plugin runs it: its files (`render`, pure — the settings as `/etc/mysql/mariadb.conf.d/60-portal.cnf`,
 * the desired databases and users as the secret `/etc/mysql/portal/accounts.json` that the apply's reload step
 * brings the running server in line with, `instance.ts`) and the program descriptor — the paths it owns, the
 * check by `mariadbd` itself, and the private instance the `local` gateway runs per server (`mariadb-install-db`
 * once, then `mariadbd` in the foreground with its data, socket, pid file and logs in the sandbox).
 *
 * Every value has passed the contract's limits (numbers and enums only), so none can change the file's
 * structure. Type imports only besides the SDK's program entry: the generator loads this file for the paths.
 */
import { mysqlConfigPath, mysqlSlowLogPath } from '@portal/plugin-sdk/mysql';
import { definePrograms, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ConfigRenderInput, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

/** The options file and the slow log it names: the SDK's (shop-performance reads them too). */
export const configPath = mysqlConfigPath;
export const accountsPath = '/etc/mysql/portal/accounts.json';
/** What the reload step created (databases and users), so it drops only those: written by the step, never rendered. */
export const managedPath = '/var/lib/portal-mysql/managed.json';
export const mainConfPath = '/etc/mysql/my.cnf';
export const socketPath = '/run/mysqld/mysqld.sock';
export const pidPath = '/run/mysqld/mysqld.pid';
export const dataDir = '/var/lib/mysql';
export const errorLogPath = '/var/log/mysql/error.log';
export const slowLogPath = mysqlSlowLogPath;
export const defaultPort = 3306;

export interface Prepared {
  port: number;
}

export interface AccountDatabase {
  name: string;
  charset: string;
  collation: string;
}
export interface AccountUser {
  name: string;
  host: string;
  authentication: 'ed25519' | 'mysql_native_password';
  hash: string;
  databases: string[];
}
/** The desired databases and users (`desired.load`), rendered into the accounts file. */
export interface Accounts {
  databases: AccountDatabase[];
  users: AccountUser[];
}

const mb = 1024 * 1024;

/** The settings as `mariadbd` options: name → value (the file's lines, the check's comparison, `SET GLOBAL`). */
export function options(s: Settings): [string, string | number][] {
  return [
    ['innodb_buffer_pool_size', s.innodbBufferPoolMb * mb],
    ['max_connections', s.maxConnections],
    ['wait_timeout', s.waitTimeoutSeconds],
    ['max_allowed_packet', s.maxAllowedPacketMb * mb],
    ['tmp_table_size', s.tmpTableSizeMb * mb],
    ['max_heap_table_size', s.tmpTableSizeMb * mb],
    ['slow_query_log', s.slowQueryLog ? 1 : 0],
    ['long_query_time', s.longQueryTimeSeconds],
    ['character_set_server', s.characterSetServer],
  ];
}

export function render(s: Settings, c: Pick<ConfigRenderInput<Prepared | undefined>, 'hostPath' | 'prepared'> & { desired?: Accounts }): ConfigFile[] {
  const lines = [
    '# Written by the customer portal (Managed Center, MySQL). Changes here are overwritten.',
    '[mariadbd]',
    `port = ${c.prepared?.port ?? defaultPort}`,
    'plugin_load_add = auth_ed25519',
    'log_output = FILE',
    `slow_query_log_file = ${c.hostPath(slowLogPath)}`,
    ...options(s).map(([k, v]) => `${k} = ${v}`),
  ];
  const accounts: Accounts = c.desired ?? { databases: [], users: [] };
  return [
    { path: configPath, content: `${lines.join('\n')}\n`, mode: 0o644 },
    { path: accountsPath, content: `${JSON.stringify(accounts, null, 2)}\n`, mode: 0o600, secret: true },
  ];
}

/**
 * The administrator of the private instance: the operating-system user that runs it on the server (the portal's
 * own on the `local` gateway, the login user over ssh), logging in over the socket (`unix_socket`).
 */
export const adminUser = (gateway: Pick<ServerGateway, 'user'>): Promise<string> => gateway.user();

/** `--user=root` where the instance runs as root (mariadbd refuses root otherwise); nothing for any other user. */
const asRoot = (user: string) => (user === 'root' ? ['--user=root'] : []);
const defaultsFile = (hostPath: (p: string) => string) => `--defaults-file=${hostPath(mainConfPath)}`;

/** The private instance's main file (a distribution's `/etc/mysql/my.cnf`): the sandbox's places, then the portal's file. */
export function renderMainConf(env: LocalEnv): string {
  return [
    '# The private MariaDB of the local gateway (Managed Center, MySQL).',
    '[client-server]',
    `socket = ${env.hostPath(socketPath)}`,
    '[mariadbd]',
    `datadir = ${env.hostPath(dataDir)}`,
    `pid-file = ${env.hostPath(pidPath)}`,
    `log-error = ${env.hostPath(errorLogPath)}`,
    'bind-address = 127.0.0.1',
    'skip-name-resolve',
    'innodb_log_file_size = 8M',
    'performance_schema = OFF',
    `!includedir ${env.hostPath('/etc/mysql/mariadb.conf.d')}`,
    '',
  ].join('\n');
}

/** The option names `mariadbd --help --verbose` prints (dashes) and the value it would use. */
export function effectiveValues(helpOutput: string): Map<string, string> {
  const out = new Map<string, string>();
  const start = helpOutput.search(/^-{10,} -{3,}$/m);
  for (const line of helpOutput.slice(Math.max(0, start)).split('\n')) {
    const m = /^([a-z][a-z0-9-]*)\s+(.*)$/.exec(line);
    if (m) out.set(m[1]!, m[2]!.trim());
  }
  return out;
}

/** The rendered options mariadbd would not use as written (it clamps or rounds some values): `[name, wanted, effective]`. */
export function differences(s: Settings, effective: Map<string, string>): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [name, wanted] of options(s)) {
    const got = effective.get(name.replace(/_/g, '-'));
    if (got === undefined || name === 'slow_query_log') continue;
    const same = typeof wanted === 'number' ? Number(got) === wanted : got === wanted;
    if (!same) out.push([name, String(wanted), got]);
  }
  return out;
}

/**
 * The check: `mariadbd --defaults-file=<main file> --help --verbose` reads every option file as a start would
 * (the portal's file included) and refuses an unknown option or a value it cannot parse (exit ≠ 0, `[ERROR]`
 * lines), without starting or touching the data directory.
 */
export async function checkConfig(gateway: ServerGateway): Promise<CheckOutcome> {
  const tool = 'mariadbd';
  if (!(await gateway.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  if ((await gateway.readFile(configPath)) === null) return { status: 'passed', tool, output: 'no configuration' };
  const r = await gateway.run({ tool, args: [defaultsFile((p) => gateway.hostPath(p)), ...asRoot(await adminUser(gateway)), '--help', '--verbose'], timeoutMs: 15_000 });
  if (r.exitCode !== 0) {
    const errors = `${r.stderr}\n${r.stdout}`.split('\n').filter((l) => /\[ERROR\]/.test(l));
    return { status: 'failed', tool, output: (errors.join('\n') || r.stderr || `exit ${r.exitCode}`).slice(-20_000) };
  }
  // Values it reads but would not use as written (clamped, rounded, a suffix taken for a unit): refused as well.
  const effective = effectiveValues(r.stdout);
  const file = (await gateway.readFile(configPath)) ?? '';
  const changed = file.split('\n').flatMap((line) => {
    const m = /^([a-z_]+) = (\S+)$/.exec(line);
    if (!m || !knownOptions.has(m[1]!) || m[1] === 'slow_query_log') return [];
    const got = effective.get(m[1]!.replace(/_/g, '-'));
    const same = got === undefined || (/^[\d.]+$/.test(m[2]!) ? Number(got) === Number(m[2]) : got === m[2]);
    return same ? [] : [`${m[1]}: mariadbd would use ${got} instead of ${m[2]}`];
  });
  if (changed.length) return { status: 'failed', tool, output: changed.join('\n') };
  return { status: 'passed', tool, output: 'configuration read' };
}

const knownOptions = new Set(['innodb_buffer_pool_size', 'max_connections', 'wait_timeout', 'max_allowed_packet', 'tmp_table_size', 'max_heap_table_size', 'slow_query_log', 'long_query_time', 'character_set_server']);

export const mysqlProgram: ProgramDescriptor = {
  id: 'mysql',
  tool: 'mariadbd',
  // The dumps of restores are written by mariadb-dump (restores.ts), never rendered.
  paths: [configPath, accountsPath, managedPath, '/var/lib/portal-mysql/dumps/*'],
  // The socket the portal reaches the server through (`gateway.reach`).
  reads: ['/var/log/mysql/*', socketPath],
  privileged: true,
  port: defaultPort,
  validate: (gateway) => checkConfig(gateway),
  // Debian's unit; the settings are dynamic, so the reload step sets them on the running server (instance.ts).
  service: { unit: 'mariadb', reload: 'restart' },
  local: {
    files: (env) => [{ path: mainConfPath, content: renderMainConf(env) }],
    dirs: [dataDir, '/var/log/mysql', '/run/mysqld', '/var/lib/portal-mysql', '/var/lib/portal-mysql/dumps', '/etc/mysql/mariadb.conf.d'],
    pidFile: pidPath,
    args: (env) => [defaultsFile(env.hostPath), ...asRoot(env.user)],
    start: [],
    foreground: true,
    // The data directory Debian's package creates; the portal's OS user logs in as itself over the socket (unix_socket).
    init: {
      tool: 'mariadb-install-db',
      args: (env) => [
        defaultsFile(env.hostPath),
        ...asRoot(env.user),
        '--skip-test-db',
        '--auth-root-authentication-method=socket',
        `--auth-root-socket-user=${env.user}`,
      ],
      creates: `${dataDir}/mysql`,
    },
  },
};

export default definePrograms([mysqlProgram]);
