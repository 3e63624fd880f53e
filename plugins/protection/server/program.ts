/**
 * The programs of `protection` (`ProgramDescriptor`, `@portal/plugin-sdk/program`):
 *
 * - `fail2ban`: the jails file it owns, checked with `fail2ban-client -c <stage> -t` on a staged copy of the
 *   server's `/etc/fail2ban` with the new file over it (works unprivileged: the test reads the configuration and the
 *   jails' logs, starts nothing); `systemctl reload fail2ban` on a real server; on the `local` gateway a private
 *   `fail2ban-server` per sandbox — its configuration directory the distribution's copied once into the sandbox
 *   (`init`), its socket, pid file, database and log there, banning with fail2ban's `dummy` action (it records the
 *   bans and touches no firewall) and the services' log paths pointing into the sandbox.
 * - `waf`: the ModSecurity include it owns, checked with `apache2 -t` on a staged minimal configuration that loads
 *   the include (and with it mod_security2 and the Core Rule Set); `systemctl reload apache2` on a real server. No
 *   private instance of its own: the sandbox's apache is the apache module's, which includes `conf-enabled/*.conf`.
 *
 * No imports beyond the SDK's program entry and the gateway's types: the generator reads the paths from here.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import { checkInStage, definePrograms, runsPrivateInstances, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';

const jailsPath = '/etc/fail2ban/jail.d/portal.conf';
const wafPath = '/etc/apache2/conf-enabled/portal-waf.conf';
const auditLog = '/var/log/apache2/modsec_audit.log';
export const stageDir = '/var/lib/portal-protection/stage';
export const socketPath = '/run/fail2ban/fail2ban.sock';
const pidFile = '/run/fail2ban/fail2ban.pid';
const configDir = '/etc/fail2ban';
/** An empty file each sandbox log variable also names: fail2ban refuses a jail none of whose logs exist. */
const placeholderLog = '/var/lib/portal-protection/no-log-yet.log';

/** fail2ban's log variables (`paths-common.conf`) and where the sandbox's private services write those logs. */
const sandboxLogs: Record<string, string> = {
  sshd_log: '/var/log/auth.log',
  apache_error_log: '/var/log/apache2/*error.log',
  apache_access_log: '/var/log/apache2/*access.log',
  nginx_error_log: '/var/log/nginx/*error.log',
  nginx_access_log: '/var/log/nginx/*access.log',
  postfix_log: '/var/log/mail.log',
  dovecot_log: '/var/log/mail.log',
  proftpd_log: '/var/log/proftpd/proftpd.log',
  pureftpd_log: '/var/log/pure-ftpd/transfer.log',
  mysql_log: '/var/log/mysql/error.log',
};

/** The sandbox's own fail2ban files: where the private server keeps its socket, pid, database and log; the dummy action; the logs. */
export function sandboxFiles(env: Pick<LocalEnv, 'hostPath'>): ConfigFile[] {
  const p = (path: string) => env.hostPath(path);
  const logs = Object.entries(sandboxLogs).map(([name, path]) => `${name} = ${p(path)}\n    ${p(placeholderLog)}`);
  return [
    {
      path: `${configDir}/fail2ban.local`,
      content: `# Written by the portal's local gateway: the private fail2ban-server of this sandbox.\n[Definition]\nlogtarget = ${p('/var/log/fail2ban.log')}\nsocket = ${p(socketPath)}\npidfile = ${p(pidFile)}\ndbfile = ${p('/var/lib/fail2ban/fail2ban.sqlite3')}\n`,
    },
    { path: `${configDir}/paths-overrides.local`, content: `# Written by the portal's local gateway: the sandbox's logs.\n[DEFAULT]\n${logs.join('\n')}\n` },
    {
      path: `${configDir}/jail.d/zz-sandbox.local`,
      content: `# Written by the portal's local gateway: bans are recorded, no firewall is touched.\n[DEFAULT]\nbackend = polling\nbanaction = dummy[target="${p('/run/fail2ban/fail2ban.dummy')}"]\nbanaction_allports = %(banaction)s\n`,
    },
    { path: placeholderLog, content: '' },
  ];
}

