/**
 * `redis-server` as this plugin runs it: its file (`render`: settings → `/etc/redis/redis.conf`, pure — the same
 * settings give the same file, so the files panel shows exactly what an apply would write) and the program
 * descriptor (`@portal/plugin-sdk/program`) — the path the plugin owns, how the file is checked before it is
 * used, how the service takes it on a real server (`systemctl restart redis-server`: redis has no reload) and
 * the private instance the `local` gateway runs per server (the rendered file is complete; its port is the
 * server's `listenAddress('redis', 6379)`, its directories are inside the sandbox through `hostPath`).
 *
 * Every value has passed the contract's limits (numbers, enums, a save schedule of digits and spaces), so none
 * can change the file's structure. Type imports only besides the SDK's program entry: the generator loads
 * this file to read the paths.
 */
import { checkByStarting, definePrograms, restartOrStop, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ConfigRenderInput, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';
import { aclLines, aclSecrets, type AclUser } from './acl.ts';

export const configPath = '/etc/redis/redis.conf';
export const dataDir = '/var/lib/redis';
export const logPath = '/var/log/redis/redis-server.log';
export const pidPath = '/run/redis/redis-server.pid';
/** Where redis listens on a real server; the `local` gateway gives each server a loopback port of its own. */
export const defaultPort = 6379;

/**
 * What `render` needs besides the settings: the port the instance listens on, and the hash of the portal's own
 * management user's password (made once per server before the first apply; `undefined` only in a preview before it).
 */
export interface Prepared {
  port: number;
  portalHash?: string;
}

/** The desired state besides the settings: the server's ACL users (`desired.load`). */
export interface Desired {
  users: AclUser[];
}

/** The port of the server's redis (prepare → render; the stats source and the flush connect there). */
export const redisAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('redis', defaultPort);

export function render(
  s: Settings,
  c: Pick<ConfigRenderInput<Prepared | undefined>, 'hostPath' | 'prepared'> & { desired?: Desired | undefined },
): ConfigFile[] {
  const acl = { defaultUser: s.defaultUser, users: c.desired?.users ?? [] };
  const portalHash = c.prepared?.portalHash;
  const lines = [
    '# Written by the customer portal (Managed Center, Redis). Changes here are overwritten.',
    '# Listens on the loopback interface only; applications of this server connect there.',
    'bind 127.0.0.1 -::1',
    'protected-mode yes',
    `port ${c.prepared?.port ?? defaultPort}`,
    'daemonize yes',
    `pidfile ${c.hostPath(pidPath)}`,
    `logfile ${c.hostPath(logPath)}`,
    `dir ${c.hostPath(dataDir)}`,
    `loglevel ${s.logLevel}`,
    `databases ${s.databases}`,
    `maxclients ${s.maxClients}`,
    `timeout ${s.timeoutSeconds}`,
    '',
    '# Memory',
    `maxmemory ${s.maxmemoryMb}mb`,
    `maxmemory-policy ${s.maxmemoryPolicy}`,
    '',
    '# Persistence: RDB snapshots (seconds and changes) and the append-only file',
    `save "${s.saveSchedule}"`,
    `appendonly ${s.appendonly ? 'yes' : 'no'}`,
    `appendfsync ${s.appendfsync}`,
    '',
    '# Slow log',
    `slowlog-log-slower-than ${s.slowlogMicros}`,
    'slowlog-max-len 128',
    '',
    ...aclLines(acl, portalHash),
  ];
  // The password hashes are masked wherever the file is shown; readable by redis's group only.
  const secretValues = aclSecrets(acl, portalHash);
  return [{ path: configPath, content: `${lines.join('\n')}\n`, mode: 0o640, owner: 'redis', group: 'redis', ...(secretValues.length ? { secretValues } : {}) }];
}

/**
 * The check: redis has no check mode, so the real program loads the file as it would on a start — every
 * directive, its values and their combinations (`save 3600` without a number of changes, an unknown policy,
 * `maxmemory 10xb`) — with the listening switched off (`--port 0 --unixsocket ""`) and nothing written
 * (`--daemonize no --logfile "" --pidfile "" --dir /`): a file it accepts ends in "Configured to not listen
 * anywhere, exiting." right after "Configuration loaded"; one it refuses ends with `*** FATAL CONFIG FILE ERROR ***`
 * and the line. Both exit 1, so the outcome is read from what it printed.
 */
export const checkArgs = ['--port', '0', '--unixsocket', '', '--daemonize', 'no', '--logfile', '', '--pidfile', '', '--dir', '/'];
export const acceptedMark = 'Configured to not listen anywhere';

export const checkConfig = (gateway: ServerGateway): Promise<CheckOutcome> =>
  checkByStarting(gateway, {
    tool: 'redis-server',
    path: configPath,
    args: () => [{ path: configPath }, ...checkArgs],
    accepted: (r) => r.stdout.includes(acceptedMark) && !`${r.stdout}${r.stderr}`.includes('FATAL'),
    passed: 'configuration loaded',
  });

/** The apply's reload: a restart with the new file, or the instance stops when the file is gone (the SDK's `restartOrStop`). */
export const reload = (gateway: ServerGateway): Promise<CheckOutcome> => restartOrStop(gateway, 'redis', configPath);

export const redisProgram: ProgramDescriptor = {
  id: 'redis',
  tool: 'redis-server',
  paths: [configPath],
  reads: ['/var/log/redis/*'],
  privileged: true,
  port: defaultPort,
  validate: (gateway) => checkConfig(gateway),
  // Debian's unit; redis reads its file only when it starts (persistence keeps the data across the restart).
  service: { unit: 'redis-server', reload: 'restart' },
  local: {
    dirs: [dataDir, '/var/log/redis', '/run/redis'],
    pidFile: pidPath,
    // The rendered file is complete (daemonize, pidfile, logfile, dir inside the sandbox); stop and start take a new one.
    args: (env) => [env.hostPath(configPath)],
    start: [],
  },
};

export default definePrograms([redisProgram]);
