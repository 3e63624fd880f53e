/**
 * ProFTPD as this plugin runs it (`ProgramDescriptor`, `@portal/plugin-sdk/program`): the files it owns (the portal's
 * part of the configuration, the account file, the quota list and tables, the TLS pair), the check (`proftpd -t`),
 * `systemctl reload proftpd` on a real server, and the private daemon the `local` gateway runs per server.
 *
 * The private daemon: started as root by the gateway (the machine runs as root; ProFTPD needs root to switch to the
 * account's uid after the login and to chroot into its document root), it drops to `User nobody`/`Group nogroup`
 * for everything else and runs each session as the account's uid (`www-data`, 33). It listens only on the loopback
 * address (`DefaultAddress 127.0.0.1`, `SocketBindTight on`, the port from `listenAddress('proftpd', 21)`), and its
 * pid file, scoreboard, delay table and logs lie in the sandbox. Its main file includes exactly the portal's file
 * (`Include …/conf.d/portal.conf`, not a glob): without that file (nothing applied yet) it does not start, so it never
 * binds port 21. It has no reload argument: the gateway stops and starts it (a real server: `systemctl reload`).
 *
 * No imports beyond the SDK's program entry and the gateway's types: the generator reads the paths from here.
 */
import type { CheckOutcome, ServerGateway } from '@portal/plugin-sdk/gateway';
import { definePrograms, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';

export const mainConfPath = '/etc/proftpd/proftpd.conf';
export const portalConfPath = '/etc/proftpd/conf.d/portal.conf';
export const passwdPath = '/etc/proftpd/portal.passwd';
export const quotaListPath = '/etc/proftpd/portal-quota.tsv';
export const tlsDir = '/etc/proftpd/portal-tls';
export const tlsCertPath = `${tlsDir}/ftp.pem`;
export const tlsKeyPath = `${tlsDir}/ftp.key`;
/** The quota tables (binary, built by `ftpquota` from the quota list in the reload step). */
export const quotaDir = '/var/lib/proftpd-portal';
export const quotaLimitPath = `${quotaDir}/ftpquota.limittab`;
export const quotaTallyPath = `${quotaDir}/ftpquota.tallytab`;
export const logDir = '/var/log/proftpd';
/** One line per login attempt (`ExtendedLog … AUTH portal-auth`), read by the status. */
export const authLogPath = `${logDir}/portal-auth.log`;
/** The web root the accounts' document roots are relative to. */
export const webRoot = '/var/www';
export const defaultPort = 21;

/** The main configuration of the private daemon of the `local` gateway: everything inside the sandbox. */
export function renderMainConf(env: Pick<LocalEnv, 'hostPath'>): string {
  const p = (x: string) => env.hostPath(x);
  return `# Written by the portal's local gateway: the private ProFTPD of this sandbox. The portal's part is ${portalConfPath}.
ServerType standalone
ServerName "Managed Center FTP"
DefaultServer on
DefaultAddress 127.0.0.1
SocketBindTight on
UseIPv6 off
User nobody
Group nogroup
Umask 022
MaxInstances 30
UseReverseDNS off
WtmpLog off
PidFile ${p('/run/proftpd/proftpd.pid')}
ScoreboardFile ${p('/run/proftpd/proftpd.scoreboard')}
DelayTable ${p('/run/proftpd/proftpd.delay')}
SystemLog ${p(`${logDir}/proftpd.log`)}
TransferLog ${p(`${logDir}/xferlog`)}
ModulePath /usr/lib/proftpd
Include ${p(portalConfPath)}
`;
}

/** What in `proftpd -t`'s output refuses a configuration (its exit status does not, see `checkConfig`). */
export const refusal = /\b(fatal|error):|unable to include/i;

/**
 * `proftpd -t` on the main file, which includes the portal's file: it parses both and every module they load. Two
 * quirks of ProFTPD 1.3.8 decide how: a check ends with status 0 even when a file is refused ("fatal: unknown
 * configuration directive …", then "warning: unable to include …" — and a start would go on without that file), so
 * the output decides (any `fatal:`/`error:` line or "unable to include" refuses); and with a socket as standard
 * input (what a gateway's `run` gives a program) it takes itself for an inetd child and writes those lines to syslog
 * instead of standard error. So the check runs through `sh -c 'exec proftpd -t -c "$1" </dev/null'` — a fixed script,
 * the file's path its only argument.
 */
export async function checkConfig(gw: ServerGateway): Promise<CheckOutcome> {
  const tool = 'proftpd';
  if (!(await gw.hasTool(tool)).available) return { status: 'skipped', reason: 'tool_missing', tool };
  const r = await gw.run({ tool: 'sh', args: ['-c', 'exec proftpd -t -c "$1" </dev/null 2>&1', 'proftpd-check', { path: mainConfPath }], timeoutMs: 15_000 });
  const output = `${r.stdout}${r.stderr}`.trim().slice(-20_000);
  const refused = r.exitCode !== 0 || refusal.test(output);
  return { status: refused ? 'failed' : 'passed', tool, output: output || (r.timedOut ? 'timed out' : `exit ${r.exitCode}`) };
}

/** How ProFTPD is checked, reloaded and run. */
export const proftpdProgram: ProgramDescriptor = {
  id: 'proftpd',
  tool: 'proftpd',
  paths: [portalConfPath, passwdPath, quotaListPath, `${tlsDir}/*`, `${quotaDir}/*`],
  reads: [`${logDir}/*`, mainConfPath],
  privileged: true,
  port: defaultPort,
  validate: (gw) => checkConfig(gw),
  service: { unit: 'proftpd', reload: 'reload' },
  local: {
    files: (env) => [{ path: mainConfPath, content: renderMainConf(env) }],
    dirs: ['/etc/proftpd/conf.d', '/run/proftpd', logDir, webRoot, tlsDir, quotaDir],
    pidFile: '/run/proftpd/proftpd.pid',
    args: (env) => ['-c', env.hostPath(mainConfPath)],
    start: [],
  },
};

export default definePrograms([proftpdProgram]);
