/**
 * `redis-server` as this plugin runs it: the instances of a server — `default` (the server's redis of before
 * instances: `/etc/redis/redis.conf`, Debian's unit, port 6379) and up to eight named instances, one file each
 * (`/etc/redis/instances/<name>.conf`) — rendered by `render` (pure: the same settings give the same files, so the
 * files panel shows exactly what an apply would write), and the program descriptors (`@portal/plugin-sdk/program`):
 * the paths the plugin owns, how a file is checked before it is used, how the service takes it on a real server
 * (`systemctl restart redis-server`: redis has no reload) and the private instances the `local` gateway runs per
 * server (each on a loopback port of its own, its directories inside the sandbox through `hostPath`).
 *
 * A named instance runs as the program of its slot (`redis-<n>`, n = 1…8, kept for its life): the slot file
 * `/etc/redis/slots/redis-<n>` names the instance and carries a fingerprint of its file, so the static descriptors
 * run instances with names of the customer's choice and the apply sees which instance changed (`instances.ts`).
 *
 * Every value has passed the contract's limits (numbers, enums, a save schedule of digits and spaces, names of
 * `[a-z0-9-]`), so none can change a file's structure. Type imports only besides the SDK's program entry: the
 * generator loads this file to read the paths.
 */
import { checkByStarting, definePrograms, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ConfigRenderInput, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';
import { aclLines, aclSecrets, type AclUser } from './acl.ts';

export const configPath = '/etc/redis/redis.conf';
export const dataDir = '/var/lib/redis';
export const logPath = '/var/log/redis/redis-server.log';
export const pidPath = '/run/redis/redis-server.pid';
/** Where redis listens on a real server; the `local` gateway gives each server a loopback port of its own. */
export const defaultPort = 6379;
/** The instance that was the server's only redis before instances: its file, unit and program stay. */
export const defaultInstance = 'default';
/** At most this many named instances besides `default` (the slot programs `redis-1` … `redis-8`). */
export const maxInstances = 8;
export const slots = Array.from({ length: maxInstances }, (_, i) => i + 1);
export const instancesDir = '/etc/redis/instances';
export const slotsDir = '/etc/redis/slots';
export const runDir = '/run/redis';

/** The files and places of a named instance. */
export const instanceConfigOf = (name: string) => `${instancesDir}/${name}.conf`;
export const instanceDataOf = (name: string) => `${dataDir}/instances/${name}`;
export const instanceLogOf = (name: string) => `/var/log/redis/redis-${name}.log`;
/** The program (`redis-<n>`) and files of a slot. */
export const slotProgramId = (slot: number) => `redis-${slot}`;
export const slotFileOf = (slot: number) => `${slotsDir}/redis-${slot}`;
export const slotPidOf = (slot: number) => `${runDir}/redis-${slot}.pid`;
/** What the running redis-server of a program was started with (its slot file, or `default`'s fingerprint line). */
export const startedOf = (program: string) => `${runDir}/${program}.started`;
/** The systemd template unit of the slots on a real server: `redis-server-portal@<n>` runs slot n's instance. */
export const unitName = 'redis-server-portal';
export const unitPath = `/etc/systemd/system/${unitName}@.service`;

/**
 * What `render` needs besides the settings: the port the instance listens on, and the hash of the portal's own
 * management user's password (made once per server before the first apply; `undefined` only in a preview before it).
 */
export interface Prepared {
  port: number;
  portalHash?: string;
}

/** A named instance as `render` needs it (its stored row). */
export interface InstanceSpec {
  name: string;
  slot: number;
  /** The port as the customer chose it (on a real server the port itself). */
  port: number;
  maxmemoryMb: number;
  maxmemoryPolicy: Settings['maxmemoryPolicy'];
  appendonly: boolean;
  appendfsync: Settings['appendfsync'];
  saveSchedule: string;
  defaultUser: boolean;
}

/** An ACL user with the instance it belongs to (none: `default`). */
export type InstanceUser = AclUser & { instance?: string };

/** The desired state besides the settings: the named instances and the ACL users of every instance (`desired.load`). */
export interface Desired {
  users: InstanceUser[];
  instances?: InstanceSpec[];
}

/** The port of the server's redis (prepare → render; the stats source and the flush connect there). */
export const redisAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('redis', defaultPort);
/** The address of a named instance with the customer's `port`: the port itself on a real server, a loopback port of its own on `local`. */
export const instanceAddress = (gateway: Pick<ServerGateway, 'listenAddress'>, port: number) => gateway.listenAddress(`redis-port-${port}`, port);

/** A short fingerprint of a file (pure): a changed fingerprint restarts the instance. */
export function fingerprint(content: string): string {
  let h = 0x811c9dc5;
  for (const ch of content) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The slot file: the instance its program runs (`name=`) and the fingerprint of its file (`files=`). */
export const renderSlot = (name: string, config: string) =>
  `# Written by the customer portal (Managed Center, Redis).\n# The instance the program of this slot runs, and a fingerprint of its file (a change restarts it).\nname=${name}\nfiles=${fingerprint(config)}\n`;

/**
 * The template unit of the slots (a real server; the `local` gateway starts the slot programs itself): instance `%i`
 * is the slot number, its slot file an `EnvironmentFile` (`name=` — comments and `files=` are harmless there), so it
 * starts redis-server with the file the slot names, supervised by systemd as Debian's `redis-server.service` runs
 * `default`, with the same hardening. Fixed text (no setting in it): written once, it never changes, so systemd
 * needs no daemon-reload after an apply. `/run/redis` is shared with `default` and the other slots (pid files, start
 * marks): it stays when one instance stops (`RuntimeDirectoryPreserve`). The data directory is made on start.
 */
export const renderUnit = () =>
  [
    '# Written by the customer portal (Managed Center, Redis): the named redis instances, one per slot',
    `# (${unitName}@<n> runs the instance that ${slotsDir}/redis-<n> names). Changes here are overwritten.`,
    '[Unit]',
    'Description=Redis instance of slot %i (customer portal)',
    'After=network.target',
    'Documentation=man:redis-server(1)',
    `ConditionPathExists=${slotsDir}/redis-%i`,
    '',
    '[Service]',
    'Type=notify',
    `EnvironmentFile=${slotsDir}/redis-%i`,
    `ExecStartPre=/usr/bin/mkdir -p ${dataDir}/instances/\${name}`,
    `ExecStart=/usr/bin/redis-server ${instancesDir}/\${name}.conf --supervised systemd --daemonize no`,
    `PIDFile=${runDir}/redis-%i.pid`,
    'TimeoutStopSec=0',
    'Restart=always',
    'User=redis',
    'Group=redis',
    'RuntimeDirectory=redis',
    'RuntimeDirectoryMode=2755',
    'RuntimeDirectoryPreserve=yes',
    'UMask=007',
    'PrivateTmp=true',
    'LimitNOFILE=65535',
    'PrivateDevices=true',
    'ProtectHome=true',
    'ProtectSystem=strict',
    `ReadWritePaths=-${dataDir}`,
    'ReadWritePaths=-/var/log/redis',
    `ReadWritePaths=-${runDir}`,
    'CapabilityBoundingSet=',
    'LockPersonality=true',
    'MemoryDenyWriteExecute=true',
    'NoNewPrivileges=true',
    'PrivateUsers=true',
    'ProtectClock=true',
    'ProtectControlGroups=true',
    'ProtectHostname=true',
    'ProtectKernelLogs=true',
    'ProtectKernelModules=true',
    'ProtectKernelTunables=true',
    'ProtectProc=invisible',
    'RemoveIPC=true',
    'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX',
    'RestrictNamespaces=true',
    'RestrictRealtime=true',
    'RestrictSUIDSGID=true',
    'SystemCallArchitectures=native',
    'SystemCallFilter=@system-service',
    'SystemCallFilter=~ @privileged @resources',
    'NoExecPaths=/',
    'ExecPaths=/usr/bin/redis-server /usr/bin/mkdir /usr/lib /lib',
    '',
    '[Install]',
    'WantedBy=multi-user.target',
    '',
  ].join('\n');

/** The instance a slot file names (`null`: the slot is free). */
export const slotName = (content: string | null): string | null => /^name=([a-z][a-z0-9-]*)$/m.exec(content ?? '')?.[1] ?? null;

/** What the per-instance part of a file holds: memory, eviction, persistence and the default user. */
type InstanceValues = Pick<Settings, 'maxmemoryMb' | 'maxmemoryPolicy' | 'appendonly' | 'appendfsync' | 'saveSchedule' | 'defaultUser'>;

/** One instance's file: the server's settings (clients, timeout, databases, slow log, log level) with its own values. */
function renderFile(
  s: Settings,
  own: InstanceValues,
  at: { port: number; pidfile: string; logfile: string; dir: string },
  users: readonly AclUser[],
  portalHash: string | undefined,
  path: string,
): ConfigFile {
  const acl = { defaultUser: own.defaultUser, users };
  const lines = [
    '# Written by the customer portal (Managed Center, Redis). Changes here are overwritten.',
    '# Listens on the loopback interface only; applications of this server connect there.',
    'bind 127.0.0.1 -::1',
    'protected-mode yes',
    `port ${at.port}`,
    'daemonize yes',
    `pidfile ${at.pidfile}`,
    `logfile ${at.logfile}`,
    `dir ${at.dir}`,
    `loglevel ${s.logLevel}`,
    `databases ${s.databases}`,
    `maxclients ${s.maxClients}`,
    `timeout ${s.timeoutSeconds}`,
    '',
    '# Memory',
    `maxmemory ${own.maxmemoryMb}mb`,
    `maxmemory-policy ${own.maxmemoryPolicy}`,
    '',
    '# Persistence: RDB snapshots (seconds and changes) and the append-only file',
    `save "${own.saveSchedule}"`,
    `appendonly ${own.appendonly ? 'yes' : 'no'}`,
    `appendfsync ${own.appendfsync}`,
    '',
    '# Slow log',
    `slowlog-log-slower-than ${s.slowlogMicros}`,
    'slowlog-max-len 128',
    '',
    ...aclLines(acl, portalHash),
  ];
  // The password hashes are masked wherever the file is shown; readable by redis's group only.
  const secretValues = aclSecrets(acl, portalHash);
  return { path, content: `${lines.join('\n')}\n`, mode: 0o640, owner: 'redis', group: 'redis', ...(secretValues.length ? { secretValues } : {}) };
}

export function render(
  s: Settings,
  c: Pick<ConfigRenderInput<Prepared | undefined>, 'hostPath' | 'prepared'> & { desired?: Desired | undefined },
): ConfigFile[] {
  const users = c.desired?.users ?? [];
  const usersOf = (instance: string) => users.filter((u) => (u.instance ?? defaultInstance) === instance).map(({ instance: _i, ...u }) => u);
  const portalHash = c.prepared?.portalHash;
  const files = [
    renderFile(
      s,
      s,
      { port: c.prepared?.port ?? defaultPort, pidfile: c.hostPath(pidPath), logfile: c.hostPath(logPath), dir: c.hostPath(dataDir) },
      usersOf(defaultInstance),
      portalHash,
      configPath,
    ),
  ];
  for (const i of [...(c.desired?.instances ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
    const file = renderFile(
      s,
      i,
      {
        // The customer's port, as on a real server: the local gateway maps it to a loopback port of its own (`slotProgram`).
        port: i.port,
        pidfile: c.hostPath(slotPidOf(i.slot)),
        logfile: c.hostPath(instanceLogOf(i.name)),
        dir: c.hostPath(instanceDataOf(i.name)),
      },
      usersOf(i.name),
      portalHash,
      instanceConfigOf(i.name),
    );
    files.push(file, { path: slotFileOf(i.slot), content: renderSlot(i.name, file.content), mode: 0o644 });
  }
  // The slots' template unit, with the first named instance (a server with `default` only gets no file more).
  if (c.desired?.instances?.length) files.push({ path: unitPath, content: renderUnit(), mode: 0o644 });
  return files;
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

export const checkConfig = (gateway: ServerGateway, path = configPath): Promise<CheckOutcome> =>
  checkByStarting(gateway, {
    tool: 'redis-server',
    path,
    args: () => [{ path }, ...checkArgs],
    accepted: (r) => r.stdout.includes(acceptedMark) && !`${r.stdout}${r.stderr}`.includes('FATAL'),
    passed: 'configuration loaded',
  });

export const redisProgram: ProgramDescriptor = {
  id: 'redis',
  tool: 'redis-server',
  // The named instances' files, slot files and start marks too (one glob set; the slot programs only run them).
  paths: [configPath, `${instancesDir}/*.conf`, `${slotsDir}/redis-?`, `${runDir}/*.started`, unitPath],
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

/** The program of one slot: the named instance its slot file names (its file, data directory inside the sandbox). */
export const slotProgram = (slot: number): ProgramDescriptor => {
  const nameIn = async (env: { readFile(p: string): Promise<string | null> }) => slotName(await env.readFile(slotFileOf(slot))) ?? `unused-${slot}`;
  return {
    id: slotProgramId(slot),
    tool: 'redis-server',
    paths: [],
    privileged: true,
    // On a real server: the template unit (`renderUnit`, shipped with the first named instance), one unit per slot
    // (`redis-server-portal@<n>`) starting redis-server with the file its slot file names.
    service: { unit: `${unitName}@${slot}`, reload: 'restart' },
    // Loads the file its slot file names, as a start would (the local gateway creates its directories first).
    validate: async (gateway) => {
      const name = slotName(await gateway.readFile(slotFileOf(slot)));
      return name ? checkConfig(gateway, instanceConfigOf(name)) : { status: 'passed', tool: 'redis-server', output: 'no configuration' };
    },
    local: {
      dirs: ['/var/log/redis', runDir],
      // The instance's data directory (redis needs it to exist when it starts): a marker file creates it.
      files: async (env) => [{ path: `${instanceDataOf(await nameIn(env))}/.portal`, content: 'Created by the customer portal: the instance keeps its data here.\n' }],
      pidFile: slotPidOf(slot),
      // The file, and on the local gateway the instance's own loopback port for the port the file names (several
      // "servers" share this machine): `--port` after the file wins. Read from the file, so a rollback that brings
      // an instance back starts it where it listened before.
      args: async (env) => {
        const path = instanceConfigOf(await nameIn(env));
        const port = Number(/^port (\d+)$/m.exec((await env.readFile(path)) ?? '')?.[1] ?? 0);
        return [env.hostPath(path), ...(port ? ['--port', String((await env.listenAddress(`redis-port-${port}`, port)).port)] : [])];
      },
      start: [],
    },
  };
};

export default definePrograms([redisProgram, ...slots.map(slotProgram)]);