/** `fail2ban-client -c <stage> -t` on a copy of the server's `/etc/fail2ban` with the new jails file over it. */
export async function checkJails(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const jails = files.filter((f) => f.path === jailsPath);
  const sandbox = runsPrivateInstances(gw);
  return checkInStage(gw, {
    tool: 'fail2ban-client',
    stageDir: `${stageDir}/fail2ban`,
    // The distribution's configuration as the server has it (the sandbox's is copied from this machine's).
    copy: [{ from: configDir, to: configDir }],
    files: [...(sandbox ? sandboxFiles(gw).filter((f) => f.path.startsWith(`${configDir}/`)) : []), ...jails],
    args: (stage) => ['-c', stage(configDir), '-t'],
  });
}

/** A minimal apache configuration that loads only the include: `apache2 -t -f` checks it with mod_security2 and the CRS. */
export async function checkWaf(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const waf = files.find((f) => f.path === wafPath);
  if (!waf) return { status: 'passed', tool: 'apache2', output: 'no include' };
  const at = (path: string) => `"${gw.hostPath(`${stageDir}/waf${path}`)}"`;
  const main = [
    '# The check of the WAF include (protection): nothing else of apache is loaded.',
    `DefaultRuntimeDir ${at('/run')}`,
    `PidFile ${at('/run/apache2.pid')}`,
    `ErrorLog ${at('/error.log')}`,
    'ServerName localhost',
    'LoadModule mpm_event_module /usr/lib/apache2/modules/mod_mpm_event.so',
    'LoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so',
    `Include ${at(wafPath)}`,
  ].join('\n');
  return checkInStage(gw, {
    tool: 'apache2',
    stageDir: `${stageDir}/waf`,
    // The audit log goes into the stage too: the check creates nothing next to the live files (its directory may not exist yet).
    files: [{ path: '/run/.keep', content: '' }, { path: '/check.conf', content: `${main}\n` }, { ...waf, content: waf.content.split(gw.hostPath(auditLog)).join(gw.hostPath(`${stageDir}/waf/audit.log`)) }],
    args: (stage) => ['-t', '-f', stage('/check.conf')],
  });
}

const script = (command: string) => `exec fail2ban-client -c "$1" ${command}`;

export const fail2banProgram: ProgramDescriptor = {
  id: 'fail2ban',
  tool: 'fail2ban-client',
  paths: [jailsPath, `${stageDir}/**`, placeholderLog],
  // The running server's socket (bans) and log.
  reads: [socketPath, '/var/log/fail2ban.log'],
  privileged: true,
  validate: checkJails,
  service: { unit: 'fail2ban', reload: 'reload' },
  local: {
    files: (env) => sandboxFiles(env),
    dirs: ['/run/fail2ban', '/var/lib/fail2ban', '/var/log/apache2', '/var/log/nginx'],
    // The distribution's configuration, copied once as the package would have installed it (the files above stay).
    init: { tool: 'cp', args: (env) => ['-rn', `${configDir}/.`, env.hostPath(configDir)], creates: `${configDir}/jail.conf` },
    pidFile,
    command: '/bin/sh',
    process: 'fail2ban-server',
    args: (env) => ['portal-protection', env.hostPath(configDir)],
    start: ['-c', script('-x start')],
    reload: ['-c', script('reload')],
  },
};

export const wafProgram: ProgramDescriptor = {
  id: 'waf',
  tool: 'apache2',
  paths: [wafPath],
  reads: [auditLog],
  privileged: true,
  validate: checkWaf,
  service: { unit: 'apache2', reload: 'reload' },
};

export default definePrograms([fail2banProgram, wafProgram]);
