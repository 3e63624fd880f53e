/**
 * RabbitMQ as this plugin runs it: its files (`render`, pure) and the program descriptor — the paths it owns, the
 * check against the broker's own configuration schemas, and the private node the `local` gateway runs per server.
 *
 * Files: the settings as `/etc/rabbitmq/rabbitmq.conf` (the broker's `sysctl` format; listeners on the loopback
 * interface), `/etc/rabbitmq/rabbitmq-env.conf` (distribution and epmd ports), `/etc/rabbitmq/enabled_plugins`
 * (the management plugin, whose HTTP API the portal applies through) and the secret definitions file (virtual
 * hosts, users with the broker's password hashes, permissions, policies, exchanges, bindings) that the apply's reload step (`broker.ts`) brings
 * the running broker in line with. Every value has passed the contract's limits (numbers), names and patterns
 * only reach the JSON file (escaped by `JSON.stringify`), so nothing typed can change a file's structure.
 *
 * The private node: `/usr/lib/rabbitmq/bin/rabbitmq-server` (Debian's `/usr/sbin` wrapper switches to the
 * `rabbitmq` user), configured by its environment — node name, Mnesia and log directories, configuration files,
 * pid file, all inside the sandbox; its distribution port and an epmd of its own on loopback ports
 * (`ERL_EPMD_PORT`), so it never meets the system broker (5672) or the system epmd (4369).
 *
 * Type imports only besides the SDK's program entry: the generator loads this file for the paths.
 */
