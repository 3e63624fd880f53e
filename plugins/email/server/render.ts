/**
 * The mail domains, mailboxes and aliases of a server as Postfix's and Dovecot's files — pure, so the files panel
 * shows exactly what an apply writes:
 *
 * - `/etc/postfix/portal/virtual_mailbox_domains`: `domain OK` per domain (Postfix accepts mail for these);
 * - `…/virtual_mailbox_maps`: `address domain/local/` per mailbox (a Maildir below `virtual_mailbox_base`); any other
 *   address of a domain is refused at RCPT with 550 (`smtpd_reject_unlisted_recipient`);
 * - `…/virtual_alias_maps`: `address target, target` per alias, `@domain targets` for a catch-all — and, in a domain
 *   with a catch-all, `address address` for each mailbox, since Postfix reads the alias table first and the catch-all
 *   would otherwise take the mailboxes' mail too;
 * - `…/sender_bcc_maps`, `…/recipient_bcc_maps`: `address bcc` per mailbox with a BCC, `@domain bcc` per domain with
 *   one; Postfix looks up the address first, so a mailbox's BCC takes the place of its domain's (one copy per message);
 * - `/etc/dovecot/portal/passwd` (secret, 0640): `address:{SHA512-CRYPT}$6$…::::::userdb_quota_rule=*:storage=<n>M`;
 * - `/etc/dovecot/conf.d/90-portal-mail.conf`: passdb and userdb from that file;
 * - `/etc/dkimkeys/portal/<domain>.<selector>.private` (secret, 0600): each domain's DKIM key for the signer.
 *
 * Every value passed the contract's patterns and the rules; the renderer checks them again, so nothing stored can add
 * a line or a field (a space or a newline in an address, a `:` in a hash).
 */
import type { ConfigFile } from '@portal/plugin-sdk/gateway';
import { fieldPattern } from '@portal/plugin-sdk/resources';
import { mailboxResource, mailDomainResource } from '../generated/resources.ts';
import { addressPattern, destinationsOf } from './rules.ts';
import { dkimDir, dovecotConfPath, dovecotPasswdPath, mailBase, mapPath, type MapName } from './program.ts';

const domainName = fieldPattern(mailDomainResource.fields.name)!;
const selector = fieldPattern(mailDomainResource.fields.dkimSelector)!;
const localPart = fieldPattern(mailboxResource.fields.localPart)!;
const hashPattern = /^\$6\$[./0-9A-Za-z]{1,16}\$[./0-9A-Za-z]{86}$/;
const pemPattern = /^-----BEGIN PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+-----END PRIVATE KEY-----\n?$/;

export interface RenderableDomain {
  id: number;
  name: string;
  dkimSelector: string;
  dkimPrivateKey: string;
  senderBcc: string;
  recipientBcc: string;
}
export interface RenderableMailbox {
  id: number;
  domainId: number;
  localPart: string;
  quotaMb: number;
  senderBcc: string;
  recipientBcc: string;
  passwordHash: string;
}
export interface RenderableAlias {
  id: number;
  domainId: number;
  localPart: string;
  destinations: string;
}
export interface MailState {
  domains: readonly RenderableDomain[];
  mailboxes: readonly RenderableMailbox[];
  aliases: readonly RenderableAlias[];
}

const refuse = (what: string): never => {
  throw new Error(`email ${what}: value not allowed`);
};
const bccOk = (b: string) => b === '' || addressPattern.test(b);

function checkedDomain(d: RenderableDomain): RenderableDomain {
  if (!domainName.test(d.name) || !selector.test(d.dkimSelector) || !bccOk(d.senderBcc) || !bccOk(d.recipientBcc) || !pemPattern.test(d.dkimPrivateKey)) refuse(`domain ${d.id}`);
  return d;
}

