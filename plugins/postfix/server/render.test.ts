/** The renderer: every parameter always written (a merge also clears), the relay login only when complete, limits refused. */
import { defaultsOf } from '@portal/plugin-sdk';
import { config } from '../generated/config.ts';
import { mtaParameters, parameterLines, render } from './render.ts';
import { saslPasswdPath, settingsPath } from './program.ts';

const defaults = defaultsOf(config);
const c = { hostPath: (p: string) => `/sandbox${p}`, password: null };

it('renders every parameter with the defaults: no relay, no login, 10 MB, the sender restrictions', () => {
  const [main, sasl] = render(defaults, c);
  expect(main.path).toBe(settingsPath);
  expect(parameterLines(main.content)).toEqual([
    'relayhost =',
    'smtp_sasl_auth_enable = no',
    'smtp_sasl_password_maps =',
    'smtp_sasl_security_options = noanonymous',
    'smtp_tls_security_level = may',
    'message_size_limit = 10485760',
    'mailbox_size_limit = 51200000',
    'smtpd_sender_restrictions = reject_non_fqdn_sender, reject_unknown_sender_domain',
    'smtpd_reject_unlisted_sender = no',
    'smtpd_client_connection_rate_limit = 0',
    'smtpd_client_message_rate_limit = 0',
    'smtpd_client_recipient_rate_limit = 0',
    'smtpd_client_connection_count_limit = 50',
    'anvil_rate_time_unit = 60s',
  ]);
  expect(sasl).toMatchObject({ path: saslPasswdPath, mode: 0o600, secret: true });
  expect(sasl.content).not.toMatch(/^\[/m);
});

it('writes the relay login (texthash, TLS required) only with host, user and password; raises the mailbox limit', () => {
  const s = { ...defaults, relayHost: 'smtp.relay.example', relayPort: 2525, relayUser: 'web01@relay.example', messageSizeLimitMb: 100 };
  const [main, sasl] = render(s, { ...c, password: 's3cret!' });
  expect(main.content).toContain(
    'relayhost = [smtp.relay.example]:2525\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = texthash:/sandbox/etc/postfix/portal-mta/sasl_passwd\n',
  );
  expect(main.content).toContain('smtp_tls_security_level = encrypt\n');
  expect(main.content).toContain('message_size_limit = 104857600\nmailbox_size_limit = 104857600\n');
  expect(sasl.content).toContain('\n[smtp.relay.example]:2525 web01@relay.example:s3cret!\n');
  expect(render(s, c)[0].content).toContain('smtp_sasl_auth_enable = no\n');
});

it('refuses a value that could change the file structure, even past the contract', () => {
  expect(() => mtaParameters({ ...defaults, relayHost: 'a.example\nmynetworks = 0.0.0.0/0' }, c)).toThrow(/relayHost/);
  expect(() => mtaParameters({ ...defaults, clientMessageRateLimit: -1 }, c)).toThrow(/clientMessageRateLimit/);
  expect(() => mtaParameters(defaults, { ...c, password: 'with space' })).toThrow(/password/);
});
