/**
 * Postfix as this plugin runs it (`ProgramDescriptor`, `@portal/plugin-sdk/program`): the files it owns (the lookup
 * tables in `/etc/postfix/portal`, the Dovecot passwd-file and its snippet, the DKIM keys, a staging directory for the
 * checks), the check (`check.ts`: `postmap`, `postfix check` and `doveconf -n` on staged copies), `systemctl reload
 * postfix` on a real server, and the private Postfix the `local` gateway runs per server.
 *
 * The private Postfix (docs/decisions.md, "email"): `MAIL_CONFIG=<sandbox>/etc/postfix postfix start`, started as root (the
 * portal's process; Postfix's master needs root and drops to the `postfix` user for its daemons), queue, data
 * directory, pid file and log in the sandbox (`maillog_file` with `maillog_file_prefixes`, so nothing goes to the
 * system's syslog), listening only on `127.0.0.1:<listenAddress('postfix', 25)>`, no local delivery
 * (`mydestination` empty): only the portal's virtual domains. The data directory must belong to `postfix` (the
 * master's lock file) and the Maildirs' base to `mail` (the uid `virtual` delivers as), so `init` creates both with
 * `install -o`, not `dirs` (created as root).
 *
 * No imports beyond the SDK's program entry and the gateway's types: the generator reads the paths from here.
 */
