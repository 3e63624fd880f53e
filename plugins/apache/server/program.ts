/**
 * apache as this plugin runs it (`ProgramDescriptor`, `@portal/plugin-sdk/program`): the paths the plugin
 * owns, the check of a staged copy of the whole configuration (`apache2 -t -f <staged main file>`),
 * `systemctl reload apache2` (graceful) on a real server, and the private apache per server the `local`
 * gateway runs — `apache2 -f <sandbox>/etc/apache2/apache2.conf -k start`, its pid, mutexes and logs inside the
 * sandbox, workers as www-data when the portal runs as root (apache ignores `User` otherwise). The main
 * configuration is the instance's own (like Debian's `/etc/apache2/apache2.conf`); the plugin writes
 * `/etc/apache2/portal/**` and listens where `listenAddress('apache', 80)` says (a loopback port of this server).
 *
 * No imports beyond the SDK's program entry (and the gateway's types): the generator reads the paths from here.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import { definePrograms, runsPrivateInstances, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';

export const mainConfPath = '/etc/apache2/apache2.conf';
/** The plugin's own tree: `portal.conf` (listen, log format, default site, sites), `sites/`, `htpasswd/`. */
export const portalDir = '/etc/apache2/portal';
export const portalConfPath = `${portalDir}/portal.conf`;
/** Where the check builds its copy of the whole configuration. */
export const stageDir = '/var/lib/apache2-portal/stage';
const errorLogPath = '/var/log/apache2/error.log';
const modules = [
  'mpm_event', 'authz_core', 'authz_host', 'authz_user', 'authn_core', 'authn_file', 'auth_basic', 'alias', 'dir', 'mime', 'rewrite',
  'headers', 'expires', 'filter', 'deflate', 'setenvif', 'env', 'proxy', 'proxy_fcgi', 'proxy_http', 'socache_shmcb', 'ssl',
  // Proxy locations with several upstreams (a balancer).
  'slotmem_shm', 'proxy_balancer', 'lbmethod_byrequests',
];

/** The main configuration of the private apache of the `local` gateway: everything inside the sandbox. */
export function renderMainConf(env: Pick<LocalEnv, 'hostPath'>): string {
  const p = (x: string) => `"${env.hostPath(x)}"`;
  return `# Written by the portal's local gateway. The plugin's configuration is ${portalConfPath}.
ServerRoot ${p('/etc/apache2')}
DefaultRuntimeDir ${p('/run/apache2')}
PidFile ${p('/run/apache2/apache2.pid')}
Mutex file:${env.hostPath('/run/apache2')} default
ErrorLog ${p(errorLogPath)}
LogLevel notice
ServerName localhost
ServerTokens Prod
${modules.map((m) => `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so`).join('\n')}
StartServers 1
ServerLimit 1
ThreadsPerChild 16
MaxRequestWorkers 16
MinSpareThreads 1
MaxSpareThreads 16
SSLSessionCache shmcb:${env.hostPath('/run/apache2/ssl_scache')}(512000)
User www-data
Group www-data
TypesConfig /etc/mime.types
AccessFileName .htaccess
<Directory />
    AllowOverride None
    Require all denied
</Directory>
IncludeOptional ${p(portalConfPath)}
`;
}

/**
 * The check: a staged copy of the whole configuration — the main file and the plugin's files with their paths
 * pointing into the stage, the customer's include slots and the certificates as they are — checked with
 * `apache2 -t -f <staged main file>`; the stage is removed afterwards. A graceful restart with a configuration
 * apache refuses stops apache, so nothing reaches the running server unchecked.
 */
export async function checkStaged(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  if (!(await gw.hasTool('apache2')).available) return { status: 'skipped', reason: 'tool_missing', tool: 'apache2' };
  const live = `${gw.hostPath(portalDir)}/`;
  const staged = `${gw.hostPath(`${stageDir}${portalDir}`)}/`;
  // The plugin's tree points into the stage; so do the runtime and log directories (the check only needs them to
  // exist, and creates nothing in the live ones — a first check runs before the instance ever started).
  const restage = (content: string) =>
    content.split(live).join(staged).replaceAll(gw.hostPath('/run/apache2'), gw.hostPath(stageDir)).replaceAll(gw.hostPath('/var/log/apache2'), gw.hostPath(stageDir));
  // A sandbox's instance runner writes the instance's main file when it starts it: the check uses the same text before that.
  const main = runsPrivateInstances(gw) ? renderMainConf(gw) : await gw.readFile(mainConfPath);
  if (main === null) return { status: 'failed', tool: 'apache2', output: `${mainConfPath} is missing` };
  const copies: ConfigFile[] = [
    { path: `${stageDir}${mainConfPath}`, content: restage(main) },
    ...files.filter((f) => f.path.startsWith(`${portalDir}/`)).map((f) => ({ ...f, path: `${stageDir}${f.path}`, content: restage(f.content) })),
  ];
  try {
    for (const f of copies) await gw.writeFile(f);
    const r = await gw.run({ tool: 'apache2', args: ['-t', '-f', { path: copies[0].path }], timeoutMs: 20_000 });
    const output = (r.stderr + r.stdout).split(staged).join(live).trim().slice(-20_000);
    return { status: r.exitCode === 0 ? 'passed' : 'failed', tool: 'apache2', output: output || (r.timedOut ? 'timed out' : '') };
  } finally {
    for (const f of copies) await gw.removeFile(f.path);
  }
}

/** How apache is checked, reloaded and run. */
export const apacheProgram: ProgramDescriptor = {
  id: 'apache',
  tool: 'apache2',
  // The plugin's tree (sites, password files), the certificates (self-signed ones are created here) and the check's stage.
  paths: [`${portalDir}/**`, '/etc/apache2/portal-ssl/*', `${stageDir}/**`],
  // The logs (search, live tail) and the main file the check copies.
  reads: ['/var/log/apache2/*', mainConfPath],
  // The sites' include slots: the customer's files, included by the sites and never written by an apply.
  preserved: ['/etc/apache2/portal-slots/**'],
  privileged: true,
  port: 80,
  validate: checkStaged,
  service: { unit: 'apache2', reload: 'reload' },
  local: {
    files: (env) => [{ path: mainConfPath, content: renderMainConf(env) }],
    dirs: ['/etc/apache2/portal/sites', '/var/log/apache2', '/run/apache2', '/var/www'],
    pidFile: '/run/apache2/apache2.pid',
    args: (env) => ['-f', env.hostPath(mainConfPath)],
    start: ['-k', 'start'],
    reload: ['-k', 'graceful'],
    // A graceful restart is asynchronous: the parent logs the signal, re-reads the configuration and resumes.
    reloadLog: { path: errorLogPath, failed: /AH00526|AH00016|AH00015|AH00019|Syntax error|no listening sockets/, done: /AH00493[\s\S]*AH00489/, waitMs: 5000 },
  },
};

export default definePrograms([apacheProgram]);
