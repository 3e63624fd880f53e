import { parseAuditLog } from './audit.ts';
import { parseJailList, parseJailStatus } from './bans.ts';
import { renderJails, renderWaf } from './render.ts';
import { allowed, allowList, ruleIds } from './rules.ts';

const id = (p: string) => `/sandbox${p}`;

describe('protection render and rules', () => {
  it('renders every offered jail: stored ones with their values, the others off; the allow list normalised', () => {
    const text = renderJails({
      settings: { ignoreIp: '10.1.2.3/8,  2001:db8::7 10.0.0.0/8', bantimeIncrement: true },
      jails: [{ jail: 'apache-auth', enabled: false, bantimeSeconds: 60, maxretry: 3, findtimeSeconds: 120 }],
      sites: [],
    });
    expect(text).toContain('ignoreip = 127.0.0.1/8 ::1 10.0.0.0/8 2001:db8::7\nbantime.increment = true\n');
    expect(text).toContain('[apache-auth]\nenabled = false\nbantime = 60\nmaxretry = 3\nfindtime = 120\n');
    expect(text).toContain('[sshd]\nenabled = false\n');
  });

  it('renders the WAF: nothing loaded without a site on; otherwise off for other hosts, each site its mode and exceptions', () => {
    expect(renderWaf({ settings: { ignoreIp: '', bantimeIncrement: false }, jails: [], sites: [{ host: 'a.example', mode: 'off', exceptions: '' }] }, id)).not.toContain('LoadModule');
    const text = renderWaf(
      { settings: { ignoreIp: '', bantimeIncrement: false }, jails: [], sites: [{ host: 'b.example', mode: 'detect', exceptions: '942100' }, { host: 'a.example', mode: 'on', exceptions: '' }] },
      id,
    );
    expect(text).toContain('SecAuditLog "/sandbox/var/log/apache2/modsec_audit.log"');
    expect(text).toContain('SecRule SERVER_NAME "!@rx ^(?:a\\.example|b\\.example)$" "id:10000,');
    expect(text).toContain('"@streq a.example" "id:10001,phase:1,pass,nolog,t:none,t:lowercase,ctl:ruleEngine=On"');
    expect(text).toContain('"@streq b.example" "id:10002,phase:1,pass,nolog,t:none,t:lowercase,ctl:ruleEngine=DetectionOnly,ctl:ruleRemoveById=942100"');
    expect(() => renderWaf({ settings: { ignoreIp: '', bantimeIncrement: false }, jails: [], sites: [{ host: 'x" y', mode: 'on', exceptions: '' }] }, id)).toThrow();
  });

  it('validates addresses and rule ids', () => {
    expect(allowList('192.0.2.1, 10.1')).toEqual({ problem: 'address_format', value: '10.1' });
    expect(allowList(Array.from({ length: 51 }, (_, i) => `192.0.2.${i}`).join(' '))).toEqual({ problem: 'too_many' });
    expect(allowed('192.0.2.99', ['192.0.2.0/24'])).toBe(true);
    expect(allowed('2001:db8::1', ['192.0.2.0/24'])).toBe(false);
    expect(ruleIds('942100, 200002 942100')).toEqual({ ids: [200002, 942100] });
    expect(ruleIds('10001')).toEqual({ problem: 'rule_id' });
  });

  it('parses fail2ban status and the ModSecurity audit log', () => {
    expect(parseJailList('Status\n|- Number of jail:\t2\n`- Jail list:\tsshd, apache-auth\n')).toEqual(['sshd', 'apache-auth']);
    expect(parseJailStatus('sshd', '|  |- Currently failed:\t2\n   |- Total banned:\t3\n   `- Banned IP list:\t203.0.113.5 2001:db8::5\n')).toEqual({
      jail: 'sshd',
      currentlyFailed: 2,
      totalBanned: 3,
      banned: ['203.0.113.5', '2001:db8::5'],
    });
    const log = [
      '--abc-A--',
      '[28/Nov/2026:23:50:00 +0000] ZZx1 127.0.0.1 50000 127.0.0.1 80',
      '--abc-B--',
      "GET /?id=1'%20OR%201=1 HTTP/1.1",
      'Host: shop.example.com:8080',
      '--abc-F--',
      'HTTP/1.1 403 Forbidden',
      '--abc-H--',
      'Message: Warning. detected SQLi using libinjection. [file "x"] [line "1"] [id "942100"] [msg "SQL Injection Attack Detected via libinjection"]',
      'Message: Access denied with code 403 (phase 2). [id "949110"] [msg "Inbound Anomaly Score Exceeded"]',
      '--abc-Z--',
    ].join('\n');
    expect(parseAuditLog(log)).toEqual([
      {
        id: 'ZZx1',
        time: '28/Nov/2026:23:50:00 +0000',
        client: '127.0.0.1',
        host: 'shop.example.com',
        method: 'GET',
        uri: "/?id=1'%20OR%201=1",
        status: 403,
        rules: [
          { id: 942100, message: 'SQL Injection Attack Detected via libinjection' },
          { id: 949110, message: 'Inbound Anomaly Score Exceeded' },
        ],
      },
    ]);
  });
});
