/**
 * Renders the desired state of a server's protection. Pure: the same state gives the same files.
 *
 * - `/etc/fail2ban/jail.d/portal.conf`: the allow list (`ignoreip`, loopback always), the ban time increment, and
 *   a section for every jail of fail2ban's list the portal offers — the stored ones with their values, the others
 *   `enabled = false` (so a distribution default such as Debian's `[sshd] enabled = true` does not watch a service
 *   nobody asked for). Log paths, filters and actions stay fail2ban's own (`jail.conf`, `paths-*.conf`).
 * - `/etc/apache2/conf-enabled/portal-waf.conf`: ModSecurity with the OWASP Core Rule Set for the sites whose WAF is
 *   `detect` or `on`. The engine is on; a first rule switches it off for every other host, one rule per site sets
 *   its mode (`ctl:ruleEngine`) and removes its exceptions (`ctl:ruleRemoveById`), all in phase 1 before the CRS
 *   runs. Without such a site the file loads nothing.
 *
 * Every value has passed the contract and `rules.ts` (host names of `[a-z0-9.-]`, numbers, addresses in normal form).
 */
import type { ConfigFile } from '@portal/plugin-sdk/server';
import { allowList, ruleIds } from './rules.ts';

export const jailsPath = '/etc/fail2ban/jail.d/portal.conf';
export const wafPath = '/etc/apache2/conf-enabled/portal-waf.conf';
export const auditLogPath = '/var/log/apache2/modsec_audit.log';

/** The jails the portal offers: fail2ban's own (`jail.conf`), by the service whose log they read. */
export const jailNames = [
  'sshd', 'nginx-http-auth', 'nginx-botsearch', 'apache-auth', 'apache-badbots', 'apache-noscript',
  'postfix', 'postfix-sasl', 'dovecot', 'proftpd', 'pure-ftpd', 'mysqld-auth',
] as const;
export type JailName = (typeof jailNames)[number];

export interface JailState {
  jail: string;
  enabled: boolean;
  bantimeSeconds: number;
  maxretry: number;
  findtimeSeconds: number;
}
export interface WafSiteState {
  host: string;
  mode: string;
  exceptions: string;
}
export interface ProtectionState {
  settings: { ignoreIp: string; bantimeIncrement: boolean };
  jails: readonly JailState[];
  sites: readonly WafSiteState[];
}

const header = '# Managed by the customer portal (Managed Center, Protection). Changes made here are overwritten by the next apply.\n';
const loopback = ['127.0.0.1/8', '::1'];

export function renderJails(s: ProtectionState): string {
  const allow = allowList(s.settings.ignoreIp);
  if ('problem' in allow) throw new Error(`allow list: ${allow.problem}`);
  const lines = [header, '[DEFAULT]', `ignoreip = ${[...loopback, ...allow.addresses].join(' ')}`];
  if (s.settings.bantimeIncrement) lines.push('bantime.increment = true', 'bantime.factor = 2', 'bantime.maxtime = 604800');
  else lines.push('bantime.increment = false');
  for (const name of jailNames) {
    const j = s.jails.find((x) => x.jail === name);
    lines.push('', `[${name}]`);
    if (!j) lines.push('enabled = false');
    else
      lines.push(
        `enabled = ${j.enabled ? 'true' : 'false'}`,
        `bantime = ${Math.trunc(j.bantimeSeconds)}`,
        `maxretry = ${Math.trunc(j.maxretry)}`,
        `findtime = ${Math.trunc(j.findtimeSeconds)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

const hostPattern = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;
/** The first id of the portal's own rules (ModSecurity's range for local rules is 1–99 999). */
const firstRuleId = 10000;

export function renderWaf(s: ProtectionState, hostPath: (path: string) => string): string {
  const sites = s.sites.filter((x) => x.mode === 'detect' || x.mode === 'on').sort((a, b) => a.host.localeCompare(b.host));
  if (!sites.length) return `${header}# The web application firewall is off on every site: nothing is loaded.\n`;
  for (const site of sites) if (!hostPattern.test(site.host)) throw new Error(`not a host name: ${site.host}`);
  const escaped = sites.map((x) => x.host.replace(/\./g, '\\.')).join('|');
  const lines = [
    header,
    '<IfModule !unique_id_module>',
    '    LoadModule unique_id_module /usr/lib/apache2/modules/mod_unique_id.so',
    '</IfModule>',
    '<IfModule !security2_module>',
    '    LoadModule security2_module /usr/lib/apache2/modules/mod_security2.so',
    '</IfModule>',
    'SecRuleEngine On',
    'SecRequestBodyAccess On',
    'SecRequestBodyLimit 13107200',
    'SecRequestBodyNoFilesLimit 131072',
    'SecResponseBodyAccess Off',
    'SecTmpDir /tmp/',
    'SecDataDir /tmp/',
    'SecAuditEngine RelevantOnly',
    'SecAuditLogRelevantStatus "^(?:5|4(?!04))"',
    'SecAuditLogParts ABFHZ',
    'SecAuditLogType Serial',
    `SecAuditLog "${hostPath(auditLogPath)}"`,
    '',
    '# Every host not listed below: no rules run.',
    `SecRule SERVER_NAME "!@rx ^(?:${escaped})$" "id:${firstRuleId},phase:1,pass,nolog,t:none,t:lowercase,ctl:ruleEngine=Off"`,
  ];
  sites.forEach((site, i) => {
    const ids = ruleIds(site.exceptions);
    if ('problem' in ids) throw new Error(`exceptions of ${site.host}: ${ids.problem}`);
    const actions = [`id:${firstRuleId + 1 + i}`, 'phase:1', 'pass', 'nolog', 't:none', 't:lowercase', `ctl:ruleEngine=${site.mode === 'on' ? 'On' : 'DetectionOnly'}`, ...ids.ids.map((id) => `ctl:ruleRemoveById=${id}`)];
    lines.push(`# ${site.host}: ${site.mode === 'on' ? 'on' : 'detect only'}${ids.ids.length ? `, without ${ids.ids.join(', ')}` : ''}`);
    lines.push(`SecRule SERVER_NAME "@streq ${site.host}" "${actions.join(',')}"`);
  });
  lines.push('', '# The OWASP Core Rule Set as Debian installs it (modsecurity-crs).', 'Include /usr/share/modsecurity-crs/owasp-crs.load');
  return `${lines.join('\n')}\n`;
}

export function render(s: ProtectionState, hostPath: (path: string) => string): ConfigFile[] {
  return [
    { path: jailsPath, content: renderJails(s), mode: 0o644 },
    { path: wafPath, content: renderWaf(s, hostPath), mode: 0o644 },
  ];
}
