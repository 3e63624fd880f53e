/**
 * The accounts of a server as ProFTPD's files — pure, so the files panel shows exactly what an apply writes:
 *
 * - `/etc/proftpd/conf.d/portal.conf`: the port, TLS required on the control and data channels (mod_tls, the pair in
 *   `/etc/proftpd/portal-tls`), only the portal's account file (`AuthOrder mod_auth_file.c`), every account locked
 *   into its home (`DefaultRoot ~`), the home created on the first login owned by the account (`CreateHome`), the
 *   quota tables (mod_quotatab_file) and a log line per login attempt;
 * - `/etc/proftpd/portal.passwd` (secret, 0600): `login:hash:uid:gid::home:shell` per account that has not expired,
 *   the hash SHA-512-crypt, the uid/gid of `www-data` (33, the owner of the web files), the home the document root;
 * - `/etc/proftpd/portal-quota.tsv`: `login<TAB>bytes` per account with a quota, turned into the binary limit table
 *   by `ftpquota` in the reload step (`quota.ts`).
 *
 * An account whose expiry date has passed is left out of the account file: ProFTPD refuses it like an unknown login.
 * Every value passed the contract's patterns; the renderer checks them again (`fieldPattern`), so nothing stored can
 * add a line or a field (a `:` in a home, a newline in a login).
 */
import type { ConfigFile } from '@portal/plugin-sdk/gateway';
import { fieldPattern } from '@portal/plugin-sdk/resources';
import { ftpUserResource } from '../generated/resources.ts';
import { authLogPath, defaultPort, logDir, passwdPath, portalConfPath, quotaLimitPath, quotaListPath, quotaTallyPath, tlsCertPath, tlsKeyPath, webRoot } from './program.ts';
import { isExpired } from './rules.ts';

/** What the account file says about every account: the uid and gid of the web files (`www-data` on Debian). */
export const ftpUid = 33;
export const ftpGid = 33;
const shell = '/usr/sbin/nologin';
const hashPattern = /^\$6\$[./0-9A-Za-z]{1,16}\$[./0-9A-Za-z]{86}$/;
const login = fieldPattern(ftpUserResource.fields.login)!;
const documentRoot = fieldPattern(ftpUserResource.fields.documentRoot)!;
const expiresOn = fieldPattern(ftpUserResource.fields.expiresOn)!;

export interface RenderableUser {
  id: number;
  login: string;
  documentRoot: string;
  quotaMb: number;
  expiresOn: string;
  passwordHash: string;
}

export interface RenderEnv {
  /** Where the daemon listens (`listenAddress('proftpd', 21)`; the `local` gateway: a loopback port per server). */
  port: number;
  hostPath(path: string): string;
  now: Date;
}

/** The server path of an account's document root. */
export const homeOf = (root: string): string => `${webRoot}/${root}`;

function checked(u: RenderableUser): RenderableUser {
  const ok =
    login.test(u.login) &&
    documentRoot.test(u.documentRoot) &&
    !u.documentRoot.split('/').includes('..') &&
    expiresOn.test(u.expiresOn) &&
    hashPattern.test(u.passwordHash) &&
    Number.isInteger(u.quotaMb) &&
    u.quotaMb >= 0;
  if (!ok) throw new Error(`ftp account ${u.id}: value not allowed`);
  return u;
}

/** The portal's part of ProFTPD's configuration. */
export function renderConfig(env: RenderEnv): string {
  const p = (x: string) => env.hostPath(x);
  return `# Written by the customer portal (Managed Center, FTP). Changes here are overwritten.
<IfModule !mod_tls.c>
  LoadModule mod_tls.c
</IfModule>
<IfModule !mod_quotatab.c>
  LoadModule mod_quotatab.c
</IfModule>
<IfModule !mod_quotatab_file.c>
  LoadModule mod_quotatab_file.c
</IfModule>
Port ${env.port}
# Only the portal's accounts: no system user logs in over FTP.
AuthOrder mod_auth_file.c
AuthUserFile ${p(passwdPath)}
RequireValidShell off
MaxLoginAttempts 3
TimeoutIdle 600
# Each account sees only its document root, created on its first login and owned by the account.
DefaultRoot ~
CreateHome on 0755 dirmode 0755
AllowOverwrite on
# FTPS only (explicit, AUTH TLS): a client without TLS cannot log in or transfer.
TLSEngine on
TLSRequired on
TLSProtocol TLSv1.2 TLSv1.3
TLSECCertificateFile ${p(tlsCertPath)}
TLSECCertificateKeyFile ${p(tlsKeyPath)}
TLSLog ${p(`${logDir}/tls.log`)}
# Quotas per account (limit table built by ftpquota from ${quotaListPath}).
QuotaEngine on
QuotaShowQuotas on
QuotaLimitTable file:${p(quotaLimitPath)}
QuotaTallyTable file:${p(quotaTallyPath)}
# One line per login attempt, read by the portal's status.
LogFormat portal_auth "%{iso8601} %a %U %m %s"
ExtendedLog ${p(authLogPath)} AUTH portal_auth
`;
}

/** ProFTPD's account file (passwd format): the accounts that have not expired. */
export function renderPasswd(users: readonly RenderableUser[], env: Pick<RenderEnv, 'hostPath' | 'now'>): string {
  return [...users]
    .sort((a, b) => a.login.localeCompare(b.login))
    .map(checked)
    .filter((u) => !isExpired(u.expiresOn, env.now))
    .map((u) => `${u.login}:${u.passwordHash}:${ftpUid}:${ftpGid}::${env.hostPath(homeOf(u.documentRoot))}:${shell}\n`)
    .join('');
}

/** `login<TAB>bytes` per account with a quota. */
export function renderQuotaList(users: readonly RenderableUser[]): string {
  return [...users]
    .sort((a, b) => a.login.localeCompare(b.login))
    .map(checked)
    .filter((u) => u.quotaMb > 0)
    .map((u) => `${u.login}\t${u.quotaMb * 1024 * 1024}\n`)
    .join('');
}

/** Every file of the plugin. */
export function renderFiles(users: readonly RenderableUser[], env: RenderEnv): ConfigFile[] {
  return [
    { path: portalConfPath, content: renderConfig(env), mode: 0o644 },
    { path: passwdPath, content: renderPasswd(users, env), mode: 0o600, secret: true },
    { path: quotaListPath, content: renderQuotaList(users), mode: 0o644 },
  ];
}

export { defaultPort };