/** The addresses of the state, each resolved to its domain (entries of a missing domain are left out). */
function resolve(state: MailState) {
  const domains = new Map(state.domains.map((d) => [d.id, checkedDomain(d)]));
  const mailboxes = state.mailboxes.flatMap((m) => {
    const d = domains.get(m.domainId);
    if (!d) return [];
    if (!localPart.test(m.localPart) || !hashPattern.test(m.passwordHash) || !bccOk(m.senderBcc) || !bccOk(m.recipientBcc) || !Number.isInteger(m.quotaMb) || m.quotaMb < 0) refuse(`mailbox ${m.id}`);
    return [{ ...m, domain: d.name, address: `${m.localPart}@${d.name}` }];
  });
  const aliases = state.aliases.flatMap((a) => {
    const d = domains.get(a.domainId);
    if (!d) return [];
    const targets = destinationsOf(a.destinations);
    if ((a.localPart !== '' && !localPart.test(a.localPart)) || targets.length === 0 || !targets.every((t) => addressPattern.test(t))) refuse(`alias ${a.id}`);
    return [{ ...a, domain: d.name, key: a.localPart === '' ? `@${d.name}` : `${a.localPart}@${d.name}`, targets }];
  });
  return { domains: [...domains.values()], mailboxes, aliases };
}

const table = (rows: [string, string][]): string =>
  [...rows]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k} ${v}\n`)
    .join('');

/** The five Postfix lookup tables (text, as `postmap` reads them). */
export function renderMaps(state: MailState): Record<MapName, string> {
  const r = resolve(state);
  const catchAll = new Set(r.aliases.filter((a) => a.localPart === '').map((a) => a.domain));
  const bcc = (f: 'senderBcc' | 'recipientBcc'): [string, string][] => [
    ...r.mailboxes.filter((m) => m[f] !== '').map((m): [string, string] => [m.address, m[f]]),
    ...r.domains.filter((d) => d[f] !== '').map((d): [string, string] => [`@${d.name}`, d[f]]),
  ];
  return {
    virtual_mailbox_domains: table(r.domains.map((d) => [d.name, 'OK'])),
    virtual_mailbox_maps: table(r.mailboxes.map((m) => [m.address, `${m.domain}/${m.localPart}/`])),
    virtual_alias_maps: table([
      ...r.aliases.map((a): [string, string] => [a.key, a.targets.join(',')]),
      ...r.mailboxes.filter((m) => catchAll.has(m.domain)).map((m): [string, string] => [m.address, m.address]),
    ]),
    sender_bcc_maps: table(bcc('senderBcc')),
    recipient_bcc_maps: table(bcc('recipientBcc')),
  };
}

/** Dovecot's passwd-file: one line per mailbox, the SHA512-CRYPT hash and the quota as a userdb field. */
export function renderPasswd(state: MailState): string {
  return resolve(state)
    .mailboxes.sort((a, b) => (a.address < b.address ? -1 : 1))
    .map((m) => `${m.address}:{SHA512-CRYPT}${m.passwordHash}::::::${m.quotaMb > 0 ? `userdb_quota_rule=*:storage=${m.quotaMb}M` : ''}\n`)
    .join('');
}

/** Dovecot's snippet: logins and users from the passwd-file, Maildirs where Postfix's `virtual` delivers. */
export function renderDovecotConf(hostPath: (p: string) => string): string {
  return `# Written by the customer portal (Managed Center, E-Mail). Changes here are overwritten.
passdb {
  driver = passwd-file
  args = scheme=SHA512-CRYPT username_format=%u ${hostPath(dovecotPasswdPath)}
}
userdb {
  driver = passwd-file
  args = username_format=%u ${hostPath(dovecotPasswdPath)}
  default_fields = uid=mail gid=mail home=${hostPath(mailBase)}/%d/%n
}
mail_location = maildir:~
`;
}

export const dkimKeyPath = (d: Pick<RenderableDomain, 'name' | 'dkimSelector'>): string => `${dkimDir}/${d.name}.${d.dkimSelector}.private`;

/** Every file of the plugin. */
export function renderFiles(state: MailState, env: { hostPath(p: string): string }): ConfigFile[] {
  const maps = renderMaps(state);
  return [
    ...(Object.keys(maps) as MapName[]).map((n): ConfigFile => ({ path: mapPath(n), content: maps[n], mode: 0o644 })),
    { path: dovecotPasswdPath, content: renderPasswd(state), mode: 0o640, secret: true },
    { path: dovecotConfPath, content: renderDovecotConf((p) => env.hostPath(p)), mode: 0o644 },
    ...[...state.domains]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map(checkedDomain)
      .map((d): ConfigFile => ({ path: dkimKeyPath(d), content: d.dkimPrivateKey, mode: 0o600, secret: true })),
  ];
}
