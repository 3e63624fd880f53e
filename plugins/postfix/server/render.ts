/**
 * Settings → the module's files, pure (the same settings give the same files, so the files panel shows exactly what
 * an apply writes). Every value has passed the contract's limits (host names, logins and passwords from their
 * patterns, numbers within their range), and each is checked here again: nothing typed can add a line or a
 * parameter to `main.cf`.
 */
import type { ConfigFile } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import { saslPasswdPath, settingsPath } from './program.ts';

const MB = 1024 * 1024;
/** Postfix's default `mailbox_size_limit`; local(8) refuses to run with one below `message_size_limit`. */
export const defaultMailboxLimit = 51_200_000;

const patternOf = (name: 'relayHost' | 'relayUser') => new RegExp((config.fields[name] as { pattern: string }).pattern, 'u');
const passwordPattern = /^[!-~]{1,256}$/;

/** The relay as Postfix names it: `[host]:port` (brackets: no MX lookup of the relay's name). */
export const relayOf = (s: Pick<Settings, 'relayHost' | 'relayPort'>) => (s.relayHost ? `[${s.relayHost}]:${s.relayPort}` : '');

/** Whether the relay login is complete (a relay host, a user and a password). */
export const loginOf = (s: Settings, password: string | null) => !!(s.relayHost && s.relayUser && password);

/** The `main.cf` parameters this module owns, in the order they are written (every one always, so a merge also clears). */
export function mtaParameters(s: Settings, c: { hostPath(path: string): string; password: string | null }): [string, string][] {
  for (const name of ['relayHost', 'relayUser'] as const)
    if (!patternOf(name).test(s[name])) throw new Error(`postfix: ${name} is not valid`);
  if (c.password !== null && !passwordPattern.test(c.password)) throw new Error('postfix: the relay password is not valid');
  for (const [name, field] of Object.entries(config.fields))
    if (
      field.type === 'integer' &&
      !(
        Number.isInteger(s[name as keyof Settings]) &&
        (s[name as keyof Settings] as number) >= (field.minimum ?? 0) &&
        (s[name as keyof Settings] as number) <= (field.maximum ?? Infinity)
      )
    )
      throw new Error(`postfix: ${name} is out of range`);
  const login = loginOf(s, c.password);
  const size = s.messageSizeLimitMb * MB;
  const restrictions = [s.rejectNonFqdnSender && 'reject_non_fqdn_sender', s.rejectUnknownSenderDomain && 'reject_unknown_sender_domain']
    .filter(Boolean)
    .join(', ');
  return [
    ['relayhost', relayOf(s)],
    ['smtp_sasl_auth_enable', login ? 'yes' : 'no'],
    ['smtp_sasl_password_maps', login ? `texthash:${c.hostPath(saslPasswdPath)}` : ''],
    ['smtp_sasl_security_options', 'noanonymous'],
    ['smtp_tls_security_level', s.relayHost && s.relayRequireTls ? 'encrypt' : 'may'],
    ['message_size_limit', String(size)],
    ['mailbox_size_limit', String(Math.max(defaultMailboxLimit, size))],
    ['smtpd_sender_restrictions', restrictions],
    ['smtpd_reject_unlisted_sender', s.rejectUnlistedSender ? 'yes' : 'no'],
    ['smtpd_client_connection_rate_limit', String(s.clientConnectionRateLimit)],
    ['smtpd_client_message_rate_limit', String(s.clientMessageRateLimit)],
    ['smtpd_client_recipient_rate_limit', String(s.clientRecipientRateLimit)],
    ['smtpd_client_connection_count_limit', String(s.clientConnectionCountLimit)],
    ['anvil_rate_time_unit', `${s.rateTimeUnitSeconds}s`],
  ];
}

/** The lines of a settings file (`name = value`), for `postconf -e`. */
export const parameterLines = (text: string): string[] => text.split('\n').filter((l) => /^[a-z_]+ =/.test(l));

export function render(s: Settings, c: { hostPath(path: string): string; password: string | null }): ConfigFile[] {
  const lines = mtaParameters(s, c).map(([name, value]) => (value ? `${name} = ${value}` : `${name} =`));
  const main = ['# Written by the customer portal (Managed Center, Postfix): merged into main.cf (postconf -e).', ...lines].join('\n');
  const sasl = loginOf(s, c.password) ? `${relayOf(s)} ${s.relayUser}:${c.password}\n` : '';
  return [
    { path: settingsPath, content: `${main}\n`, mode: 0o644 },
    {
      path: saslPasswdPath,
      content: `# Written by the customer portal (Managed Center, Postfix): the relay login.\n${sasl}`,
      mode: 0o600,
      secret: true,
    },
  ];
}