import { definePrograms, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ConfigRenderInput, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const configPath = '/etc/rabbitmq/rabbitmq.conf';
export const envPath = '/etc/rabbitmq/rabbitmq-env.conf';
export const pluginsPath = '/etc/rabbitmq/enabled_plugins';
export const definitionsPath = '/etc/rabbitmq/portal-definitions.json';
/** Written by the reload step, never rendered: the API's administrator, what it created, the configuration it started with. */
export const adminPath = '/var/lib/portal-rabbitmq/admin.json';
export const managedPath = '/var/lib/portal-rabbitmq/managed.json';
export const pidPath = '/var/lib/rabbitmq/rabbitmq.pid';
export const defaultPorts = { amqp: 5672, management: 15672, dist: 25672, epmd: 4369 } as const;
/** The management API's administrator (reserved: no user of the portal may take the name). */
export const adminUser = 'portal-admin';

export interface Prepared {
  amqp: number;
  management: number;
  dist: number;
  epmd: number;
}

export interface DefinitionUser {
  name: string;
  hash: string;
  tags: string[];
}
export interface DefinitionPermission {
  vhost: string;
  user: string;
  configure: string;
  write: string;
  read: string;
}
export interface DefinitionPolicy {
  vhost: string;
  name: string;
  pattern: string;
  applyTo: string;
  priority: number;
  /** The broker's keys (`max-length`, `message-ttl`, …) and values, as the contract allows them. */
  definition: Record<string, string | number>;
}
export interface DefinitionExchange {
  vhost: string;
  name: string;
  type: string;
  durable: boolean;
  autoDelete: boolean;
}
export interface DefinitionBinding {
  vhost: string;
  source: string;
  destinationType: string;
  destination: string;
  routingKey: string;
}
/** The desired virtual hosts, users, permissions, policies, exchanges and bindings (`desired.load`), rendered into the definitions file. */
export interface Definitions {
  vhosts: { name: string; description: string }[];
  users: DefinitionUser[];
  permissions: DefinitionPermission[];
  policies?: DefinitionPolicy[];
  exchanges?: DefinitionExchange[];
  bindings?: DefinitionBinding[];
}

/** Where the server's broker listens (prepare → render; the API, the figures and the queues connect there). */
export async function brokerPorts(gateway: Pick<ServerGateway, 'listenAddress'>): Promise<Prepared> {
  const port = async (k: keyof Prepared, id: string) => (await gateway.listenAddress(id, defaultPorts[k])).port;
  return { amqp: await port('amqp', 'rabbitmq'), management: await port('management', 'rabbitmq-management'), dist: await port('dist', 'rabbitmq-dist'), epmd: await port('epmd', 'rabbitmq-epmd') };
}

const mb = 1024 * 1024;

/** The settings as `rabbitmq.conf` keys (the file's lines, checked by the broker's schemas). */
export function options(s: Settings): [string, string | number][] {
  return [
    ['vm_memory_high_watermark.relative', (s.memoryHighWatermarkPercent / 100).toFixed(2)],
    ['disk_free_limit.absolute', `${s.diskFreeLimitMb}MB`],
    ['heartbeat', s.heartbeatSeconds],
    ['channel_max', s.channelMax],
    ['max_message_size', s.maxMessageSizeMb * mb],
  ];
}

export function render(s: Settings, c: Pick<ConfigRenderInput<Prepared | undefined>, 'prepared'> & { desired?: Definitions }): ConfigFile[] {
  const ports = c.prepared ?? defaultPorts;
  const conf = [
    '# Written by the customer portal (Managed Center, RabbitMQ). Changes here are overwritten.',
    `listeners.tcp.default = 127.0.0.1:${ports.amqp}`,
    `management.tcp.ip = 127.0.0.1`,
    `management.tcp.port = ${ports.management}`,
    'loopback_users.guest = true',
    ...options(s).map(([k, v]) => `${k} = ${v}`),
  ];
  const env = ['# Written by the customer portal (Managed Center, RabbitMQ).', `DIST_PORT=${ports.dist}`, `ERL_EPMD_PORT=${ports.epmd}`];
  const definitions: Definitions = c.desired ?? { vhosts: [], users: [], permissions: [], policies: [], exchanges: [], bindings: [] };
  return [
    { path: configPath, content: `${conf.join('\n')}\n`, mode: 0o644 },
    { path: envPath, content: `${env.join('\n')}\n`, mode: 0o644 },
    { path: pluginsPath, content: '[rabbitmq_management].\n', mode: 0o644 },
    { path: definitionsPath, content: `${JSON.stringify(definitions, null, 2)}\n`, mode: 0o600, secret: true },
  ];
}

/**
 * The check, by the broker's own code: `erl` loads RabbitMQ's libraries and maps the file through the configuration
 * schemas of the broker and its plugins (cuttlefish, what the broker does when it starts) — an unknown key or a value
 * of the wrong type is refused with the broker's message, in under a second and without starting a node.
 */
export const checkCode = [
  '[Conf | _] = init:get_plain_arguments(),',
  'Root = lists:last(lists:sort(filelib:wildcard("/usr/lib/rabbitmq/lib/rabbitmq_server-*"))),',
  'code:add_paths(filelib:wildcard(Root ++ "/plugins/*/ebin")),',
  'Schema = cuttlefish_schema:files(filelib:wildcard(Root ++ "/plugins/*/priv/schema/*.schema")),',
  'case cuttlefish_generator:map(Schema, cuttlefish_conf:files([Conf])) of',
  '  {error, Phase, {errorlist, Es}} -> [io:format("~s: ~p~n", [Phase, E]) || E <- Es], halt(1);',
  '  _ -> io:format("configuration accepted~n"), halt(0)',
  'end.',
].join(' ');

export async function checkConfig(gateway: ServerGateway): Promise<CheckOutcome> {
  const tool = 'erl';
  if (!(await gateway.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  if ((await gateway.readFile(configPath)) === null) return { status: 'passed', tool, output: 'no configuration' };
  const r = await gateway.run({ tool, args: ['-noshell', '-noinput', '-eval', checkCode, '-extra', { path: configPath }], timeoutMs: 20_000 });
  const output = `${r.stdout}${r.stderr}`.trim().slice(-20_000);
  return { status: r.exitCode === 0 ? 'passed' : 'failed', tool, output: output || (r.timedOut ? 'timed out' : `exit ${r.exitCode}`) };
}

/** `KEY=value` lines of the rendered `rabbitmq-env.conf`. */
export function envFile(content: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of (content ?? '').split('\n')) {
    const m = /^([A-Z_]+)=([0-9]+)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** The private node's environment: everything inside the sandbox, its ports from the rendered env file, the API's administrator. */
export async function nodeEnvironment(env: LocalEnv): Promise<Record<string, string>> {
  const ports = envFile(await env.readFile(envPath));
  const admin = JSON.parse((await env.readFile(adminPath)) ?? '{}') as { password?: string };
  return {
    HOME: env.hostPath('/var/lib/rabbitmq'),
    RABBITMQ_NODENAME: 'rabbit@localhost',
    RABBITMQ_MNESIA_BASE: env.hostPath('/var/lib/rabbitmq/mnesia'),
    RABBITMQ_LOG_BASE: env.hostPath('/var/log/rabbitmq'),
    RABBITMQ_CONFIG_FILE: env.hostPath(configPath),
    RABBITMQ_ADVANCED_CONFIG_FILE: env.hostPath('/etc/rabbitmq/advanced.config'),
    RABBITMQ_CONF_ENV_FILE: env.hostPath(envPath),
    RABBITMQ_ENABLED_PLUGINS_FILE: env.hostPath(pluginsPath),
    RABBITMQ_PID_FILE: env.hostPath(pidPath),
    RABBITMQ_DIST_PORT: ports.DIST_PORT ?? String(defaultPorts.dist),
    ERL_EPMD_PORT: ports.ERL_EPMD_PORT ?? String(defaultPorts.epmd),
    ERL_EPMD_ADDRESS: '127.0.0.1',
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
    ...(admin.password ? { RABBITMQ_DEFAULT_USER: adminUser, RABBITMQ_DEFAULT_PASS: admin.password } : {}),
  };
}

export const rabbitmqProgram: ProgramDescriptor = {
  id: 'rabbitmq',
  tool: 'rabbitmq-server',
  paths: [configPath, envPath, pluginsPath, definitionsPath, adminPath, managedPath],
  reads: ['/var/log/rabbitmq/*'],
  privileged: true,
  port: defaultPorts.amqp,
  validate: (gateway) => checkConfig(gateway),
  // Debian's unit; the broker reads rabbitmq.conf only when it starts: the reload step restarts it when the file changed.
  service: { unit: 'rabbitmq-server', reload: 'restart' },
  local: {
    command: '/usr/lib/rabbitmq/bin/rabbitmq-server',
    process: 'beam.smp',
    env: nodeEnvironment,
    dirs: ['/var/lib/rabbitmq/mnesia', '/var/log/rabbitmq', '/var/lib/portal-rabbitmq'],
    pidFile: pidPath,
    args: () => [],
    start: [],
    foreground: true,
  },
};

export default definePrograms([rabbitmqProgram]);