import type { ConfigFile } from '@portal/plugin-sdk/gateway';
import { definePrograms, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';

export const postfixDir = '/etc/postfix';
export const mainCfPath = `${postfixDir}/main.cf`;
export const masterCfPath = `${postfixDir}/master.cf`;
/** The portal's lookup tables (text; `postmap` builds the `.db` next to each). */
export const mapsDir = `${postfixDir}/portal`;
export const mapNames = ['virtual_mailbox_domains', 'virtual_mailbox_maps', 'virtual_alias_maps', 'sender_bcc_maps', 'recipient_bcc_maps'] as const;
export type MapName = (typeof mapNames)[number];
export const mapPath = (name: MapName): string => `${mapsDir}/${name}`;
export const dovecotPasswdPath = '/etc/dovecot/portal/passwd';
export const dovecotConfPath = '/etc/dovecot/conf.d/90-portal-mail.conf';
export const dkimDir = '/etc/dkimkeys/portal';
/** Where the checks stage their copies. */
export const stageDir = '/var/lib/portal-email/check';
export const queueDir = '/var/spool/postfix-portal';
export const dataDir = '/var/lib/postfix-portal';
export const logDir = '/var/log/postfix-portal';
export const mailLogPath = `${logDir}/mail.log`;
/** Where Maildirs lie (`virtual_mailbox_base`; the mailbox map's values are relative to it). */
export const mailBase = '/var/mail/vhosts';
/** The uid/gid mail is stored as (Debian's `mail`). */
export const mailUid = 8;
export const defaultPort = 25;

/** The main.cf of a Postfix whose virtual domains are the portal's tables (paths through `p`, the sandbox's on `local`). */
export function renderMainCf(p: (path: string) => string, opts: { port?: number; instance: boolean }): string {
  const map = (n: MapName) => `${n} = hash:${p(mapPath(n))}`;
  const instance = opts.instance
    ? [
        '# The private instance of this sandbox (written by the portal\'s local gateway).',
        `queue_directory = ${p(queueDir)}`,
        `data_directory = ${p(dataDir)}`,
        `maillog_file = ${p(mailLogPath)}`,
        `maillog_file_prefixes = ${p('/')}`.replace(/\/$/, ''),
        'syslog_name = postfix-portal',
        'inet_interfaces = 127.0.0.1',
        'inet_protocols = ipv4',
        'myhostname = mail.portal.invalid',
        'mydestination =',
        'mynetworks = 127.0.0.0/8',
        // It receives for the portal's domains only: not even loopback clients may relay through it.
        'smtpd_relay_restrictions = reject_unauth_destination',
        'alias_maps =',
        'alias_database =',
        'smtpd_banner = $myhostname ESMTP',
      ]
    : [];
  return `${[
    '# Written by the customer portal (Managed Center, E-Mail).',
    'compatibility_level = 3.6',
    ...instance,
    map('virtual_mailbox_domains'),
    map('virtual_mailbox_maps'),
    map('virtual_alias_maps'),
    map('sender_bcc_maps'),
    map('recipient_bcc_maps'),
    `virtual_mailbox_base = ${p(mailBase)}`,
    `virtual_uid_maps = static:${mailUid}`,
    `virtual_gid_maps = static:${mailUid}`,
    `virtual_minimum_uid = ${mailUid}`,
    'virtual_mailbox_limit = 0',
    'smtpd_reject_unlisted_recipient = yes',
  ].join('\n')}\n`;
}

/** The private instance's master.cf: SMTP on the sandbox's loopback port, the daemons a queued message needs, no chroot. */
export function renderMasterCf(port: number): string {
  // service type private unpriv chroot wakeup maxproc command — Debian's master.cf, every service without chroot.
  const services: [string, string, string, string, string, string, string][] = [
    [`127.0.0.1:${port}`, 'inet', 'n', '-', '-', '-', 'smtpd'],
    ['pickup', 'fifo', 'n', '-', '60', '1', 'pickup'],
    ['cleanup', 'unix', 'n', '-', '-', '0', 'cleanup'],
    ['qmgr', 'unix', 'n', '-', '300', '1', 'qmgr'],
    ['tlsmgr', 'unix', '-', '-', '1000?', '1', 'tlsmgr'],
    ['rewrite', 'unix', '-', '-', '-', '-', 'trivial-rewrite'],
    ['bounce', 'unix', '-', '-', '-', '0', 'bounce'],
    ['defer', 'unix', '-', '-', '-', '0', 'bounce'],
    ['trace', 'unix', '-', '-', '-', '0', 'bounce'],
    ['verify', 'unix', '-', '-', '-', '1', 'verify'],
    ['flush', 'unix', 'n', '-', '1000?', '0', 'flush'],
    ['proxymap', 'unix', '-', '-', '-', '-', 'proxymap'],
    ['smtp', 'unix', '-', '-', '-', '-', 'smtp'],
    ['relay', 'unix', '-', '-', '-', '-', 'smtp'],
    ['showq', 'unix', 'n', '-', '-', '-', 'showq'],
    ['error', 'unix', '-', '-', '-', '-', 'error'],
    ['retry', 'unix', '-', '-', '-', '-', 'error'],
    ['discard', 'unix', '-', '-', '-', '-', 'discard'],
    ['local', 'unix', '-', 'n', '-', '-', 'local'],
    ['virtual', 'unix', '-', 'n', '-', '-', 'virtual'],
    ['lmtp', 'unix', '-', '-', '-', '-', 'lmtp'],
    ['anvil', 'unix', '-', '-', '-', '1', 'anvil'],
    ['scache', 'unix', '-', '-', '-', '1', 'scache'],
    ['postlog', 'unix-dgram', 'n', '-', '-', '1', 'postlogd'],
  ];
  const lines = services.map(([name, type, priv, unpriv, wakeup, limit, cmd]) => [name.padEnd(20), type.padEnd(10), priv, unpriv, 'n', wakeup.padEnd(5), limit, cmd].join(' '));
  return `# Written by the portal's local gateway: the private Postfix of this sandbox (SMTP on loopback only).\n${lines.join('\n')}\n`;
}

/**
 * The MTA settings of the `postfix` module (relay host, restrictions, limits; `postconf` lines it owns and merges into
 * a real server's main.cf with `postconf -e`): main.cf has no include, so the private instance's main.cf appends them.
 */
export const mtaSettingsPath = `${postfixDir}/portal-mta/main.cf`;

/** The instance's own files (like a distribution's /etc/postfix); `mta`: the postfix module's lines, appended. */
export function instanceFiles(env: Pick<LocalEnv, 'hostPath'>, port: number, mta: string | null = null): ConfigFile[] {
  const extra = (mta ?? '').split('\n').filter((l) => /^[a-z_]+ =/.test(l));
  return [
    { path: mainCfPath, content: renderMainCf((x) => env.hostPath(x), { instance: true }) + extra.map((l) => `${l}\n`).join(''), mode: 0o644 },
    { path: masterCfPath, content: renderMasterCf(port), mode: 0o644 },
  ];
}

/** How Postfix (with the Dovecot passwd-file) is checked, reloaded and run. */
export const postfixProgram: ProgramDescriptor = {
  id: 'postfix',
  tool: 'postfix',
  paths: [`${mapsDir}/*`, dovecotPasswdPath, dovecotConfPath, `${dkimDir}/*`, `${stageDir}/**`],
  reads: [postfixDir, mainCfPath, masterCfPath, `${logDir}/*`],
  privileged: true,
  port: defaultPort,
  // Loaded when it runs: the generator reads this file for the paths alone.
  validate: async (gateway, files) => (await import('./check.ts')).checkMail(gateway, files),
  service: { unit: 'postfix', reload: 'reload' },
  local: {
    files: async (env) => instanceFiles(env, (await env.listenAddress('postfix', defaultPort)).port, await env.readFile(mtaSettingsPath)),
    dirs: [postfixDir, mapsDir, '/etc/dovecot/portal', '/etc/dovecot/conf.d', dkimDir, queueDir, logDir],
    // The master's data directory belongs to `postfix`, the Maildirs' base to `mail` (virtual(8) delivers as it).
    init: {
      tool: 'sh',
      args: (env) => ['-c', 'install -d -o postfix -g postfix -m 0700 "$1" && install -d -o mail -g mail -m 0770 "$2"', 'postfix-init', env.hostPath(dataDir), env.hostPath(mailBase)],
      creates: dataDir,
    },
    pidFile: `${queueDir}/pid/master.pid`,
    process: 'master',
    // `postfix start -c <dir>` is refused (options before the command only; the gateway puts `start` first): the
    // configuration directory goes in the environment, which `postfix` reads the same way.
    args: () => [],
    env: (env) => ({ MAIL_CONFIG: env.hostPath(postfixDir) }),
    start: ['start'],
    reload: ['reload'],
  },
};

export default definePrograms([postfixProgram]);
